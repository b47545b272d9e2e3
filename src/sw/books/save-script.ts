/// <reference lib="webworker" />
// Built as a script of its own (src/vite/sw-scripts.ts) that the worker imports on first use
// (save.ts): what saving a catalog needs — catalog.json from its columns file, its query module's columns and ids, the search
// index's words, the shard writer, and the check of a catalog taken from a content pack. A worker that only answers from stored shards never loads it.

import { fromColumns } from '../../core/books/columns.ts';
import { BooksApi } from '../../core/books/query.ts';
import { shardCatalog } from '../../core/books/shard-writer.ts';
import type { CatalogFile } from '../../core/books/types.ts';
import { checkCatalog } from '../../core/books/catalog-check.ts';

const booksSave = {
  /** Every shard file of a catalog (path → JSON text). */
  shardsOf: (catalog: CatalogFile): Map<string, string> => shardCatalog(catalog, new BooksApi(catalog)),
  /** The catalog from its columns file (parsed), as fetched. */
  fromColumns,
  /** A catalog taken from a content pack, checked by the validator generated from its schema (core/books/catalog-check.ts). */
  checkCatalog,
};
export type BooksSave = typeof booksSave;

(self as unknown as { khojBooksSave: BooksSave }).khojBooksSave = booksSave;
