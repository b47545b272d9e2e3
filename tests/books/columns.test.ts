// catalog.json by columns (src/core/books/columns.ts), what the worker's save fetches: it must
// give back catalog.json to the byte (the worker stores and serves that text), for any record
// shapes, on today's real records, and refuse a damaged file with a message naming the part.

import fc from 'fast-check';
import { brotliCompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { COLUMNS_FILE, fromColumns, toColumns } from '../../src/core/books/columns.ts';
import type { CatalogFile } from '../../src/core/books/types.ts';
import { currentCatalog, hasCurrentData } from '../../harness/books/current-records.ts';
import { syntheticCatalog } from '../../harness/books/synthetic.ts';

/** catalog.json's text → the columns file's text → catalog.json's text, as the build writes and the worker reads them. */
const roundTrip = (text: string): string => JSON.stringify(fromColumns(JSON.parse(JSON.stringify(toColumns(JSON.parse(text) as CatalogFile)))));

const json: fc.Arbitrary<unknown> = fc.jsonValue({ maxDepth: 2 });
const key = fc.oneof(
  fc.constantFrom('id', 'title', 'downloadUrl', '__proto__', 'constructor', 'toString', ''),
  fc.string({ maxLength: 6 }),
  fc.string({ unit: 'grapheme', maxLength: 3 }),
);

describe('catalog.json by columns', () => {
  it('gives back catalog.json to the byte, whatever the records hold and in whatever key order (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.dictionary(key, json, { maxKeys: 6 }), { maxLength: 30 }), fc.dictionary(key, json, { maxKeys: 3 }), (books, extra) => {
        const text = JSON.stringify({ format: 'khoj-books-catalog', ...extra, books, generatedAt: '2026-11-26T00:00:00Z' });
        expect(roundTrip(text)).toBe(text);
      }),
      { numRuns: 300, seed: 26 },
    );
  });

  it('gives back a synthetic catalog to the byte, and is smaller under brotli', () => {
    const text = JSON.stringify(syntheticCatalog(2000, 9));
    const columns = JSON.stringify(toColumns(JSON.parse(text) as CatalogFile));
    expect(roundTrip(text)).toBe(text);
    expect(brotliCompressSync(columns).length).toBeLessThan(brotliCompressSync(text).length);
  });

  it.skipIf(!hasCurrentData)("gives back a catalog of today's real records to the byte", () => {
    const text = JSON.stringify(currentCatalog());
    expect(roundTrip(text)).toBe(text);
  });

  it('refuses a damaged file, naming the part', () => {
    const good = toColumns(syntheticCatalog(20, 2));
    const damaged = (change: (f: Record<string, unknown>) => void) => {
      const f = JSON.parse(JSON.stringify(good)) as Record<string, unknown>;
      change(f);
      return () => fromColumns(f);
    };
    expect(() => fromColumns(null)).toThrow(`${COLUMNS_FILE}: not a columns file of version 1`);
    expect(damaged((f) => (f.version = 2))).toThrow('not a columns file of version 1');
    expect(damaged((f) => delete f.shapes)).toThrow('a part is missing');
    expect(damaged((f) => (f.columns as Record<string, unknown[]>).title!.pop())).toThrow('the column "title" ends before record 19');
    expect(damaged((f) => (f.columns as Record<string, unknown[]>).title!.push('x'))).toThrow('the column "title" holds more values than records');
    expect(damaged((f) => (f.shape as number[]).push(99))).toThrow('record 20 has no key list 99');
    expect(() => fromColumns(good)).not.toThrow();
  });
});
