// The catalog as the app sees it: only the REST paths of the contract, relative to the
// page (api/books?grade=5&q=…), so the same code works against our server, any static host
// with the service worker, and offline. Pure of UI.

import type { Book, ListBody, SourceInfo, Stats } from '../../core/books/types.ts';
import { encodeSegment } from '../../core/text.ts';
import { smallCoverUrl } from '../../core/books/paths.ts';
import { KhojError } from '../../core/errors.ts';
import { answerError, fetchAnswer } from '../client/fetch.ts';

export type ListedBook = ListBody['data'][number];
export type { Book, ListBody, SourceInfo, Stats };

async function get<T>(path: string, signal?: AbortSignal): Promise<T> {
  const res = await fetchAnswer('books', path, signal);
  const body = (await res.json().catch(() => null)) as { success?: boolean; error?: string } | null;
  if (!body?.success) throw answerError(res.status, body?.error);
  return body as T;
}

/** Query parameters without the empty ones, in a stable order. */
export function query(params: Record<string, string | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, v);
  return q.toString();
}

export const listBooks = (params: Record<string, string | undefined>, signal?: AbortSignal) => {
  const q = query(params);
  return get<ListBody>(`api/books${q ? `?${q}` : ''}`, signal);
};

/** One book; undefined when the catalog does not have it (404). */
export async function getBook(id: string): Promise<Book | undefined> {
  try {
    return (await get<{ data: Book }>(`api/books/${encodeSegment(id)}`)).data;
  } catch (e) {
    if (KhojError.is(e, 'http', 404)) return undefined;
    throw e;
  }
}

export const getSources = async () => (await get<{ data: SourceInfo[] }>('api/sources')).data;
export const getStats = async () => (await get<{ data: Stats }>('api/stats')).data;

/** How many books match (one book's worth of answer). */
export const countBooks = async (params: Record<string, string | undefined>) => (await listBooks({ ...params, limit: '1' })).meta.total;

/** A catalog path (/covers/x.svg) relative to the page, so it works under any sub-path. */
export const local = (path: string): string => path.replace(/^\/+/, '');

/** The cover to show: its small copy (/covers/small/…) while the data saver is on. */
export const coverFor = (coverUrl: string, small: boolean): string => (small ? smallCoverUrl(coverUrl) : coverUrl);
