// Normalisation of one upstream record: grade an integer 1–12 or null, ISO 639-1 language
// codes from the mixed en/eng/ne/nep/"english" forms, canonical subject names, safe URLs,
// every contract field present. Structural errors are caught before, by the input schema.

import { firstPdf, parseSize, recordFiles } from './files.ts';
import { foldText, words } from './fold.ts';
import { canonicalSource } from './sources.ts';
import { BOOK_FIELDS, type Book } from './types.ts';
import { hasLoneSurrogate, wellFormed } from '../text.ts';
import { publishUrl, publishUrls, type UrlDrop } from '../url-policy.ts';

export const MIN_GRADE = 1;
export const MAX_GRADE = 12;

// ---------------------------------------------------------------- languages

/** ISO 639-1 code (or ISO 639-2/3 where 639-1 has none) for every spelling we have met or expect. */
const LANGUAGE_NAMES: Record<string, string[]> = {
  en: ['eng', 'english', 'अंग्रेजी', 'अङ्ग्रेजी', 'angreji'],
  ne: ['nep', 'nepali', 'नेपाली', 'khas', 'gorkhali'],
  hi: ['hin', 'hindi', 'हिन्दी', 'हिंदी'],
  sa: ['san', 'sanskrit', 'संस्कृत'],
  bo: ['tib', 'bod', 'tibetan'],
  bn: ['ben', 'bengali', 'bangla'],
  ur: ['urd', 'urdu'],
  fr: ['fre', 'fra', 'french'],
  de: ['ger', 'deu', 'german'],
  el: ['gre', 'ell', 'greek'],
  es: ['spa', 'spanish'],
  ja: ['jpn', 'japanese'],
  zh: ['chi', 'zho', 'chinese'],
  ru: ['rus', 'russian'],
  it: ['ita', 'italian'],
  la: ['lat', 'latin'],
  // No ISO 639-1 code: the ISO 639-2/3 code stands.
  new: ['newari', 'newar', 'nepal bhasa', 'nepal bhasha', 'नेपाल भाषा', 'नेवारी'],
  mai: ['maithili', 'मैथिली'],
  bho: ['bhojpuri', 'भोजपुरी'],
  awa: ['awadhi', 'अवधी'],
  tmg: ['tamang', 'तामाङ'],
  thl: ['tharu', 'थारु'],
  lif: ['limbu', 'लिम्बु'],
  gvr: ['gurung', 'गुरुङ'],
  mgp: ['magar', 'मगर'],
  sit: ['sino-tibetan'],
  mul: ['multiple'],
  und: ['undetermined', 'unknown'],
};

const LANGUAGE = new Map<string, string>();
for (const [code, names] of Object.entries(LANGUAGE_NAMES)) {
  LANGUAGE.set(code, code);
  for (const n of names) LANGUAGE.set(words(n).join(' '), code);
}

export type LanguageOutcome = { code: string; kind: 'iso639-1' | 'other-code' } | { code: null; kind: 'unknown' | 'empty' };

/** One language spelling → its code: `eng`, `English`, `en-US`, `नेपाली` → en/ne; `sit` stays `sit`. */
export function normaliseLanguage(raw: string): LanguageOutcome {
  const key = words(raw).join(' ');
  if (!key) return { code: null, kind: 'empty' };
  const region = /^([a-z]{2,3})(?: [a-z]{2,4})?$/.exec(key.replace(/_/g, ' '));
  const hit = LANGUAGE.get(key) ?? (region ? LANGUAGE.get(region[1]!) : undefined);
  if (hit) return { code: hit, kind: hit.length === 2 ? 'iso639-1' : 'other-code' };
  if (region && region[1]!.length === 2) return { code: region[1]!, kind: 'iso639-1' };
  if (region) return { code: region[1]!, kind: 'other-code' };
  return { code: null, kind: 'unknown' };
}

// ---------------------------------------------------------------- subjects

interface SubjectInfo {
  name: string;
  /** the name in Nepali, indexed beside the English one so either script finds the book */
  local: string;
  synonyms: string[];
}

