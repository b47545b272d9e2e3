// The app at real size, for `npm run lighthouse -- --real` and the browser tests that visit every
// route of it: the full-size dictionary (the shared dump generator's clean dump, 123,363 entries,
// kept in .cache/dumps), a catalog of today's shapes at 11,700 records (as the books-scale bench
// makes it: harness/books/current-records.ts) and the real market snapshot of ../shared/data (layout
// B, after the close on 2026-05-07), built as `npm run data` and `vite build` do. Made once, in
// .cache/real-build/<hash of its sources> (harness/inputs.ts), by the first process that
// asks (one asking at the same time waits for it), and reused until a source changes. Read it,
// never change it: copy it first.

import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { scaledCurrentCatalog } from './books/current-records.ts';
import { makeDump } from './dumps.ts';
import { buildOnce, inputsHash } from './inputs.ts';
import { SHARED_DATA } from './shared-data.ts';

const ROOT = resolve(import.meta.dirname, '..');
const CACHE = join(ROOT, '.cache/real-build');
const STALE_LOCK_MS = 30 * 60_000;
/** Today's catalog size (bench/books-scale.ts). */
export const REAL_BOOKS = 11_700;
/** The real market snapshot: complete, after the close. */
export const REAL_MARKET = join(SHARED_DATA, 'market/layout-b/2026-05-07T1123Z');

export interface RealBuild {
  data: string;
  dist: string;
}

const node = (args: string[], env: Record<string, string> = {}) =>
  promisify(execFile)(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, maxBuffer: 64 << 20 });

async function build(dir: string, dump: string): Promise<void> {
  for (const old of existsSync(CACHE) ? readdirSync(CACHE) : [])
    if (!dir.endsWith(old) && !old.endsWith('.lock')) rmSync(join(CACHE, old), { recursive: true, force: true });
  rmSync(dir, { recursive: true, force: true });
  const work = mkdtempSync(join(tmpdir(), 'khoj-real-books-'));
  try {
    // The merged file of upstream's shape (data-build/books/README.md: one file of records).
    const books = join(work, 'all_books.json');
    writeFileSync(books, JSON.stringify(scaledCurrentCatalog(REAL_BOOKS, 42).books));
    await node(['data-build/run.mjs', 'cli', '--dictionary', dump, '--books', books, '--market', REAL_MARKET, '--out', join(dir, 'data'), '--quiet'], {
      KHOJ_BOOKS_PDFS: 'none',
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  await node([join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', '--outDir', join(dir, 'dist'), '--emptyOutDir'], {
    KHOJ_DATA_DIR: join(dir, 'data'),
    KHOJ_BUILD_ID: 'real',
  });
}

/** The real-size production build, made now if its sources changed since it was last made. */
export async function realBuild(): Promise<RealBuild> {
  const dump = makeDump('clean').file;
  const inputs = inputsHash(['harness/real-build.ts', 'harness/books/current-records.ts', relative(ROOT, dump), relative(ROOT, REAL_MARKET)]);
  const dir = join(CACHE, inputs.slice(0, 16));
  await buildOnce(dir, inputs, () => build(dir, dump), STALE_LOCK_MS, 1000);
  return { data: join(dir, 'data'), dist: join(dir, 'dist') };
}
