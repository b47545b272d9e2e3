/// <reference lib="webworker" />
// The catalog's shard writer (save-script.ts), imported on first use (on-demand.ts).

import type { CatalogFile } from '../../core/books/types.ts';
import { onDemand } from '../on-demand.ts';
import type { BooksSave } from './save-script.ts';

/** The script's file name, content-hashed, so a change to it changes (and so updates) the worker. */
declare const __KHOJ_BOOKS_SAVE__: string;

/** The script's exports; called once at install, so the browser keeps the script with the worker (on-demand.ts). */
export const booksSave = onDemand<BooksSave>('khojBooksSave', __KHOJ_BOOKS_SAVE__);

/** Every shard file of a catalog (core/books/shard-writer.ts), from the script. */
export const shardsOf = (catalog: CatalogFile): Map<string, string> => booksSave().shardsOf(catalog);

/** catalog.json from its columns file (core/books/columns.ts), from the script. */
export const catalogFromColumns = (file: unknown): CatalogFile => booksSave().fromColumns(file);

/** A catalog's text checked (core/books/catalog-check.ts), from the script. */
export const checkCatalog = (text: string, name: string) => booksSave().checkCatalog(text, name);
