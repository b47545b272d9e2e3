// ../shared/data: real upstream data. The one gate for the tests that need it: in CI its
// absence fails loudly; elsewhere those tests are skipped with a printed reason.

import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/** ../shared beside the project; KHOJ_SHARED names another (a folder that does not exist shows what runs without it). */
export const SHARED = resolve(process.env.KHOJ_SHARED ?? resolve(import.meta.dirname, '../../shared'));
export const SHARED_DATA = resolve(SHARED, 'data');
export const HEADWORDS = resolve(SHARED_DATA, 'dictionary/headwords.txt');
export const DUMP_TOOL = resolve(SHARED, 'tools/make-dictionary-dump.mjs');
export const BOOK_DATA = resolve(SHARED_DATA, 'books');
export const MARKET_DATA = resolve(SHARED_DATA, 'market');

/** Whether every one of `paths` is there; `what` names the data in the CI failure and the skip note. */
export function realData(what: string, paths: readonly string[]): boolean {
  const missing = paths.filter((p) => !existsSync(p));
  if (!missing.length) return true;
  if (process.env.CI) throw new Error(`${what} is missing (${missing.join(', ')}): CI must run with ../shared beside the project`);
  console.warn(`SKIPPING ${what} tests: ${missing.join(', ')} not found`);
  return false;
}

export const hasSharedData = realData('real dictionary data', [HEADWORDS, DUMP_TOOL]);
