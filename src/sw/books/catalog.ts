// The catalog the worker answers from: read from IndexedDB once per worker start and kept
// in memory as a BooksApi (the same query module as the server); fetched from the network
// when there is none, and again when the network has a newer one (its generatedAt, read
// from the small api/stats/index.json, differs). A storage failure never loses an answer:
// the fetched catalog still answers from memory, and the failure is reported.

import { FILES } from '../../core/books/paths.ts';
import { BooksApi } from '../../core/books/query.ts';
import type { CatalogFile } from '../../core/books/types.ts';
import { storageOf } from '../storage.ts';
import { readCatalog, writeCatalog } from './store.ts';

export interface CatalogInMemory {
  api: BooksApi;
  generatedAt: string;
  /** ids merged into another record (they have their own static files) */
  aliases: string[];
  /** true once the catalog is in IndexedDB (false: answering from memory after a storage failure) */
  stored: boolean;
}

let loaded: CatalogInMemory | undefined;
let reading: Promise<CatalogInMemory | undefined> | undefined;
/** After a storage failure, IndexedDB is left alone for a while (a blocked open takes seconds). */
let retryAt = 0;
/** The catalog's device storage: its failures mark every answer until a write works again. */
export const storage = storageOf('books');
/** Milliseconds of the last load: network fetch, parse, query module, IndexedDB write. */
export const timing = { fetchMs: 0, parseMs: 0, storeMs: 0 };

function parse(text: string): Omit<CatalogInMemory, 'stored'> {
  const c = JSON.parse(text) as CatalogFile;
  if (c?.format !== 'khoj-books-catalog' || !Array.isArray(c.books) || typeof c.generatedAt !== 'string') throw new SyntaxError('not a catalog file');
  return { api: new BooksApi(c), generatedAt: c.generatedAt, aliases: Object.keys(c.aliases ?? {}) };
}

/** The catalog in memory, or the stored one (read once per worker start); undefined when none is stored. */
export function current(): Promise<CatalogInMemory | undefined> {
  if (loaded || Date.now() < retryAt) return Promise.resolve(loaded);
  reading ??= (async () => {
    try {
      const row = await readCatalog();
      if (row && !loaded) loaded = { ...parse(row.text), stored: true };
    } catch (e) {
      // Unreadable or damaged: the next call tries again; meanwhile the network answers.
      storage.failed(e instanceof SyntaxError ? 'corrupt' : e);
      reading = undefined;
      retryAt = Date.now() + 10_000;
    }
    return loaded;
  })();
  return reading;
}

let checking: Promise<boolean> | undefined;
let checked = false;

/** Looks for a newer catalog once per worker start (again after a failure), in the background. */
export function checkOnce(base: string, after: (old: string | undefined) => void): void {
  if (checked) return;
  checked = true;
  refresh(base, after).catch(() => (checked = false));
}

/** Fetches the network's catalog when it is newer than ours (or we have none); resolves true when it changed. One at a time. */
export function refresh(base: string, after: (old: string | undefined) => void): Promise<boolean> {
  checking ??= (async () => {
    const had = await current();
    let latest: string | undefined;
    const stats = await fetch(base + FILES.stats, { cache: 'no-store' });
    if (stats.ok) latest = ((await stats.json()) as { data?: { generatedAt?: string } }).data?.generatedAt;
    if (had && latest === had.generatedAt) return false;
    let t = performance.now();
    const res = await fetch(base + FILES.catalog, { cache: 'no-store' });
    if (!res.ok) throw new Error(`${FILES.catalog}: HTTP ${res.status}`);
    const text = await res.text();
    timing.fetchMs = performance.now() - t;
    t = performance.now();
    const next = parse(text);
    timing.parseMs = performance.now() - t;
    if (had && next.generatedAt === had.generatedAt) return false;
    loaded = { ...next, stored: false };
    t = performance.now();
    try {
      await writeCatalog(next.generatedAt, text);
      loaded.stored = true;
      storage.worked('write');
    } catch (e) {
      storage.failed(e);
    }
    timing.storeMs = performance.now() - t;
    checked = true;
    after(had?.generatedAt);
    return true;
  })().finally(() => (checking = undefined));
  return checking;
}
