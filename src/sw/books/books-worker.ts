/// <reference lib="webworker" />
// The textbook catalog in the worker: every method on its paths (so HEAD and 405 work offline).

import type { WorkerSection } from '../worker-section.ts';
import { current, storedCatalogText, takeCatalog } from './catalog.ts';
import { answerBooks, renew, storeCatalog } from './route.ts';
import { booksSave } from './save.ts';

export const booksWorker: WorkerSection<'books'> = {
  id: 'books',
  answer: (rel, _prefix, request) => answerBooks(rel, request),
  onInstall: () => void booksSave(),
  // The catalog's JSON (never a PDF): stored once read, so reading it is saving it.
  saveOffline: () => storeCatalog(),
  offlineStatus: () => current().then((c) => c?.books ?? 0),
  // A content pack's catalog part: the stored catalog out, a checked newer one in (catalog.ts).
  calls: () => ({
    'books-catalog-part': async () => (await storedCatalogText()) ?? null,
    'books-catalog-take': ({ text, name }) => takeCatalog(text, name, renew),
  }),
};
