// Writes the catalog in shards (the layout and its file names: shards.ts). Used by the build
// (data-build/books/build.ts) and by the worker when it saves a catalog (an on-demand script,
// src/sw/books/save-script.ts: a worker that only answers never loads it).

import { indexedWords } from './encoder.ts';
import { fileStem } from './paths.ts';
import type { BooksApi, CatalogColumns } from './query.ts';
import {
  CHUNK,
  chunkFile,
  type BookChunk,
  type ColumnFile,
  columnFile,
  type ColumnName,
  IDS_PER_SHARD,
  idFile,
  LAYOUT_FILE,
  type LayoutFile,
  type IdShard,
  idShardOf,
  type PrefixFile,
  prefixFile,
  type ShardManifest,
  SHARDS_MANIFEST,
  SLOTS,
  termFile,
  termKey,
  type TermShard,
} from './shards.ts';
import type { CatalogFile } from './types.ts';
import { assert } from '../assert.ts';

export function runLength(values: ArrayLike<number>): number[] {
  const out: number[] = [];
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (out.length && out[out.length - 2] === v) out[out.length - 1]!++;
    else out.push(v, 1);
  }
  return out;
}

/** Gap-codes ascending positions with their slots (× SLOTS + slot). */
function gapCoded(entries: Iterable<[number, number]>): number[] {
  let last = 0;
  const out: number[] = [];
  for (const [at, slot] of entries) {
    out.push((at - last) * SLOTS + slot);
    last = at;
  }
  return out;
}

/**
 * The chunks' order of the records: by source, then subject, then grade, then catalog position. A
 * search's page is ranked by score, then catalog position, and its best matches mostly share a
 * subject: in catalog order the 20 books of "science" at 11,700 records sat in 13 chunks, in this
 * order in 7 (each chunk a request on a first visit, before the save). The catalog is sorted by
 * source, so a list in catalog order (the first page; a source, as upstream's own client asks
 * first) stays within one source's run: 3 and 4 chunks, as in catalog order.
 */
function chunkOrder(c: Pick<CatalogColumns, 'size' | 'source' | 'subject' | 'grade'>): number[] {
  const order = Array.from({ length: c.size }, (_, i) => i);
  return order.sort((a, b) => c.source.of[a]! - c.source.of[b]! || c.subject.of[a]! - c.subject.of[b]! || c.grade[a]! - c.grade[b]! || a - b);
}

type Files = Map<string, string>;
type Catalog = Pick<CatalogFile, 'books' | 'generatedAt'>;

/** Every indexed word's positions, each × SLOTS + the slot it was found in. */
function wordPostings(books: CatalogFile['books']): Map<string, number[]> {
  const byWord = new Map<string, number[]>();
  books.forEach((b, i) => {
    for (const [w, slot] of indexedWords(b)) {
      let list = byWord.get(w);
      if (!list) byWord.set(w, (list = []));
      list.push(i * SLOTS + slot);
    }
  });
  return byWord;
}

/** The search index's term shards, by shard key; returns the keys. */
function writeTermShards(files: Files, byWord: Map<string, number[]>, generatedAt: string): string[] {
  const byKey = new Map<string, TermShard>();
  for (const w of [...byWord.keys()].sort()) {
    const key = termKey(w);
    let shard = byKey.get(key);
    if (!shard) byKey.set(key, (shard = { generatedAt, words: [], postings: [] }));
    shard.words.push(w);
    shard.postings.push(gapCoded(byWord.get(w)!.map((p) => [Math.floor(p / SLOTS), p % SLOTS])));
  }
  const keys = [...byKey.keys()].sort();
  const names = new Set<string>();
  for (const key of keys) {
    const file = termFile(key);
    assert(!names.has(file), `two term shards share the file ${file}`);
    names.add(file);
    files.set(file, JSON.stringify(byKey.get(key)));
  }
  return keys;
}

