// The catalog in shards: what a reader needs to answer every REST path without loading the
// whole catalog first (a first visit on a phone must not fetch 2 MB of catalog.json nor
// build a search index over 50,000 records). Written by the build beside catalog.json
// (data-build/books/build.ts), read by sharded.ts; the answers are the query module's.
//
//   api/books-shards/index.json          manifest: sizes, the filter columns (run-length coded),
//                                        the term shard keys, sources and stats
//   api/books-shards/terms/<key>.json    the prebuilt search index for the words starting with
//                                        <key> (their first two characters, as hex code points):
//                                        word → catalog positions with their rank slot
//   api/books-shards/books/<k>.json      whole records at positions k·CHUNK … (k+1)·CHUNK−1, with
//                                        the short ids they are linked by
//   api/books-shards/ids/<k>.json        id (also merged and CEHRD short ids) → position, by id hash;
//                                        and a static book file's name → its id
//
// The folder sits outside the REST paths (query.ts API_PATH), so servers, static hosts and
// the worker serve its files as files.

import { indexedWords } from './encoder.ts';
import { fileStem, hash53, SUBTREES } from './paths.ts';
import { type BooksApi, type CatalogColumns, Column, LIST_ROUTES, type ListRoute } from './query.ts';
import type { Book, CatalogFile, SourceInfo, Stats } from './types.ts';

export const SHARDS_DIR = SUBTREES.shards;
export const SHARDS_MANIFEST = `${SHARDS_DIR}/index.json`;
/** Records per book chunk: a page of results touches few chunks, and a chunk stays a few KB brotli. */
export const CHUNK = 16;
/** About this many ids per id shard. */
const IDS_PER_SHARD = 1000;
/** Slots are < 10 (encoder.ts SLOT): a posting is its position's gap from the previous one × 10 + its slot. */
const SLOTS = 10;

export interface ShardManifest {
  format: 'khoj-books-shards';
  version: 1;
  generatedAt: string;
  size: number;
  chunk: number;
  idShards: number;
  /** the term shard keys */
  terms: string[];
  columns: {
    source: CodedColumn;
    grade: number[];
    subject: CodedColumn;
    language: CodedColumn;
    category: CodedColumn;
    routes: Partial<Record<ListRoute, number[]>>;
  };
  sources: SourceInfo[];
  stats: Stats;
}

/** A column's distinct values and its codes, run-length coded (value, run, value, run…). */
export interface CodedColumn {
  table: string[];
  runs: number[];
}

/** Every shard file but the manifest carries its catalog's generatedAt, so a reader never mixes two builds. */
interface Versioned {
  generatedAt: string;
}

export interface TermShard extends Versioned {
  words: string[];
  /** per word: positions ascending, each (gap from the previous) × 10 + slot */
  postings: number[][];
}

export interface BookChunk extends Versioned {
  books: Book[];
  /** offset in the chunk → the CEHRD short id its book is linked by (query.ts publicId), where it has one */
  linkedAs: Record<string, string>;
}

export interface IdShard extends Versioned {
  /** id → catalog position */
  ids: Record<string, number>;
  /** a static book file's name (paths.ts fileStem) → the id it was written for, where the two differ; filed by the name's hash */
  stems: Record<string, string>;
}

/** A word's shard key: its first two characters (code points). */
export const termKey = (word: string): string => Array.from(word).slice(0, 2).join('');
const keyName = (key: string): string => Array.from(key, (c) => c.codePointAt(0)!.toString(16)).join('-');
export const termFile = (key: string): string => `${SHARDS_DIR}/terms/${keyName(key)}.json`;
export const chunkFile = (k: number): string => `${SHARDS_DIR}/books/${k}.json`;
export const idFile = (k: number): string => `${SHARDS_DIR}/ids/${k}.json`;
export const idShardOf = (id: string, shards: number): number => parseInt(hash53(id).slice(-7), 16) % shards;

export function runLength(values: ArrayLike<number>): number[] {
  const out: number[] = [];
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (out.length && out[out.length - 2] === v) out[out.length - 1]!++;
    else out.push(v, 1);
  }
  return out;
}

export function fromRunLength<T extends Int32Array | Int8Array | Uint8Array>(runs: readonly number[], into: T): T {
  let at = 0;
  for (let i = 0; i < runs.length; i += 2) {
    into.fill(runs[i]!, at, at + runs[i + 1]!);
    at += runs[i + 1]!;
  }
  if (at !== into.length) throw new SyntaxError(`a shard column holds ${at} values, not ${into.length}`);
  return into;
}

