// One normaliser per field of an upstream record (normalise.ts puts the Book together from them).
// Each reads the record through a FieldReader, which counts a field of a type it cannot read once
// and reports every recoverable oddity to the build.

import { foldText } from './fold.ts';
import { canonicalSource } from './sources.ts';
import type { Book } from './types.ts';
import { publishUrl } from '../url-policy.ts';
import { MAX_FILTER_LENGTH, type Oddity, urlOddity } from './oddities.ts';
import { normaliseLanguage, normaliseSubject, parseGrade } from './spellings.ts';
import { isBikramSambatYear } from './upstream-fields.ts';

export const tidy = (s: string): string => s.replace(/\s+/g, ' ').trim();
export const isStr = (v: unknown): v is string => typeof v === 'string';
const present = (v: unknown) => v !== undefined && v !== null;

/** `s` cut to MAX_FILTER_LENGTH UTF-16 units, never between the halves of a surrogate pair. */
function shorten(s: string): string {
  if (s.length <= MAX_FILTER_LENGTH) return s;
  const end = /[\uD800-\uDBFF]/.test(s[MAX_FILTER_LENGTH - 1]!) ? MAX_FILTER_LENGTH - 1 : MAX_FILTER_LENGTH;
  return s.slice(0, end).trimEnd();
}

/** A record's fields, read with its oddities noted. */
export class FieldReader {
  private wrongType = new Set<string>();
  constructor(
    readonly raw: Record<string, unknown>,
    readonly note: (kind: Oddity) => void,
  ) {}

  /** A field present with a type we cannot read: counted once per field. */
  odd(field: string): void {
    if (this.wrongType.has(field)) return;
    this.wrongType.add(field);
    this.note('field-wrong-type');
  }
  /** A field that must be a string or absent: wrong types noted. */
  oddUnlessString(k: string): void {
    if (present(this.raw[k]) && !isStr(this.raw[k])) this.odd(k);
  }
  str(v: unknown): string | null {
    return isStr(v) && tidy(v) ? tidy(v) : null;
  }
  strField(k: string): string | null {
    this.oddUnlessString(k);
    return this.str(this.raw[k]);
  }
  url(v: unknown): string | null {
    const r = publishUrl(v);
    if (r.dropped) this.note(urlOddity(r.dropped));
    return r.url;
  }
  strings(k: string): string[] | undefined {
    const v = this.raw[k];
    if (!present(v)) return undefined;
    if (!Array.isArray(v)) return (this.odd(k), undefined);
    if (!v.every(isStr)) this.odd(k);
    return v.filter(isStr);
  }
  /** A value a query may filter by, shortened to what a query may ask for. */
  filterValue(v: string | null): string | null {
    if (v === null || v.length <= MAX_FILTER_LENGTH) return v;
    this.note('filter-value-shortened');
    return shorten(v);
  }
}

export function titleOf(r: FieldReader): string {
  const title = tidy(r.raw.title as string);
  if (title !== r.raw.title) r.note('title-tidied');
  return title;
}

export function authorOf(r: FieldReader): string | null {
  if (!Array.isArray(r.raw.author)) return r.strField('author');
  r.note('author-list-joined');
  return r.str((r.strings('author') ?? []).map(tidy).filter(Boolean).join('; '));
}

export function gradeOf(r: FieldReader): number | null {
  const { raw, note } = r;
  if (raw.grade === null || raw.grade === undefined || (isStr(raw.grade) && !raw.grade.trim())) {
    note(present(raw.level) ? 'level-instead-of-grade' : 'grade-missing');
    return null;
  }
  if (!isStr(raw.grade) && typeof raw.grade !== 'number') {
    r.odd('grade');
    note('grade-unreadable');
    return null;
  }
  const g = parseGrade(raw.grade);
  if (!('grade' in g)) {
    note(g.error === 'out-of-range' ? 'grade-out-of-range' : 'grade-unreadable');
    return null;
  }
  if (isStr(raw.grade)) note('grade-from-text');
  return g.grade;
}

export function subjectOf(r: FieldReader): string | null {
  const rawSubject = r.strField('subject');
  if (!rawSubject) {
    r.note('subject-missing');
    return null;
  }
  const s = normaliseSubject(rawSubject);
  const subject = r.filterValue(s.name);
  if (!s.listed) r.note('subject-unlisted');
  else if (s.name !== rawSubject) r.note('subject-renamed');
  return subject;
}

