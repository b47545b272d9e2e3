// ../shared/data: real upstream data. In CI its absence fails loudly; elsewhere the
// tests that need it are skipped with a printed reason.

import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

export const SHARED = resolve(import.meta.dirname, '../../../shared');
export const SHARED_DATA = resolve(SHARED, 'data');
export const HEADWORDS = resolve(SHARED_DATA, 'dictionary/headwords.txt');
export const DUMP_TOOL = resolve(SHARED, 'tools/make-dictionary-dump.mjs');

export const hasSharedData = existsSync(HEADWORDS) && existsSync(DUMP_TOOL);

if (!hasSharedData) {
  if (process.env.CI) throw new Error(`../shared/data is missing (${SHARED_DATA}): CI must run with shared/ beside the project`);
  console.warn(`SKIPPING real-data tests: ${SHARED_DATA} not found`);
}
