// Normalisation of one upstream record: grade an integer 1–12 or null, ISO 639-1 language
// codes from the mixed en/eng/ne/nep/"english" forms, canonical subject names, safe URLs,
// every contract field present. Structural errors are caught before, by the input schema.

import { foldText, words } from './fold.ts';
import { canonicalSource } from './sources.ts';
import { BOOK_FIELDS, type Book } from './types.ts';
import { hasLoneSurrogate, wellFormed } from '../text.ts';

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

export type UrlOutcome = { url: string | null; dropped?: boolean };

/** http(s) URLs and relative paths are kept (trimmed; `//host/x` gains https:); anything else (javascript:, data:, …) is dropped. */
export function normaliseUrl(raw: string | null | undefined): UrlOutcome {
  const s = (raw ?? '').trim();
  if (!s) return { url: null };
  if (/^\/\//.test(s)) return { url: `https:${s}` };
  if (/^https?:\/\//i.test(s)) {
    try {
      new URL(s);
      return { url: s };
    } catch {
      return { url: null, dropped: true };
    }
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(s) || /[\u0000-\u001f]/.test(s)) return { url: null, dropped: true };
  return { url: s };
}

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
  | 'author-list-joined'
  | 'keywords-tidied'
  | 'title-tidied'
  | 'published-year-trimmed'
  | 'extra-field-dropped'
  | 'source-from-file-name'
  | 'filter-value-shortened'
  | 'lone-surrogate-replaced';

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
  'url-dropped': 'URL that is neither http(s) nor a relative path, dropped',
  'author-list-joined': 'author given as a list, joined with "; "',
  'keywords-tidied': 'blank or repeated keywords removed',
  'title-tidied': 'white space in a title or local title tidied',
  'published-year-trimmed': 'publishedYear given as a date, cut to the year',
  'extra-field-dropped': 'extra field holding an object (or a `sample` that is not true/false), dropped',
  'source-from-file-name': 'record without a source, given the source of its file',
  'filter-value-shortened': `subject, source or category longer than a query may ask for (${MAX_FILTER_LENGTH} characters), shortened to fit`,
  'lone-surrogate-replaced': 'text with a lone UTF-16 surrogate (half a character: no URL can hold it), replaced by U+FFFD',
};