export function languageOf(r: FieldReader): string | null {
  const { raw } = r;
  const langs = (Array.isArray(raw.language) ? raw.language : [raw.language]).filter(isStr);
  if (present(raw.language) && !isStr(raw.language) && !Array.isArray(raw.language)) r.odd('language');
  if (langs.length > 1) r.note('language-several');
  for (const l of langs) {
    const out = normaliseLanguage(l);
    if (out.code === null) continue;
    if (out.kind === 'other-code') r.note('language-not-iso639-1');
    else if (out.code !== l) r.note('language-recoded');
    return out.code;
  }
  if (langs.some((l) => l.trim())) r.note('language-unknown');
  return null;
}

/** The record's source; without one, the source its file's name gives, or "unknown". */
export function sourceOf(r: FieldReader, fileSource: string | undefined): string {
  const rawSource = r.strField('source');
  if (rawSource) return r.filterValue(canonicalSource(rawSource))!;
  if (fileSource) {
    r.note('source-from-file-name');
    return fileSource;
  }
  r.note('source-missing');
  return 'unknown';
}

export function keywordsOf(r: FieldReader): string[] {
  const keywords: string[] = [];
  const rawKeywords = r.strings('keywords');
  if (!rawKeywords) return keywords;
  const seen = new Set<string>();
  for (const k of rawKeywords) {
    const t = tidy(k);
    const key = foldText(t);
    if (!t || seen.has(key)) continue;
    seen.add(key);
    keywords.push(t);
  }
  if (keywords.length !== rawKeywords.length) r.note('keywords-tidied');
  return keywords;
}

/** The cover: the upstream's own local file (`/covers/<file>`), or the source's URL. */
export function coverOf(r: FieldReader): { upstreamCover?: string; sourceCoverUrl?: string } {
  const { raw } = r;
  r.oddUnlessString('coverUrl');
  const cover = isStr(raw.coverUrl) ? raw.coverUrl.trim() : '';
  if (isStr(raw.coverUrl) && !cover) r.note('cover-empty');
  if (cover.startsWith('/covers/')) {
    const upstreamCover = cover.slice('/covers/'.length);
    // A file in a sub-folder (/covers/questionbanknepal/x.svg) is the upstream's generated SVG, never reused.
    if (!/^[\w.-]+\.(jpe?g|png|webp)$/i.test(upstreamCover)) r.note('cover-site-relative');
    return { upstreamCover };
  }
  const sourceCoverUrl = cover ? r.url(cover) : null;
  return sourceCoverUrl ? { sourceCoverUrl } : {};
}

/** Real extras, under their upstream names, only when they say something. */
export function addExtras(r: FieldReader, book: Book): void {
  const { raw } = r;
  const titleLocal = r.strField('titleLocal');
  if (titleLocal) {
    book.titleLocal = titleLocal;
    if (titleLocal !== raw.titleLocal) r.note('title-tidied');
  }
  const description = Array.isArray(raw.description)
    ? (r.strings('description') ?? [])
        .map((d) => d.trim())
        .filter(Boolean)
        .join('\n\n')
    : (r.strField('description') ?? '');
  if (description) book.description = isStr(raw.description) ? raw.description.trim() : description;
  const year = publishedYearOf(r);
  if (year) book.publishedYear = year;
  const chapters = r.strings('chapters')?.map(tidy).filter(Boolean);
  if (chapters?.length) book.chapters = chapters;
  const pages = pageCountOf(r);
  if (pages !== undefined) book.pageCount = pages;
  const scrapedAt = r.strField('scrapedAt');
  if (scrapedAt) book.scrapedAt = scrapedAt;
}

function publishedYearOf(r: FieldReader): string | undefined {
  const { raw, note } = r;
  if (!present(raw.publishedYear)) return undefined;
  if (!isStr(raw.publishedYear) && typeof raw.publishedYear !== 'number') return (r.odd('publishedYear'), undefined);
  const y = String(raw.publishedYear).trim();
  const year = /^(\d{4})[-/T ]/.exec(y);
  if (year) note('published-year-trimmed');
  if (isBikramSambatYear(y)) note('year-bikram-sambat');
  return year ? year[1]! : y || undefined;
}

function pageCountOf({ raw, note }: FieldReader): number | undefined {
  const v = raw.pageCount;
  if (typeof v === 'number' && Number.isInteger(v) && v >= 0) return v;
  if (!present(v)) return undefined;
  const m = isStr(v) ? /^\s*(\d{1,6})(?:\s*(?:pages?|pp?\.?|पृष्ठ))?\s*$/i.exec(foldText(v)) : null;
  note(m ? 'page-count-text' : 'page-count-unreadable');
  return m ? Number(m[1]) : undefined;
}