const coded = (c: Column): CodedColumn => ({ table: c.table(), runs: runLength(c.of) });

/** The manifest's columns back as the query module's. */
export function decodeColumns(m: ShardManifest): CatalogColumns {
  const column = (c: CodedColumn) => Column.fromCodes(c.table, fromRunLength(c.runs, new Int32Array(m.size)));
  const routes = new Map<ListRoute, Uint8Array>();
  for (const route of LIST_ROUTES) {
    const runs = m.columns.routes[route];
    if (runs) routes.set(route, fromRunLength(runs, new Uint8Array(m.size)));
  }
  return {
    size: m.size,
    source: column(m.columns.source),
    grade: fromRunLength(m.columns.grade, new Int8Array(m.size)),
    subject: column(m.columns.subject),
    language: column(m.columns.language),
    category: column(m.columns.category),
    routes,
  };
}

/** Every shard file of a catalog (path → JSON text); `api` is the catalog's query module. */
export function shardCatalog(catalog: Pick<CatalogFile, 'books' | 'generatedAt'>, api: BooksApi): Map<string, string> {
  const files = new Map<string, string>();
  const books = catalog.books;

  // The search index, by word, then by shard key.
  const byWord = new Map<string, number[]>();
  books.forEach((b, i) => {
    for (const [w, slot] of indexedWords(b)) {
      let list = byWord.get(w);
      if (!list) byWord.set(w, (list = []));
      list.push(i * SLOTS + slot);
    }
  });
  const byKey = new Map<string, TermShard>();
  for (const w of [...byWord.keys()].sort()) {
    const key = termKey(w);
    let shard = byKey.get(key);
    if (!shard) byKey.set(key, (shard = { generatedAt: catalog.generatedAt, words: [], postings: [] }));
    let last = 0;
    shard.words.push(w);
    shard.postings.push(
      byWord.get(w)!.map((p) => {
        const at = Math.floor(p / SLOTS);
        const out = (at - last) * SLOTS + (p % SLOTS);
        last = at;
        return out;
      }),
    );
  }
  const keys = [...byKey.keys()].sort();
  const names = new Set<string>();
  for (const key of keys) {
    const file = termFile(key);
    if (names.has(file)) throw new Error(`internal error: two term shards share the file ${file}`);
    names.add(file);
    files.set(file, JSON.stringify(byKey.get(key)));
  }

  for (let k = 0; k * CHUNK < books.length; k++) {
    const chunk: BookChunk = { generatedAt: catalog.generatedAt, books: books.slice(k * CHUNK, (k + 1) * CHUNK), linkedAs: {} };
    chunk.books.forEach((b, j) => {
      const linked = api.publicId(b);
      if (linked !== b.id) chunk.linkedAs[j] = linked;
    });
    files.set(chunkFile(k), JSON.stringify(chunk));
  }

  const ids = api.answerableIds();
  const idShards = Math.max(1, Math.ceil(ids.length / IDS_PER_SHARD));
  const idMaps = Array.from({ length: idShards }, (): IdShard => ({ generatedAt: catalog.generatedAt, ids: {}, stems: {} }));
  for (const id of ids) {
    idMaps[idShardOf(id, idShards)]!.ids[id] = api.position(id)!;
    const stem = fileStem(id);
    if (stem !== id) idMaps[idShardOf(stem, idShards)]!.stems[stem] = id;
  }
  idMaps.forEach((m, k) => files.set(idFile(k), JSON.stringify(m)));

  const c = api.columns;
  const manifest: ShardManifest = {
    format: 'khoj-books-shards',
    version: 1,
    generatedAt: catalog.generatedAt,
    size: books.length,
    chunk: CHUNK,
    idShards,
    terms: keys,
    columns: {
      source: coded(c.source),
      grade: runLength(c.grade),
      subject: coded(c.subject),
      language: coded(c.language),
      category: coded(c.category),
      routes: Object.fromEntries([...c.routes].map(([route, keep]) => [route, runLength(keep)])),
    },
    sources: api.sources,
    stats: api.stats,
  };
  files.set(SHARDS_MANIFEST, JSON.stringify(manifest));
  return files;
}