/** Names the build computes itself: never passed through from the input. */
const COMPUTED = new Set(['alternates', 'sourceCoverUrl', 'detailUrl']);
const CONTRACT: readonly string[] = BOOK_FIELDS;
const KNOWN_EXTRAS = new Set(['titleLocal', 'description', 'publishedYear', 'chapters', 'pageCount', 'scrapedAt']);

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
  const repaired = repairText(raw);
  if (repaired.found) note('lone-surrogate-replaced');
  raw = repaired.raw;
  const filterValue = (v: string | null): string | null => {
    if (v === null || v.length <= MAX_FILTER_LENGTH) return v;
    note('filter-value-shortened');
    return shorten(v);
  };
  const str = (v: unknown): string | null => (isStr(v) && tidy(v) ? tidy(v) : null);
  const url = (v: unknown): string | null => {
    const r = normaliseUrl(isStr(v) ? v : null);
    if (r.dropped) note('url-dropped');
    return r.url;
  };

  const title = tidy(raw.title as string);
  if (title !== raw.title) note('title-tidied');

  let author: string | null;
  if (Array.isArray(raw.author)) {
    note('author-list-joined');
    author = str((raw.author as string[]).map(tidy).filter(Boolean).join('; '));
  } else author = str(raw.author);

  let grade: number | null = null;
  if (raw.grade === null || raw.grade === undefined || (isStr(raw.grade) && !raw.grade.trim())) note('grade-missing');
  else {
    const g = parseGrade(raw.grade as string | number);
    if ('grade' in g) {
      grade = g.grade;
      if (isStr(raw.grade)) note('grade-from-text');
    } else note(g.error === 'out-of-range' ? 'grade-out-of-range' : 'grade-unreadable');
  }

  let subject: string | null = null;
  if (isStr(raw.subject) && raw.subject.trim()) {
    const s = normaliseSubject(raw.subject);
    subject = filterValue(s.name);
    if (!s.listed) note('subject-unlisted');
    else if (s.name !== tidy(raw.subject)) note('subject-renamed');
  } else note('subject-missing');

  let language: string | null = null;
  const langs = (Array.isArray(raw.language) ? raw.language : [raw.language]).filter(isStr);
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
  if (isStr(raw.source) && raw.source.trim()) source = filterValue(canonicalSource(raw.source))!;
  else {
    source = ctx.fileSource!;
    note('source-from-file-name');
  }

  const keywords: string[] = [];
  if (Array.isArray(raw.keywords)) {
    const seen = new Set<string>();
    for (const k of raw.keywords as string[]) {
      const t = tidy(k);
      const key = foldText(t);
      if (!t || seen.has(key)) continue;
      seen.add(key);
      keywords.push(t);
    }
    if (keywords.length !== raw.keywords.length) note('keywords-tidied');
  }

  let upstreamCover: string | undefined;
  let sourceCoverUrl: string | undefined;
  const cover = isStr(raw.coverUrl) ? raw.coverUrl.trim() : '';
  if (cover.startsWith('/covers/')) upstreamCover = cover.slice('/covers/'.length);
  else if (cover) sourceCoverUrl = url(cover) ?? undefined;

  const book: Book = {
    id: (raw.id as string).trim(),
    title,
    author,
    grade,
    subject,
    language,
    country: str(raw.country)?.toLowerCase() ?? null,
    curriculum: str(raw.curriculum),
    source,
    sourceUrl: url(raw.sourceUrl),
    readUrl: url(raw.readUrl),
    pdfUrl: url(raw.pdfUrl),
    coverUrl: '',
    category: filterValue(str(raw.category)),
    keywords,
  };

  // Real extras, under their upstream names, only when they say something.
  const titleLocal = str(raw.titleLocal);
  if (titleLocal) {
    book.titleLocal = titleLocal;
    if (titleLocal !== raw.titleLocal) note('title-tidied');
  }
  const description = Array.isArray(raw.description)
    ? (raw.description as string[])
        .map((d) => d.trim())
        .filter(Boolean)
        .join('\n\n')
    : isStr(raw.description)
      ? raw.description.trim()
      : '';
  if (description) book.description = description;
  if (raw.publishedYear !== null && raw.publishedYear !== undefined) {
    const y = String(raw.publishedYear).trim();
    const year = /^(\d{4})[-/T ]/.exec(y);
    if (year) {
      book.publishedYear = year[1]!;
      note('published-year-trimmed');
    } else if (y) book.publishedYear = y;
  }
  if (Array.isArray(raw.chapters)) {
    const chapters = (raw.chapters as string[]).map(tidy).filter(Boolean);
    if (chapters.length) book.chapters = chapters;
  }
  if (typeof raw.pageCount === 'number') book.pageCount = raw.pageCount;
  const scrapedAt = str(raw.scrapedAt);
  if (scrapedAt) book.scrapedAt = scrapedAt;
  if (sourceCoverUrl) book.sourceCoverUrl = sourceCoverUrl;

  // Any other upstream field passes through when it is plain data.
  for (const [k, v] of Object.entries(raw)) {
    if (CONTRACT.includes(k) || KNOWN_EXTRAS.has(k) || COMPUTED.has(k) || v === undefined) continue;
    // `sample` is typed in the served schema (found by the property tests: `"sample": null` failed the build's self-check).
    if (k === 'sample' && typeof v !== 'boolean') {
      note('extra-field-dropped');
      continue;
    }
    if (v === null || ['string', 'number', 'boolean'].includes(typeof v) || (Array.isArray(v) && v.every(isStr))) book[k] = v;
    else note('extra-field-dropped');
  }

  const out: NormalisedRecord = { book, file: ctx.file, index: ctx.index };
  if (upstreamCover) out.upstreamCover = upstreamCover;
  return out;
}