/** The layout (the chunks' order of the records) and the chunks of records themselves. */
function writeChunks(files: Files, catalog: Catalog, api: BooksApi): void {
  const { books, generatedAt } = catalog;
  const order = chunkOrder(api.columns);
  const gaps = order.map((at, k) => (k === 0 ? at : at - order[k - 1]!));
  files.set(LAYOUT_FILE, JSON.stringify({ generatedAt, order: gaps } satisfies LayoutFile));
  for (let k = 0; k * CHUNK < books.length; k++) {
    const chunk: BookChunk = { generatedAt, books: order.slice(k * CHUNK, (k + 1) * CHUNK).map((at) => books[at]!), linkedAs: {} };
    chunk.books.forEach((b, j) => {
      const linked = api.publicId(b);
      if (linked !== b.id) chunk.linkedAs[j] = linked;
    });
    files.set(chunkFile(k), JSON.stringify(chunk));
  }
}

/** The id shards (an id or a file stem → its position); returns how many. */
function writeIdShards(files: Files, api: BooksApi, generatedAt: string): number {
  const ids = api.answerableIds();
  const idShards = Math.max(1, Math.ceil(ids.length / IDS_PER_SHARD));
  const idMaps = Array.from({ length: idShards }, (): IdShard => ({ generatedAt, ids: {}, stems: {} }));
  for (const id of ids) {
    idMaps[idShardOf(id, idShards)]!.ids[id] = api.position(id)!;
    const stem = fileStem(id);
    if (stem !== id) idMaps[idShardOf(stem, idShards)]!.stems[stem] = id;
  }
  idMaps.forEach((m, k) => files.set(idFile(k), JSON.stringify(m)));
  return idShards;
}

/** Per first character, the best slot of each position among its words starting with it; returns the characters. */
function writePrefixShards(files: Files, byWord: Map<string, number[]>, generatedAt: string): string[] {
  const best = new Map<string, Map<number, number>>();
  for (const [w, list] of byWord) {
    const c = Array.from(w)[0]!;
    let m = best.get(c);
    if (!m) best.set(c, (m = new Map()));
    for (const p of list) {
      const at = Math.floor(p / SLOTS);
      const slot = p % SLOTS;
      const had = m.get(at);
      if (had === undefined || slot < had) m.set(at, slot);
    }
  }
  const prefixes = [...best.keys()].sort();
  for (const c of prefixes) {
    const postings = gapCoded([...best.get(c)!].sort((a, b) => a[0] - b[0]));
    files.set(prefixFile(c), JSON.stringify({ generatedAt, postings } satisfies PrefixFile));
  }
  return prefixes;
}

/** The filter columns, run-length coded. */
function writeColumns(files: Files, c: CatalogColumns, generatedAt: string): void {
  const column = (name: ColumnName, runs: number[], table?: string[]) =>
    files.set(columnFile(name), JSON.stringify({ generatedAt, ...(table && { table }), runs } satisfies ColumnFile));
  for (const name of ['source', 'subject', 'language', 'category'] as const) column(name, runLength(c[name].of), c[name].table());
  column('grade', runLength(c.grade));
  for (const [route, keep] of c.routes) column(`route-${route}`, runLength(keep));
}

/** Every shard file of a catalog (path → JSON text); `api` is the catalog's query module. */
export function shardCatalog(catalog: Catalog, api: BooksApi): Map<string, string> {
  const files: Files = new Map();
  const { books, generatedAt } = catalog;
  const byWord = wordPostings(books);
  const terms = writeTermShards(files, byWord, generatedAt);
  writeChunks(files, catalog, api);
  const idShards = writeIdShards(files, api, generatedAt);
  const prefixes = writePrefixShards(files, byWord, generatedAt);
  writeColumns(files, api.columns, generatedAt);
  const manifest: ShardManifest = {
    format: 'khoj-books-shards',
    version: 3,
    generatedAt,
    size: books.length,
    chunk: CHUNK,
    idShards,
    terms,
    prefixes,
    routes: [...api.columns.routes.keys()],
    sources: api.sources,
    stats: api.stats,
  };
  files.set(SHARDS_MANIFEST, JSON.stringify(manifest));
  return files;
}
