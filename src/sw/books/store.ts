// IndexedDB for the textbook catalog: the files of one build, each a row keyed by its path —
// the shards the worker answers from (api/books-shards/…, src/core/books/shards.ts) and the
// whole api/books/catalog.json (served as a file offline, never parsed here). A new build's
// rows replace the old ones in one transaction, so readers see the old catalog or the new
// one, never a mix. Covers, docs and the upstream LICENSE/NOTICE live in Cache Storage
// (cache-files.ts).

import type { DBSchema } from 'idb';
import { lazyDb } from '../../shared/open-db.ts';
import { SECTION } from '../../core/sections.ts';
import { storageError } from '../../shared/storage-problem.ts';

export interface FileRow {
  /** the catalog's generatedAt: its version */
  generatedAt: string;
  /** the file as fetched or built */
  text: string;
}

interface Schema extends DBSchema {
  files: { key: string; value: FileRow };
}

const db = lazyDb<Schema>(SECTION.books.databases.catalog, 2, (d) => {
  // Version 1 kept the whole catalog in one row of a store named "catalog": fetched again.
  const names = d.objectStoreNames as unknown as DOMStringList;
  if (names.contains('catalog')) (d as unknown as IDBDatabase).deleteObjectStore('catalog');
  if (!names.contains('files')) d.createObjectStore('files');
});

/** A stored file of the catalog; undefined when it is not stored; throws on a storage failure. A row that is not what was stored is removed and reported as corrupt. */
export async function readFile(path: string): Promise<FileRow | undefined> {
  const d = await db();
  const row = await d.get('files', path);
  if (row && (typeof row.text !== 'string' || typeof row.generatedAt !== 'string')) {
    await d.delete('files', path).catch(() => undefined);
    throw storageError('corrupt', `the stored ${path} is damaged`);
  }
  return row;
}

/** Replaces every stored file with these, in one transaction. */
export async function writeFiles(generatedAt: string, files: Iterable<[string, string]>): Promise<void> {
  const tx = (await db()).transaction('files', 'readwrite');
  const store = tx.objectStore('files');
  const puts: Array<Promise<unknown>> = [store.clear()];
  for (const [path, text] of files) puts.push(store.put({ generatedAt, text }, path));
  await Promise.all([...puts, tx.done]);
}
