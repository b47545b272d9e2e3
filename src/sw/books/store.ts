// IndexedDB for the textbook catalog: one row, the catalog file's text as fetched, under the
// key "current" (replaced in one put, so readers see the old catalog or the new one, never a
// mix). Covers, docs and the upstream LICENSE/NOTICE live in Cache Storage (cache-files.ts).

import type { DBSchema } from 'idb';
import { lazyDb } from '../../shared/open-db.ts';
import { SECTION } from '../../core/sections.ts';
import { storageError } from '../../shared/storage-problem.ts';

export interface CatalogRow {
  key: 'current';
  /** the catalog's generatedAt: its version */
  generatedAt: string;
  /** catalog.json as fetched */
  text: string;
  storedAt: number;
}

interface Schema extends DBSchema {
  catalog: { key: string; value: CatalogRow };
}

const db = lazyDb<Schema>(SECTION.books.databases.catalog, 1, (d) => void d.createObjectStore('catalog', { keyPath: 'key' }));

/** The stored catalog row; throws on a storage failure. A row that is not what was stored is removed and reported as corrupt. */
export async function readCatalog(): Promise<CatalogRow | undefined> {
  const d = await db();
  const row = await d.get('catalog', 'current');
  if (row && (typeof row.text !== 'string' || typeof row.generatedAt !== 'string')) {
    await d.delete('catalog', 'current').catch(() => undefined);
    throw storageError('corrupt', 'the stored catalog row is damaged');
  }
  return row;
}

export async function writeCatalog(generatedAt: string, text: string): Promise<void> {
  await (await db()).put('catalog', { key: 'current', generatedAt, text, storedAt: Date.now() });
}
