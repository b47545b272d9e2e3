// The catalog in shards: what a reader needs to answer every REST path without loading the
// whole catalog first (a first visit on a phone must not fetch 2 MB of catalog.json nor
// build a search index over 50,000 records). Written by the build beside catalog.json
// (data-build/books/build.ts), read by sharded.ts; the answers are the query module's.
//
//   api/books-shards/index.json          manifest: sizes, the term shard keys, the routes with a
//                                        column, sources and stats
//   api/books-shards/columns/<name>.json a filter column (source, grade, subject, language,
//                                        category, route-<route>), run-length coded: loaded only
//                                        by a query that filters on it (at 50,000 records the
//                                        columns are 400 KB of JSON a plain search never needs)
//   api/books-shards/prefix/<key>.json   for each first character: every position with a word
//                                        starting with it and the best slot among those words, so
//                                        that a one-character term reads one file, not every term
//                                        shard of that character
//   api/books-shards/terms/<key>.json    the prebuilt search index for the words starting with
//                                        <key> (their first two characters, as hex code points):
//                                        word → catalog positions with their rank slot
//   api/books-shards/layout.json         the records' order in the chunks: by source, subject,
//                                        grade, then catalog position, so that a page of results,
//                                        mostly of one subject, reads a few chunks, not one per result
//   api/books-shards/books/<k>.json      whole records k·CHUNK … (k+1)·CHUNK−1 of that order, with
//                                        the short ids they are linked by
//   api/books-shards/ids/<k>.json        id (also merged and CEHRD short ids) → position, by id hash;
//                                        and a static book file's name → its id
//   api/books-shards/catalog-columns.json catalog.json by columns, for the worker's save (columns.ts)
//
// The folder sits outside the REST paths (query.ts API_PATH), so servers, static hosts and
// the worker serve its files as files.

import { hash53, SUBTREES } from './paths.ts';
import { Column, type ListRoute } from './query.ts';
import type { Book, SourceInfo, Stats } from './types.ts';

export const SHARDS_DIR = SUBTREES.shards;
export const SHARDS_MANIFEST = `${SHARDS_DIR}/index.json`;
export const LAYOUT_FILE = `${SHARDS_DIR}/layout.json`;
/** Records per book chunk: a page of results touches few chunks, and a chunk stays a few KB brotli. */
export const CHUNK = 16;
/** About this many ids per id shard. */
export const IDS_PER_SHARD = 1000;
/** Slots are < 10 (encoder.ts SLOT): a posting is its position's gap from the previous one × 10 + its slot. */
export const SLOTS = 10;

export interface ShardManifest {
  format: 'khoj-books-shards';
  version: 3;
  generatedAt: string;
  size: number;
  chunk: number;
  idShards: number;
  /** the term shard keys */
  terms: string[];
  /** the first characters with a prefix file */
  prefixes: string[];
  /** the list routes that keep only some books (a route-<route> column each) */
  routes: ListRoute[];
  sources: SourceInfo[];
  stats: Stats;
}

/** The filter columns, each in its own file. */
export const COLUMNS = ['source', 'grade', 'subject', 'language', 'category'] as const;
export type ColumnName = (typeof COLUMNS)[number] | `route-${ListRoute}`;

/** A column: its codes run-length coded (value, run, value, run…) and, for a coded column, its distinct values. */
export interface ColumnFile extends Versioned {
  table?: string[];
  runs: number[];
}

/** Every position with a word starting with a character, ascending, each (gap from the previous) × 10 + the best slot. */
export interface PrefixFile extends Versioned {
  postings: number[];
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

/** The catalog positions in chunk order, each written as its difference from the one before. */
export interface LayoutFile extends Versioned {
  order: number[];
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
export const prefixFile = (char: string): string => `${SHARDS_DIR}/prefix/${keyName(char)}.json`;
export const columnFile = (name: ColumnName): string => `${SHARDS_DIR}/columns/${name}.json`;
export const chunkFile = (k: number): string => `${SHARDS_DIR}/books/${k}.json`;
export const idFile = (k: number): string => `${SHARDS_DIR}/ids/${k}.json`;
export const idShardOf = (id: string, shards: number): number => parseInt(hash53(id).slice(-7), 16) % shards;

export function fromRunLength<T extends Int32Array | Int8Array | Uint8Array>(runs: readonly number[], into: T): T {
  let at = 0;
  for (let i = 0; i < runs.length; i += 2) {
    into.fill(runs[i]!, at, at + runs[i + 1]!);
    at += runs[i + 1]!;
  }
  if (at !== into.length) throw new SyntaxError(`a shard column holds ${at} values, not ${into.length}`);
  return into;
}

/** Where each catalog position sits in chunk order; a SyntaxError unless the file orders every position once. */
export function decodeLayout(f: LayoutFile, size: number): Int32Array {
  if (!Array.isArray(f.order) || f.order.length !== size)
    throw new SyntaxError(`the layout orders ${Array.isArray(f.order) ? f.order.length : 'no'} records, not ${size}`);
  const slotOf = new Int32Array(size).fill(-1);
  let at = 0;
  for (let k = 0; k < size; k++) {
    at += f.order[k]!;
    if (!Number.isInteger(at) || at < 0 || at >= size || slotOf[at] !== -1)
      throw new SyntaxError(`the layout's entry ${k} is not a new position below ${size}`);
    slotOf[at] = k;
  }
  return slotOf;
}

/** A column file back as the query module's column (coded) or codes (grade, routes). */
export function decodeColumn(f: ColumnFile, size: number): Column;
export function decodeColumn<T extends Int8Array | Uint8Array>(f: ColumnFile, size: number, into: T): T;
export function decodeColumn(f: ColumnFile, size: number, into?: Int8Array | Uint8Array): Column | Int8Array | Uint8Array {
  if (into) return fromRunLength(f.runs, into);
  if (!Array.isArray(f.table)) throw new SyntaxError('a coded column without its table');
  return Column.fromCodes(f.table, fromRunLength(f.runs, new Int32Array(size)));
}