export const SUBJECTS: readonly SubjectInfo[] = [
  { name: 'Nepali', local: 'नेपाली', synonyms: ['nepali language', 'compulsory nepali'] },
  { name: 'English', local: 'अंग्रेजी', synonyms: ['अङ्ग्रेजी', 'compulsory english'] },
  { name: 'Mathematics', local: 'गणित', synonyms: ['math', 'maths', 'compulsory mathematics'] },
  { name: 'Science', local: 'विज्ञान', synonyms: ['science and technology', 'विज्ञान तथा प्रविधि'] },
  { name: 'Social Studies', local: 'सामाजिक अध्ययन', synonyms: ['social', 'social study', 'सामाजिक'] },
  { name: 'Health', local: 'स्वास्थ्य', synonyms: ['health and physical education', 'health physical and creative arts', 'स्वास्थ्य तथा शारीरिक शिक्षा'] },
  { name: 'Hamro Serofero', local: 'हाम्रो सेरोफेरो', synonyms: ['serofero', 'serophero', 'hamro serophero', 'our surroundings'] },
  { name: 'Sanskrit', local: 'संस्कृत', synonyms: [] },
  { name: 'Computer', local: 'कम्प्युटर', synonyms: ['computer science', 'कम्प्युटर विज्ञान'] },
  { name: 'Accountancy', local: 'लेखा', synonyms: ['accounting', 'account', 'accounts'] },
  { name: 'Economics', local: 'अर्थशास्त्र', synonyms: [] },
  { name: 'Physics', local: 'भौतिकशास्त्र', synonyms: ['भौतिक विज्ञान'] },
  { name: 'Chemistry', local: 'रसायनशास्त्र', synonyms: ['रसायन विज्ञान'] },
  { name: 'Biology', local: 'जीवविज्ञान', synonyms: [] },
  { name: 'Moral Education', local: 'नैतिक शिक्षा', synonyms: ['moral'] },
  { name: 'Environment', local: 'वातावरण', synonyms: ['environment science', 'environmental studies'] },
  { name: 'Geography', local: 'भूगोल', synonyms: [] },
  { name: 'History', local: 'इतिहास', synonyms: [] },
];

const SUBJECT = new Map<string, SubjectInfo>();
for (const s of SUBJECTS) for (const n of [s.name, s.local, ...s.synonyms]) SUBJECT.set(words(n).join(' '), s);

/** The canonical subject for any spelling (`maths`, `गणित` → Mathematics); an unlisted subject is kept with its spacing tidied. */
export function normaliseSubject(raw: string): { name: string | null; listed: boolean } {
  const tidy = raw.replace(/\s+/g, ' ').trim();
  if (!tidy) return { name: null, listed: false };
  const hit = SUBJECT.get(words(tidy).join(' '));
  return hit ? { name: hit.name, listed: true } : { name: tidy, listed: false };
}

/** The Nepali name of a canonical subject, for the search index. */
export const subjectLocalName = (name: string): string | undefined => SUBJECT.get(words(name).join(' '))?.local;

// ---------------------------------------------------------------- grades

export type GradeOutcome = { grade: number } | { error: 'not-a-number' | 'out-of-range' };

/** `5`, `"05"`, `"Grade 5"`, `"class 5"`, `"कक्षा ५"`, `"५"` → 5; range 1–12. */
export function parseGrade(raw: string | number): GradeOutcome {
  let n: number;
  if (typeof raw === 'number') {
    if (!Number.isInteger(raw)) return { error: 'not-a-number' };
    n = raw;
  } else {
    const m = /^(?:(?:grade|class|कक्षा|kaksha)\s*[-:.]?\s*)?([+-]?\d{1,6})$/.exec(foldText(raw).trim().replace(/\s+/g, ' '));
    if (!m) return { error: 'not-a-number' };
    n = Number(m[1]);
  }
  return n >= MIN_GRADE && n <= MAX_GRADE ? { grade: n } : { error: 'out-of-range' };
}

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

/** The longest value a query may filter by (subject, source, language, category); the build shortens longer ones, so every value the catalog lists can be asked for. */
export const MAX_FILTER_LENGTH = 100;

