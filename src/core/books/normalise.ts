// Normalisation of one upstream record: grade an integer 1–12 or null, ISO 639-1 language
// codes from the mixed en/eng/ne/nep/"english" forms, canonical subject names, safe URLs,
// every contract field present. Structural errors are caught before, by the input schema.
// The spellings of one value are in spellings.ts, one normaliser per field in record-fields.ts,
// the oddities counted in oddities.ts, the upstream's known fields in upstream-fields.ts.

import { firstPdf, parseSize, recordFiles } from './files.ts';
import { BOOK_FIELDS, type Book } from './types.ts';
import { hasLoneSurrogate, wellFormed } from '../text.ts';
import { publishUrls } from '../url-policy.ts';
import { type Oddity, urlOddity } from './oddities.ts';
import { isBikramSambatYear } from './upstream-fields.ts';
import * as field from './record-fields.ts';

export * from './spellings.ts';
export * from './oddities.ts';
export * from './upstream-fields.ts';

// ---------------------------------------------------------------- URLs
// Which URLs are kept is the URL policy's (core/url-policy.ts), for every field of a record.

/**
 * The identity of the document a URL points at, for duplicate detection: host without
 * www., path without a trailing slash, the query kept, scheme and fragment ignored.
 * A bare site root (https://moecdc.gov.np) names no document: undefined.
 */
export function documentKey(url: string | null): string | undefined {
  if (!url || !/^https?:\/\//i.test(url)) return undefined;
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return undefined;
  }
  const path = u.pathname.replace(/\/+$/, '');
  if (!path && !u.search) return undefined;
  return `${u.hostname.toLowerCase().replace(/^www\./, '')}${path}${u.search}`;
}

// ---------------------------------------------------------------- records

/** Names the build computes itself: never passed through from the input. */
const COMPUTED = new Set(['alternates', 'sourceCoverUrl', 'detailUrl']);
const CONTRACT: readonly string[] = BOOK_FIELDS;
const KNOWN_EXTRAS = new Set(['titleLocal', 'description', 'publishedYear', 'chapters', 'pageCount', 'scrapedAt']);
/** Fields we serve in a form of our own (the contract's, and the extras normalised): the published value goes to `upstream` when it differs. */
const NORMALISED = new Set([...CONTRACT, ...KNOWN_EXTRAS]);

/** JSON equality of two plain values. */
const same = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

export interface NormalisedRecord {
  /** coverUrl is '' until the cover step fills it */
  book: Book;
  /** the upstream's own local cover (`/covers/<file>`), to reuse when its file is at hand */
  upstreamCover?: string;
  /** where the record came from, for messages */
  file: string;
  index: number;
}

/** The record with lone surrogates replaced in every string and list of strings; `found` says if there were any. */
function repairText(raw: Record<string, unknown>): { raw: Record<string, unknown>; found: boolean } {
  let found = false;
  const fix = (v: unknown): unknown => {
    if (typeof v === 'string') return hasLoneSurrogate(v) ? ((found = true), wellFormed(v)) : v;
    return Array.isArray(v) ? v.map(fix) : v;
  };
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) out[wellFormed(k)] = fix(v);
  return { raw: out, found };
}

/**
 * One record (already checked against the input schema) → a Book with every contract field.
 * `note` receives each recoverable oddity.
 */
