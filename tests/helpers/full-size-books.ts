// The app built around the full-size dictionary (the shared dump generator's 123,363 headwords,
// harness/dumps.ts) with the sample catalog beside it, for the readers' tap to look up
// (tests/e2e/books-tap-lookup.spec.ts). Made once and kept in .e2e/ while its sources and the dump
// are unchanged (harness/inputs.ts).

import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { makeDump } from '../../harness/dumps.ts';
import { builtFrom, inputsHash, markBuilt } from '../../harness/inputs.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const DIR = join(ROOT, '.e2e/full-size-books');

/** The built app's folder. */
export function fullSizeBooksDist(): string {
  const dump = makeDump('clean').file;
  const dist = join(DIR, 'dist');
  const inputs = inputsHash(['tests/helpers/full-size-books.ts', relative(ROOT, dump)]);
  if (builtFrom(DIR, inputs)) return dist;
  rmSync(DIR, { recursive: true, force: true });
  const node = (args: string[], env: Record<string, string> = {}) =>
    execFileSync(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  node(['data-build/run.mjs', 'cli', '--only', 'dictionary,books', '--dictionary', dump, '--out', join(DIR, 'data'), '--quiet']);
  node([join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', '--outDir', dist, '--emptyOutDir'], {
    KHOJ_DATA_DIR: join(DIR, 'data'),
    KHOJ_BUILD_ID: 'full-size-books',
  });
  markBuilt(DIR, inputs);
  return dist;
}