/** Recoverable oddities, counted and reported in the build summary. */
export type Oddity =
  | 'grade-missing'
  | 'grade-from-text'
  | 'grade-unreadable'
  | 'grade-out-of-range'
  | 'language-recoded'
  | 'language-not-iso639-1'
  | 'language-unknown'
  | 'language-several'
  | 'subject-missing'
  | 'subject-renamed'
  | 'subject-unlisted'
  | 'url-dropped'
  | 'url-saved-file'
  | 'author-list-joined'
  | 'keywords-tidied'
  | 'title-tidied'
  | 'published-year-trimmed'
  | 'extra-field-dropped'
  | 'source-from-file-name'
  | 'filter-value-shortened'
  | 'lone-surrogate-replaced'
  | 'source-missing'
  | 'field-wrong-type'
  | 'page-count-text'
  | 'page-count-unreadable'
  | 'file-size-text'
  | 'year-bikram-sambat'
  | 'level-instead-of-grade'
  | 'read-url-null'
  | 'cover-empty'
  | 'cover-site-relative'
  | 'url-non-ascii'
  | 'download-url-list'
  | 'pdf-url-from-files'
  | 'object-field-kept';

export const ODDITY_TEXT: Record<Oddity, string> = {
  'grade-missing': 'no grade (kept, grade null)',
  'grade-from-text': 'grade given as text ("5", "Grade 5", "कक्षा ५"), read as a number',
  'grade-unreadable': 'grade that is not a number (grade set to null)',
  'grade-out-of-range': 'grade outside 1–12 (grade set to null)',
  'language-recoded': 'language spelt otherwise (eng, nep, English…), recoded to ISO 639-1',
  'language-not-iso639-1': 'language with no ISO 639-1 code, kept as its ISO 639-2/3 code',
  'language-unknown': 'language not recognised (language set to null)',
  'language-several': 'several languages given, the first recognised kept',
  'subject-missing': 'no subject (kept, subject null)',
  'subject-renamed': 'subject spelt otherwise, renamed to the canonical name',
  'subject-unlisted': 'subject not in the canonical list, kept as published',
  'url-dropped':
    'unsafe URL (a scheme other than http(s), control or invisible characters, backslashes, an encoded scheme or host: core/url-policy.ts), dropped',
  'url-saved-file': "URL into the app's own /api/books/saved-file (a reader's saved copy, served from the app's origin), dropped",
  'author-list-joined': 'author given as a list, joined with "; "',
  'keywords-tidied': 'blank or repeated keywords removed',
  'title-tidied': 'white space in a title or local title tidied',
  'published-year-trimmed': 'publishedYear given as a date, cut to the year',
  'extra-field-dropped': 'a `sample` that is not true/false, dropped (its value kept in `upstream`)',
  'source-from-file-name': 'record without a source, given the source of its file',
  'filter-value-shortened': `subject, source or category longer than a query may ask for (${MAX_FILTER_LENGTH} characters), shortened to fit`,
  'lone-surrogate-replaced': 'text with a lone UTF-16 surrogate (half a character: no URL can hold it), replaced by U+FFFD',
  'source-missing': 'record without a source, in a file whose name names none (source "unknown")',
  'field-wrong-type': 'field of an unexpected type (the contract field set to null or left out; the value kept in `upstream`)',
  'page-count-text': 'pageCount given as text ("120 pages"), read as a number (the text kept in `upstream`)',
  'page-count-unreadable': 'pageCount that is not a number (left out; the value kept in `upstream`)',
  'file-size-text': 'fileSize given with units ("3 MB"), kept as published (bytes in `files[].sizeBytes`)',
  'year-bikram-sambat': 'year in the Bikram Sambat calendar ("2067"), kept as published',
  'level-instead-of-grade': '`level` instead of a grade (non-formal education levels): kept, grade null',
  'read-url-null': 'readUrl null',
  'cover-empty': 'coverUrl empty',
  'cover-site-relative': 'coverUrl a site-relative path that is no cover file beside the sources (a generated cover instead)',
  'url-non-ascii': 'URL with non-ASCII characters (Devanagari…), kept as published',
  'download-url-list': 'downloadUrl given as a list',
  'pdf-url-from-files': 'pdfUrl filled from a PDF among the files (downloadUrl, chapters, question papers…)',
  'object-field-kept': 'field holding an object or a list of objects (question_papers, chapterDownloadUrls…), kept as published',
};

/**
 * Every top-level field the upstream is known to publish (../shared/data/books/current/README.md
 * and the older per-source files): any other is listed in the build's drift report.
 */
