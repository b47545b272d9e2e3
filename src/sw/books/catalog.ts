// The catalog the worker answers from: its shards (src/core/books/shards.ts), read by the
// shard reader (sharded.ts: the same answers as the server's query module) from IndexedDB
// file by file as queries need them, so a worker start parses neither the whole catalog nor
// builds a search index over it. Saving the catalog for offline use (at the first visit, and
// again when the network has a newer one: its generatedAt, read from the small
// api/stats/index.json, differs) fetches the whole catalog once (by columns: fetchCatalog),
// builds its shards here and stores both. Before anything is stored, the network's shards answer (networkShards). A
// storage failure never loses an answer: the built shards answer from memory, and the
// failure is reported.

import { KhojError } from '../../core/errors.ts';
import { COLUMNS_FILE } from '../../core/books/columns.ts';
import { FILES } from '../../core/books/paths.ts';
import { type ShardLoader, ShardedBooksApi } from '../../core/books/sharded.ts';
import { SHARDS_MANIFEST } from '../../core/books/shards.ts';
import type { CatalogFile } from '../../core/books/types.ts';
import { storageError } from '../../databases/storage-problem.ts';
import { storageOf } from '../storage.ts';
import { catalogFromColumns, checkCatalog, shardsOf } from './save.ts';
import { readFile, writeFiles } from './store.ts';

export interface CatalogInMemory {
  api: ShardedBooksApi;
  generatedAt: string;
  /** books in the catalog */
  books: number;
  /** true once the catalog is in IndexedDB (false: answering from memory after a storage failure) */
  stored: boolean;
}

let loaded: CatalogInMemory | undefined;
let reading: Promise<CatalogInMemory | undefined> | undefined;
/** After a storage failure, IndexedDB is left alone for a while (a blocked open takes seconds). */
let retryAt = 0;
/** The catalog's device storage: its failures mark every answer until a write works again. */
export const storage = storageOf('books');
/** Milliseconds of the last save: network fetch, parse and shards, IndexedDB write. */
export const timing = { fetchMs: 0, parseMs: 0, storeMs: 0 };

/** A stored shard file, parsed; a missing or unreadable one is a corrupt store. */
const storedShard: ShardLoader = async (file) => {
  const row = await readFile(file);
  if (!row) throw storageError('corrupt', `${file} is not stored`);
  try {
    return JSON.parse(row.text) as unknown;
  } catch (e) {
    throw storageError('corrupt', e);
  }
};

async function openStored(): Promise<CatalogInMemory | undefined> {
  if (!(await readFile(SHARDS_MANIFEST))) return undefined;
  const api = await ShardedBooksApi.open(storedShard).catch((e: unknown) => {
    // Stored by an older Khoj: as if nothing were stored (the catalog is fetched and stored again).
    if (KhojError.is(e, 'other-build')) return undefined;
    throw e instanceof SyntaxError ? storageError('corrupt', e) : e;
  });
  return api && { api, generatedAt: api.generatedAt, books: api.manifest.size, stored: true };
}

/** The catalog in memory, or the stored one (opened once per worker start); undefined when none is stored. */
export function current(): Promise<CatalogInMemory | undefined> {
  if (loaded || Date.now() < retryAt) return Promise.resolve(loaded);
  reading ??= (async () => {
    try {
      const stored = await openStored();
      if (stored && !loaded) loaded = stored;
    } catch (e) {
      // Unreadable or damaged: the next call tries again; meanwhile the network answers.
      forget(e);
    }
    return loaded;
  })();
  return reading;
}

/** After a stored shard turned out unreadable: report it, answer from the network, and store the catalog again. */
export function forget(e: unknown): void {
  storage.failed(e instanceof SyntaxError ? 'corrupt' : e);
  if (loaded?.stored) loaded = undefined;
  reading = undefined;
  checked = false;
  retryAt = Date.now() + 10_000;
}

let network: Promise<ShardedBooksApi> | undefined;

/** The network's shards (before anything is stored): what a first visit loads, file by file. */
export function networkShards(base: string, first?: URLSearchParams): Promise<ShardedBooksApi> {
  network ??= ShardedBooksApi.open(async (file) => {
    const res = await fetch(base + file, { cache: 'no-cache' });
    if (!res.ok) throw new KhojError('http', `${file}: HTTP ${res.status}`, { status: res.status });
    return res.json() as Promise<unknown>;
  }, first);
  network.catch(() => (network = undefined));
  return network;
}

/** The network's shards changed under a reader (a new build): open them again at the next request. */
export const forgetNetworkShards = (): void => void (network = undefined);

/**
 * The network's catalog and catalog.json's text: from its columns file (16% less to fetch under
 * brotli: core/books/columns.ts), else from catalog.json itself: a tree built before that file, a
 * damaged one, or one of another build than the stats say (a host part way through a deploy).
 */
