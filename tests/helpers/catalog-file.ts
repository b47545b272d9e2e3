// A test's edit of a built catalog, written as a build writes it: catalog.json and its columns
// file (src/core/books/columns.ts), which is what the worker's save fetches. Editing
// catalog.json alone would leave the worker saving the build's records.

import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { COLUMNS_FILE, toColumns } from '../../src/core/books/columns.ts';
import { FILES } from '../../src/core/books/paths.ts';
import type { CatalogFile } from '../../src/core/books/types.ts';

/** Writes catalog.json (its text, or the object as JSON) and its columns file into a built tree. */
export function writeCatalog(dist: string, catalog: string | object): void {
  const text = typeof catalog === 'string' ? catalog : JSON.stringify(catalog);
  writeFileSync(join(dist, FILES.catalog), text);
  writeFileSync(join(dist, COLUMNS_FILE), JSON.stringify(toColumns(JSON.parse(text) as CatalogFile)));
}

/** A host that has lost its catalog: catalog.json and its columns file gone, with their compressed copies. */
export function removeCatalog(dist: string): void {
  for (const file of [FILES.catalog, COLUMNS_FILE]) for (const ext of ['', '.br', '.gz']) rmSync(join(dist, file + ext), { force: true });
}
