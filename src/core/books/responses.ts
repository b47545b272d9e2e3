// The catalog's answers in upstream's envelope: a list page (compact items or whole records), one
// book, the sources, the statistics, the health check.

import { encodeSegment } from '../text.ts';
import { type ApiResponse, BOOK_FIELDS, type Book, type ErrorBody, type ListBody, type SourceInfo, type Stats } from './types.ts';
import type { ListQuery, ListRoute } from './list-query.ts';

export const NOT_FOUND = 'Book not found';

/** The fields of a compact list item, in upstream's order (api.py LIST_BOOK_FIELDS), where the record has them. */
export const COMPACT_FIELDS = [
  'id',
  'title',
  'titleLocal',
  'author',
  'grade',
  'subject',
  'language',
  'source',
  'coverUrl',
  'downloadUrl',
  'category',
  'materialType',
  'level',
  'collection_name',
  'audioUrl',
] as const;

export const notFound = (error = NOT_FOUND): ApiResponse => ({ status: 404, body: { success: false, error } satisfies ErrorBody });

/**
 * A list item (compact): upstream's compact fields the record has, then the contract's
 * Book fields (the contract, ../shared/spec/textbook-catalog.md, and Khoj's own app read
 * them from list items), then detailUrl and, for a question-paper collection,
 * questionPaperCount. Not the heavy fields: question_papers, chapterDownloadUrls,
 * description, alternates… (full=true or the detail route has them).
 */
export function compactItem(b: Book, detailUrl: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of COMPACT_FIELDS) if (Object.hasOwn(b, f)) out[f] = b[f];
  for (const f of BOOK_FIELDS) if (!Object.hasOwn(out, f)) out[f] = Object.hasOwn(b, f) ? b[f] : f === 'keywords' ? [] : null;
  out.detailUrl = detailUrl;
  if (Array.isArray(b.question_papers)) out.questionPaperCount = b.question_papers.length;
  return out;
}

/** A list's answer: the page's books (each with the id it is linked by) as compact items, or whole with full. */
export function listResponse(query: ListQuery, route: ListRoute, total: number, rows: ReadonlyArray<{ book: Book; publicId: string }>): ApiResponse {
  const body: ListBody = {
    success: true,
    data: rows.map(({ book: b, publicId }) => {
      const detailUrl = `/api/books/${encodeSegment(publicId)}`;
      return query.full ? { ...b, detailUrl } : (compactItem(b, detailUrl) as Book & { detailUrl: string });
    }),
    meta: {
      endpoint: route,
      total,
      page: query.page,
      limit: query.limit,
      pages: Math.ceil(total / query.limit),
      detail: query.full ? 'full' : 'compact',
    },
  };
  return { status: 200, body };
}

export const bookResponse = (book: Book | undefined): ApiResponse => (book === undefined ? notFound() : { status: 200, body: { success: true, data: book } });
export const sourcesResponse = (sources: SourceInfo[]): ApiResponse => ({ status: 200, body: { success: true, data: sources } });
export const statsResponse = (stats: Stats): ApiResponse => ({ status: 200, body: { success: true, data: stats } });
/** Upstream's health answer, with the catalog's version. */
export const healthResponse = (books: number, stats: Stats): ApiResponse => ({
  status: 200,
  body: { success: true, status: 'ok', books, sources: Object.keys(stats.bySource).length, generatedAt: stats.generatedAt },
});