export const KNOWN_UPSTREAM_FIELDS: ReadonlySet<string> = new Set([
  ...BOOK_FIELDS,
  ...['titleLocal', 'description', 'publishedYear', 'chapters', 'pageCount', 'scrapedAt', 'sample'],
  ...['downloadUrl', 'audioUrl', 'zipUrl', 'chapterDownloadUrls', 'chapterPdfUrls', 'question_papers', 'questionPaperCount', 'detailUrl'],
  ...['publisher', 'educationLevel', 'subjects', 'part', 'level', 'collection_name', 'materialType', 'exam_name', 'fileSize'],
  ...['subcategory', 'academicLevel', 'institutes', 'institute', 'affiliatedInstitute', 'otherInstitute', 'advisor'],
]);

/** The fields known inside the items of a record's lists of objects. */
export const KNOWN_NESTED_FIELDS: Readonly<Record<string, ReadonlySet<string>>> = {
  chapterDownloadUrls: new Set(['title', 'downloadUrl', 'url', 'pdfUrl']),
  chapterPdfUrls: new Set(['title', 'pdfUrl', 'downloadUrl', 'url']),
  question_papers: new Set(['title', 'year', 'url', 'readUrl', 'downloadUrl', 'pdfUrl', 'sourceUrl', 'coverUrl', 'fileSize']),
};

/** Fields we do not know: `field` (or `list[].field`) of one record. */
export function unknownFields(raw: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(raw)) {
    if (!KNOWN_UPSTREAM_FIELDS.has(k)) out.push(k);
    const nested = KNOWN_NESTED_FIELDS[k];
    if (!nested || !Array.isArray(v)) continue;
    const seen = new Set<string>();
    for (const item of v)
      if (item && typeof item === 'object' && !Array.isArray(item))
        for (const n of Object.keys(item)) {
          if (nested.has(n) || seen.has(n)) continue;
          seen.add(n);
          out.push(`${k}[].${n}`);
        }
  }
  return out;
}

/** A year that can only be Bikram Sambat (57 years ahead of the Gregorian): later than next year, earlier than 2200. */
export function isBikramSambatYear(v: unknown, now = new Date()): boolean {
  const m = typeof v === 'string' || typeof v === 'number' ? /^\s*(\d{4})\b/.exec(String(v)) : null;
  const y = m ? Number(m[1]) : NaN;
  return y > now.getUTCFullYear() + 1 && y < 2200;
}

/** Names the build computes itself: never passed through from the input. */
const COMPUTED = new Set(['alternates', 'sourceCoverUrl', 'detailUrl']);
const CONTRACT: readonly string[] = BOOK_FIELDS;
const KNOWN_EXTRAS = new Set(['titleLocal', 'description', 'publishedYear', 'chapters', 'pageCount', 'scrapedAt']);
/** Fields we serve in a form of our own (the contract's, and the extras normalised): the published value goes to `upstream` when it differs. */
const NORMALISED = new Set([...CONTRACT, ...KNOWN_EXTRAS]);

/** The oddity a dropped URL is counted as. */
export const urlOddity = (why: UrlDrop): Oddity => (why === 'saved-file' ? 'url-saved-file' : 'url-dropped');

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

const tidy = (s: string): string => s.replace(/\s+/g, ' ').trim();

