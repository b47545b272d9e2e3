// The upstream's fields the normaliser knows: any other is listed in the build's drift report.

import { BOOK_FIELDS } from './types.ts';

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
