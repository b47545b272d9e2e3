/// <reference lib="webworker" />
// The textbook catalog in the worker: every method on its paths (so HEAD and 405 work offline).

import type { WorkerSection } from '../section.ts';
import { answerBooks } from './route.ts';

export const booksSection: WorkerSection = {
  id: 'books',
  answer: (rel, _prefix, request) => answerBooks(rel, request),
};
