// The sections the worker serves: one line each (their paths and names: src/core/sections.ts).

import { booksWorker } from './books/books-worker.ts';
import { dictionaryWorker } from './dictionary/dictionary-worker.ts';
import { marketWorker } from './market/market-worker.ts';
import type { AnyWorkerSection } from './worker-section.ts';

export const WORKER_SECTIONS: readonly AnyWorkerSection[] = [dictionaryWorker, booksWorker, marketWorker];
