// The catalog as the app sees it: only the REST paths of the contract, relative to the
// page (api/books?grade=5&q=…), so the same code works against our server, any static host
// with the service worker, and offline. Pure of UI.

import type { Book, ListBody, SourceInfo, Stats } from '../../core/books/types.ts';
import { SOURCE_HEADER, STORAGE_HEADER } from '../../core/sw-protocol.ts';
import { encodeSegment } from '../../core/text.ts';

export type ListedBook = ListBody['data'][number];
export type { Book, ListBody, SourceInfo, Stats };

export class BooksError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

/** Set when the service worker says the catalog could not be stored on this device. */
export const storageNotice = { problem: null as string | null, listeners: new Set<(p: string | null) => void>() };

async function get<T>(path: string, signal?: AbortSignal): Promise<T> {
  const res = await fetch(path, signal ? { signal } : {});
  // The worker marks answers made while storage failed; a later answer without the mark means it recovered.
  const problem = res.headers.get(STORAGE_HEADER);
  if (storageNotice.problem !== problem && (problem || res.headers.get(SOURCE_HEADER) === 'idb')) {
    storageNotice.problem = problem;
    for (const l of storageNotice.listeners) l(problem);
  }
  const body = (await res.json().catch(() => null)) as { success?: boolean; error?: string } | null;
  if (!res.ok || !body?.success) throw new BooksError(res.status, body?.error ?? `HTTP ${res.status}`);
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
    if (e instanceof BooksError && e.status === 404) return undefined;
    throw e;
  }
}

export const getSources = async () => (await get<{ data: SourceInfo[] }>('api/sources')).data;
export const getStats = async () => (await get<{ data: Stats }>('api/stats')).data;

/** How many books match (one book's worth of answer). */
export const countBooks = async (params: Record<string, string | undefined>) => (await listBooks({ ...params, limit: '1' })).meta.total;

/** A catalog path (/covers/x.svg) relative to the page, so it works under any sub-path. */
export const local = (path: string): string => path.replace(/^\/+/, '');