/** `s` cut to MAX_FILTER_LENGTH UTF-16 units, never between the halves of a surrogate pair. */
function shorten(s: string): string {
  if (s.length <= MAX_FILTER_LENGTH) return s;
  const end = /[\uD800-\uDBFF]/.test(s[MAX_FILTER_LENGTH - 1]!) ? MAX_FILTER_LENGTH - 1 : MAX_FILTER_LENGTH;
  return s.slice(0, end).trimEnd();
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
const isStr = (v: unknown): v is string => typeof v === 'string';

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
  raw = publishUrls(raw, (why) => note(urlOddity(why)));
  const published = raw;
  const repaired = repairText(raw);
  if (repaired.found) note('lone-surrogate-replaced');
  raw = repaired.raw;
  const filterValue = (v: string | null): string | null => {
    if (v === null || v.length <= MAX_FILTER_LENGTH) return v;
    note('filter-value-shortened');
    return shorten(v);
  };
  const wrongType = new Set<string>();
  /** A field present with a type we cannot read: counted once per field. */
  const odd = (field: string) => {
    if (wrongType.has(field)) return;
    wrongType.add(field);
    note('field-wrong-type');
  };
  const str = (v: unknown): string | null => (isStr(v) && tidy(v) ? tidy(v) : null);
  const strField = (k: string): string | null => {
    const v = raw[k];
    if (v !== undefined && v !== null && !isStr(v)) odd(k);
    return str(v);
  };
  const url = (v: unknown): string | null => {
    const r = publishUrl(v);
    if (r.dropped) note(urlOddity(r.dropped));
    return r.url;
  };
  const strings = (k: string): string[] | undefined => {
    const v = raw[k];
    if (v === undefined || v === null) return undefined;
    if (!Array.isArray(v)) return (odd(k), undefined);
    if (!v.every(isStr)) odd(k);
    return v.filter(isStr);
  };

  const title = tidy(raw.title as string);
  if (title !== raw.title) note('title-tidied');

  let author: string | null;
  if (Array.isArray(raw.author)) {
    note('author-list-joined');
    author = str((strings('author') ?? []).map(tidy).filter(Boolean).join('; '));
  } else author = strField('author');

  let grade: number | null = null;
  if (raw.grade === null || raw.grade === undefined || (isStr(raw.grade) && !raw.grade.trim())) {
    note(raw.level !== undefined && raw.level !== null ? 'level-instead-of-grade' : 'grade-missing');
  } else if (!isStr(raw.grade) && typeof raw.grade !== 'number') {
    odd('grade');
    note('grade-unreadable');
  } else {
    const g = parseGrade(raw.grade);
    if ('grade' in g) {
      grade = g.grade;
      if (isStr(raw.grade)) note('grade-from-text');
    } else note(g.error === 'out-of-range' ? 'grade-out-of-range' : 'grade-unreadable');
  }

  let subject: string | null = null;
  const rawSubject = strField('subject');
  if (rawSubject) {
    const s = normaliseSubject(rawSubject);
    subject = filterValue(s.name);
    if (!s.listed) note('subject-unlisted');
    else if (s.name !== rawSubject) note('subject-renamed');
  } else note('subject-missing');

  let language: string | null = null;
  const langs = (Array.isArray(raw.language) ? raw.language : [raw.language]).filter(isStr);
  if (raw.language !== undefined && raw.language !== null && !isStr(raw.language) && !Array.isArray(raw.language)) odd('language');
  if (langs.length > 1) note('language-several');
  for (const l of langs) {
    const out = normaliseLanguage(l);
    if (out.code === null) continue;
    language = out.code;
    if (out.kind === 'other-code') note('language-not-iso639-1');
    else if (out.code !== l) note('language-recoded');
    break;
  }
  if (language === null && langs.some((l) => l.trim())) note('language-unknown');

  let source: string;
  const rawSource = strField('source');
  if (rawSource) source = filterValue(canonicalSource(rawSource))!;
  else if (ctx.fileSource) {
    source = ctx.fileSource;
    note('source-from-file-name');
  } else {
    source = 'unknown';
    note('source-missing');
  }

  const keywords: string[] = [];
  const rawKeywords = strings('keywords');
  if (rawKeywords) {
    const seen = new Set<string>();
    for (const k of rawKeywords) {
      const t = tidy(k);
      const key = foldText(t);
      if (!t || seen.has(key)) continue;
      seen.add(key);
      keywords.push(t);
    }
    if (keywords.length !== rawKeywords.length) note('keywords-tidied');
  }

  let upstreamCover: string | undefined;
  let sourceCoverUrl: string | undefined;
  if (raw.coverUrl !== undefined && raw.coverUrl !== null && !isStr(raw.coverUrl)) odd('coverUrl');
  const cover = isStr(raw.coverUrl) ? raw.coverUrl.trim() : '';
  if (isStr(raw.coverUrl) && !cover) note('cover-empty');
  if (cover.startsWith('/covers/')) {
    upstreamCover = cover.slice('/covers/'.length);
    // A file in a sub-folder (/covers/questionbanknepal/x.svg) is the upstream's generated SVG, never reused.
    if (!/^[\w.-]+\.(jpe?g|png|webp)$/i.test(upstreamCover)) note('cover-site-relative');
  } else if (cover) sourceCoverUrl = url(cover) ?? undefined;

  if (readUrlNull) note('read-url-null');
  for (const k of ['sourceUrl', 'readUrl', 'pdfUrl']) if (raw[k] !== undefined && raw[k] !== null && !isStr(raw[k])) odd(k);

  const book: Book = {
    id: (raw.id as string).trim(),
    title,
    author,
    grade,
    subject,
    language,
    country: strField('country')?.toLowerCase() ?? null,
    curriculum: strField('curriculum'),
    source,
    sourceUrl: url(raw.sourceUrl),
    readUrl: url(raw.readUrl),
    pdfUrl: url(raw.pdfUrl),
    coverUrl: '',
    category: filterValue(strField('category')),
    keywords,
  };

  // Real extras, under their upstream names, only when they say something.
  const titleLocal = strField('titleLocal');
  if (titleLocal) {
    book.titleLocal = titleLocal;
    if (titleLocal !== raw.titleLocal) note('title-tidied');
  }
  const description = Array.isArray(raw.description)
    ? (strings('description') ?? [])
        .map((d) => d.trim())
        .filter(Boolean)
        .join('\n\n')
    : (strField('description') ?? '');
  if (description) book.description = isStr(raw.description) ? raw.description.trim() : description;
  if (raw.publishedYear !== null && raw.publishedYear !== undefined) {
    if (!isStr(raw.publishedYear) && typeof raw.publishedYear !== 'number') odd('publishedYear');
    else {
      const y = String(raw.publishedYear).trim();
      const year = /^(\d{4})[-/T ]/.exec(y);
      if (year) {
        book.publishedYear = year[1]!;
        note('published-year-trimmed');
      } else if (y) book.publishedYear = y;
      if (isBikramSambatYear(y)) note('year-bikram-sambat');
    }
  }
  const chapters = strings('chapters')?.map(tidy).filter(Boolean);
  if (chapters?.length) book.chapters = chapters;
  if (typeof raw.pageCount === 'number' && Number.isInteger(raw.pageCount) && raw.pageCount >= 0) book.pageCount = raw.pageCount;
  else if (isStr(raw.pageCount)) {
    const m = /^\s*(\d{1,6})(?:\s*(?:pages?|pp?\.?|पृष्ठ))?\s*$/i.exec(foldText(raw.pageCount));
    if (m) {
      book.pageCount = Number(m[1]);
      note('page-count-text');
    } else note('page-count-unreadable');
  } else if (raw.pageCount !== undefined && raw.pageCount !== null) note('page-count-unreadable');
  const scrapedAt = strField('scrapedAt');
  if (scrapedAt) book.scrapedAt = scrapedAt;
  if (sourceCoverUrl) book.sourceCoverUrl = sourceCoverUrl;

  // Every other upstream field passes through as published, objects and lists of objects included.
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
  if (sizes.some((s) => isStr(s) && parseSize(s) !== undefined && /[a-z]/i.test(s))) note('file-size-text');
  if (Array.isArray(raw.question_papers) && raw.question_papers.some((p) => isBikramSambatYear((p as { year?: unknown } | null)?.year)))
    note('year-bikram-sambat');

  // One list of files; pdfUrl from it for the clients that read only pdfUrl.
  const files = recordFiles(raw);
  if (files.some((f) => f.url.split('').some((c) => c.charCodeAt(0) > 0x7e))) note('url-non-ascii');
  else if (isStr(raw.coverUrl) && /[^\x00-\x7e]/.test(raw.coverUrl)) note('url-non-ascii');
  book.files = files;
  if (!book.pdfUrl) {
    const pdf = firstPdf(files);
    if (pdf) {
      book.pdfUrl = pdf;
      note('pdf-url-from-files');
    }
  }

  // The published value of every field we serve in a form of our own, when it differs.
  const upstream: Record<string, unknown> = {};
  // coverUrl always: the build replaces it by the local cover (and drops this copy when the two agree).
  for (const [k, v] of Object.entries(published)) if (NORMALISED.has(k) && (k === 'coverUrl' || !same(book[k], v))) upstream[k] = v;
  if (published.sample !== undefined && typeof published.sample !== 'boolean') upstream.sample = published.sample;
  if (Object.keys(upstream).length) book.upstream = upstream;

  const out: NormalisedRecord = { book, file: ctx.file, index: ctx.index };
  if (upstreamCover) out.upstreamCover = upstreamCover;
  return out;
}
