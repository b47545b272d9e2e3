// The sections the worker serves: one line each (their paths and names: src/core/sections.ts).

import { booksSection } from './books/section.ts';
import { dictionarySection } from './dictionary/section.ts';
import { marketSection } from './market/section.ts';
import type { AnyWorkerSection } from './section.ts';

export const WORKER_SECTIONS: readonly AnyWorkerSection[] = [dictionarySection, booksSection, marketSection];
