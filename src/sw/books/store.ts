// IndexedDB for the textbook catalog: the files of one build, each a row keyed by its path —
// the shards the worker answers from (api/books-shards/…, src/core/books/shards.ts) and the
// whole api/books/catalog.json (served as a file offline, never parsed here). A new build's
// rows replace the old ones in one transaction, so readers see the old catalog or the new
// one, never a mix. Covers, docs and the upstream LICENSE/NOTICE live in Cache Storage
// (cache-files.ts).

import type { DBSchema } from 'idb';
import { lazyDb } from '../../databases/open-db.ts';
import { SECTION } from '../../core/sections.ts';
import { storageError } from '../../databases/storage-problem.ts';

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

interface Waiting {
  resolve: (row: FileRow | undefined) => void;
  reject: (e: unknown) => void;
}

/** Reads asked in one turn of the event loop (a page's record chunks): read together, in one transaction. */
let batch: Map<string, Waiting[]> | undefined;

/** A stored file of the catalog; undefined when it is not stored; throws on a storage failure. A row that is not what was stored is removed and reported as corrupt. */
export function readFile(path: string): Promise<FileRow | undefined> {
  let wait!: Waiting;
  const promise = new Promise<FileRow | undefined>((resolve, reject) => (wait = { resolve, reject }));
  if (!batch) {
    const b = (batch = new Map());
    queueMicrotask(() => {
      batch = undefined;
      void readBatch(b);
    });
  }
  const waiting = batch.get(path);
  if (waiting) waiting.push(wait);
  else batch.set(path, [wait]);
  return promise;
}

async function readBatch(b: Map<string, Waiting[]>): Promise<void> {
  try {
    const d = await db();
    const tx = d.transaction('files');
    const rows = await Promise.all([...b.keys()].map((path) => tx.store.get(path)));
    [...b].forEach(([path, waits], i) => {
      const row = rows[i];
      if (row && (typeof row.text !== 'string' || typeof row.generatedAt !== 'string')) {
        void d.delete('files', path).catch(() => undefined);
        const e = storageError('corrupt', `the stored ${path} is damaged`);
        for (const w of waits) w.reject(e);
      } else for (const w of waits) w.resolve(row);
    });
  } catch (e) {
    for (const waits of b.values()) for (const w of waits) w.reject(e);
  }
}

/** Replaces every stored file with these, in one transaction. */
export async function writeFiles(generatedAt: string, files: Iterable<[string, string]>): Promise<void> {
  const tx = (await db()).transaction('files', 'readwrite');
  const store = tx.objectStore('files');
  const puts: Array<Promise<unknown>> = [store.clear()];
  for (const [path, text] of files) puts.push(store.put({ generatedAt, text }, path));
  await Promise.all([...puts, tx.done]);
}