export function normaliseRecord(
  raw: Record<string, unknown>,
  ctx: { file: string; index: number; fileSource?: string },
  note: (kind: Oddity) => void,
): NormalisedRecord {
  // Every URL of the record, at any depth, through the one URL policy: what is dropped is dropped
  // everywhere the record is published again (its fields, files, lists and the `upstream` copy).
  const readUrlNull = raw.readUrl === null;
  const published = publishUrls(raw, (why) => note(urlOddity(why)));
  const repaired = repairText(published);
  if (repaired.found) note('lone-surrogate-replaced');
  const r = new field.FieldReader(repaired.raw, note);
  const [title, author, grade, subject, language] = [field.titleOf(r), field.authorOf(r), field.gradeOf(r), field.subjectOf(r), field.languageOf(r)];
  const source = field.sourceOf(r, ctx.fileSource);
  const keywords = field.keywordsOf(r);
  const { upstreamCover, sourceCoverUrl } = field.coverOf(r);
  if (readUrlNull) note('read-url-null');
  for (const k of ['sourceUrl', 'readUrl', 'pdfUrl']) r.oddUnlessString(k);

  const book: Book = {
    id: (r.raw.id as string).trim(),
    title,
    author,
    grade,
    subject,
    language,
    country: r.strField('country')?.toLowerCase() ?? null,
    curriculum: r.strField('curriculum'),
    source,
    sourceUrl: r.url(r.raw.sourceUrl),
    readUrl: r.url(r.raw.readUrl),
    pdfUrl: r.url(r.raw.pdfUrl),
    coverUrl: '',
    category: r.filterValue(r.strField('category')),
    keywords,
  };
  field.addExtras(r, book);
  if (sourceCoverUrl) book.sourceCoverUrl = sourceCoverUrl;
  passThrough(r, book);
  addFiles(r, book);
  const upstream = upstreamCopy(published, book);
  if (upstream) book.upstream = upstream;

  const out: NormalisedRecord = { book, file: ctx.file, index: ctx.index };
  if (upstreamCover) out.upstreamCover = upstreamCover;
  return out;
}

/** Every other upstream field passes through as published, objects and lists of objects included. */
function passThrough({ raw, note }: field.FieldReader, book: Book): void {
  for (const [k, v] of Object.entries(raw)) {
    if (CONTRACT.includes(k) || KNOWN_EXTRAS.has(k) || COMPUTED.has(k) || k === 'files' || k === 'upstream' || v === undefined) continue;
    // `sample` is typed in the served schema (found by the property tests: `"sample": null` failed the build's self-check).
    if (k === 'sample' && typeof v !== 'boolean') {
      note('extra-field-dropped');
      continue;
    }
    if (v !== null && typeof v === 'object' && !(Array.isArray(v) && v.every((x) => x === null || typeof x !== 'object'))) note('object-field-kept');
    book[k] = v;
  }
  // Oddities of the values kept as published.
  if (Array.isArray(raw.downloadUrl)) note('download-url-list');
  const sizes = [raw.fileSize, ...(Array.isArray(raw.question_papers) ? raw.question_papers.map((p) => (p as { fileSize?: unknown } | null)?.fileSize) : [])];
  if (sizes.some((s) => field.isStr(s) && parseSize(s) !== undefined && /[a-z]/i.test(s))) note('file-size-text');
  if (Array.isArray(raw.question_papers) && raw.question_papers.some((p) => isBikramSambatYear((p as { year?: unknown } | null)?.year)))
    note('year-bikram-sambat');
}

/** One list of files; pdfUrl from it for the clients that read only pdfUrl. */
function addFiles({ raw, note }: field.FieldReader, book: Book): void {
  const files = recordFiles(raw);
  if (files.some((f) => f.url.split('').some((c) => c.charCodeAt(0) > 0x7e))) note('url-non-ascii');
  else if (field.isStr(raw.coverUrl) && /[^\x00-\x7e]/.test(raw.coverUrl)) note('url-non-ascii');
  book.files = files;
  if (!book.pdfUrl) {
    const pdf = firstPdf(files);
    if (pdf) {
      book.pdfUrl = pdf;
      note('pdf-url-from-files');
    }
  }
}

/** The published value of every field we serve in a form of our own, when it differs. */
function upstreamCopy(published: Record<string, unknown>, book: Book): Record<string, unknown> | undefined {
  const upstream: Record<string, unknown> = {};
  // coverUrl always: the build replaces it by the local cover (and drops this copy when the two agree).
  for (const [k, v] of Object.entries(published)) if (NORMALISED.has(k) && (k === 'coverUrl' || !same(book[k], v))) upstream[k] = v;
  if (published.sample !== undefined && typeof published.sample !== 'boolean') upstream.sample = published.sample;
  return Object.keys(upstream).length ? upstream : undefined;
}