async function fetchCatalog(base: string, latest: string | undefined): Promise<{ catalog: CatalogFile; text: string }> {
  try {
    const res = await fetch(base + COLUMNS_FILE, { cache: 'no-store' });
    if (res.ok) {
      const catalog = catalogFromColumns(await res.json());
      if (latest === undefined || catalog.generatedAt === latest) return { catalog, text: JSON.stringify(catalog) };
    }
  } catch {
    // catalog.json answers below; its own failure is the one reported.
  }
  const res = await fetch(base + FILES.catalog, { cache: 'no-store' });
  if (!res.ok) throw new KhojError('http', `${FILES.catalog}: HTTP ${res.status}`, { status: res.status });
  const text = await res.text();
  return { catalog: JSON.parse(text) as CatalogFile, text };
}

let checking: Promise<boolean> | undefined;
let checked = false;

/** Looks for a newer catalog once per worker start (again after a failure), in the background. */
export function checkOnce(base: string, after: (old: string | undefined, covers: Set<string>) => void): void {
  if (checked) return;
  checked = true;
  refresh(base, after).catch(() => (checked = false));
}

/** Fetches the network's catalog when it is newer than ours (or we have none) and stores it with its shards; resolves true when it changed. One at a time. */
export function refresh(base: string, after: (old: string | undefined, covers: Set<string>) => void): Promise<boolean> {
  checking ??= (async () => {
    const had = await current();
    let latest: string | undefined;
    const stats = await fetch(base + FILES.stats, { cache: 'no-store' });
    if (stats.ok) latest = ((await stats.json()) as { data?: { generatedAt?: string } }).data?.generatedAt;
    if (had && latest === had.generatedAt) return false;
    let t = performance.now();
    const fetched = await fetchCatalog(base, latest);
    const c = fetched.catalog;
    timing.fetchMs = performance.now() - t;
    t = performance.now();
    if (c?.format !== 'khoj-books-catalog' || !Array.isArray(c.books) || typeof c.generatedAt !== 'string') throw new SyntaxError('not a catalog file');
    if (had && c.generatedAt === had.generatedAt) return false;
    await adopt(c, fetched, t);
    after(had?.generatedAt, new Set(c.books.map((b) => b.coverUrl)));
    return true;
  })().finally(() => (checking = undefined));
  return checking;
}

/** A new catalog made current: its shards built, answered from memory at once, then stored with catalog.json's text (`source.text` is let go). */
async function adopt(c: CatalogFile, source: { text: string }, parseStart = performance.now()): Promise<void> {
  const files = shardsOf(c);
  const inMemory: ShardLoader = async (file) => JSON.parse(files.get(file) ?? 'null') as unknown;
  loaded = { api: await ShardedBooksApi.open(inMemory), generatedAt: c.generatedAt, books: c.books.length, stored: false };
  timing.parseMs = performance.now() - parseStart;
  const t = performance.now();
  try {
    files.set(FILES.catalog, source.text);
    source.text = '';
    await writeFiles(c.generatedAt, files);
    // From now on the shards are read from IndexedDB as needed, not kept in memory.
    loaded = { ...loaded, api: await ShardedBooksApi.open(storedShard), stored: true };
    storage.worked('write');
  } catch (e) {
    storage.failed(e);
  }
  timing.storeMs = performance.now() - t;
  checked = true;
}

/** The stored catalog's text and build (a content pack's catalog part), or undefined when none is stored. */
export async function storedCatalogText(): Promise<{ generatedAt: string; text: string } | undefined> {
  const row = await readFile(FILES.catalog);
  return row && { generatedAt: row.generatedAt, text: row.text };
}

/**
 * A catalog from a content pack: checked by its schema's validator, then made current the way a
 * newer one from the network is (one at a time with refresh) only when it is newer than this
 * phone's; says why not otherwise. A problem names the part and the record (KhojError 'damaged').
 */
export async function takeCatalog(
  text: string,
  name: string,
  after: (old: string | undefined, covers: Set<string>) => void,
): Promise<{ taken: boolean; why?: 'same' | 'older' }> {
  while (checking) await checking.catch(() => undefined);
  const taking = (async () => {
    const c = checkCatalog(text, name);
    if (!c.ok) throw new KhojError('damaged', c.problem);
    const had = await current();
    if (had && had.generatedAt === c.catalog.generatedAt) return { taken: false, why: 'same' as const };
    if (had && !(Date.parse(c.catalog.generatedAt) > Date.parse(had.generatedAt))) return { taken: false, why: 'older' as const };
    await adopt(c.catalog, { text });
    after(had?.generatedAt, new Set(c.catalog.books.map((b) => b.coverUrl)));
    return { taken: true };
  })();
  checking = taking.then(
    (r) => r.taken,
    () => false,
  );
  checking.finally(() => (checking = undefined)).catch(() => undefined);
  return taking;
}
