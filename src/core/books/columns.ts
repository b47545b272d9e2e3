// catalog.json by columns: what the worker's save fetches (api/books-shards/catalog-columns.json).
// The same JSON, its records turned inside out: each field's values side by side, so that
// brotli finds the repeats of a field (URLs of one host, dates, categories) next to each
// other. At 11,700 records in today's shapes: 402 KB brotli against catalog.json's 482 KB
// (bench/RESULTS.md, books-scale). Lossless to the byte: fromColumns gives back an object
// that JSON.stringify writes exactly as catalog.json (the build checks it for every catalog,
// data-build/books/build.ts), so the worker stores and serves catalog.json from it.

import { SHARDS_DIR } from './shards.ts';
import type { CatalogFile } from './types.ts';

export const COLUMNS_FILE = `${SHARDS_DIR}/catalog-columns.json`;

type Json = unknown;

export interface ColumnsFile {
  format: 'khoj-books-columns';
  version: 1;
  /** catalog.json's own keys, in order; its "books" is rebuilt from the columns */
  keys: string[];
  /** catalog.json's values but "books" */
  rest: Record<string, Json>;
  /** the distinct key lists of the records, each in the record's key order */
  shapes: string[][];
  /** per record: its key list (an index into shapes) */
  shape: number[];
  /** per key: the values of the records that have it, in record order */
  columns: Record<string, Json[]>;
}

/** catalog.json (as parsed from its text) by columns. */
export function toColumns(catalog: CatalogFile): ColumnsFile {
  const shapes: string[][] = [];
  const shapeOf = new Map<string, number>();
  const shape: number[] = [];
  const columns: Record<string, Json[]> = {};
  for (const book of catalog.books as unknown as Record<string, Json>[]) {
    const keys = Object.keys(book);
    const sig = JSON.stringify(keys);
    let s = shapeOf.get(sig);
    if (s === undefined) shapeOf.set(sig, (s = shapes.push(keys) - 1));
    shape.push(s);
    for (const k of keys) (Object.hasOwn(columns, k) ? columns[k]! : defineColumn(columns, k)).push(book[k]);
  }
  const keys = Object.keys(catalog);
  const rest = Object.fromEntries(Object.entries(catalog).filter(([k]) => k !== 'books'));
  return { format: 'khoj-books-columns', version: 1, keys, rest, shapes, shape, columns };
}

/** An own property even for a key like "__proto__" (a plain assignment would set the prototype). */
function defineColumn(columns: Record<string, Json[]>, key: string): Json[] {
  const column: Json[] = [];
  Object.defineProperty(columns, key, { value: column, enumerable: true, writable: true, configurable: true });
  return column;
}

/** The catalog back from its columns; a SyntaxError naming the problem when the file is not a whole columns file. */
export function fromColumns(file: unknown): CatalogFile {
  const f = file as Partial<ColumnsFile> | null;
  const bad = (what: string) => new SyntaxError(`${COLUMNS_FILE}: ${what}`);
  if (f?.format !== 'khoj-books-columns' || f.version !== 1) throw bad('not a columns file of version 1');
  const { keys, rest, shapes, shape, columns } = f;
  if (!Array.isArray(keys) || !isObject(rest) || !Array.isArray(shapes) || !Array.isArray(shape) || !isObject(columns)) throw bad('a part is missing');
  const next = new Map<string, number>();
  const books = shape.map((s, i) => {
    const ks = shapes[s];
    if (!Array.isArray(ks)) throw bad(`record ${i} has no key list ${s}`);
    return Object.fromEntries(
      ks.map((k) => {
        const column = Object.hasOwn(columns, k) ? columns[k] : undefined;
        const at = next.get(k) ?? 0;
        if (!Array.isArray(column) || at >= column.length) throw bad(`the column "${k}" ends before record ${i}`);
        next.set(k, at + 1);
        return [k, column[at]];
      }),
    );
  });
  for (const [k, column] of Object.entries(columns)) if (column.length !== (next.get(k) ?? 0)) throw bad(`the column "${k}" holds more values than records`);
  return Object.fromEntries(keys.map((k) => [k, k === 'books' ? books : rest[k]])) as unknown as CatalogFile;
}

const isObject = (v: unknown): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);
