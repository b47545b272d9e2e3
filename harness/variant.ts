// Variants of the suite's two builds without building again: a copy of a built dist/ with one
// build-time string replaced in its scripts (the build id the worker reports, the default market
// upstream), their .br and .gz written again. Used by the global setup and by specs that need an
// upstream on a port known only when they run. A production build is never touched.

import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const E2E = resolve(import.meta.dirname, '../.e2e');

/** The app with all three sections' sample data and the worker's test hooks (tests/e2e/global-setup.ts). */
export const ALL_DIST = join(E2E, 'all/dist');
/** Its data tree (`npm run data` output: api/v1, api/books, data/…). */
export const ALL_DATA = join(E2E, 'all/data');
/** The build ids of dist-a and dist-b (the worker's `build` in its status). */
export const E2E_BUILD_A = 'e2e-build-a';
export const E2E_BUILD_B = 'e2e-build-b';
/** The market upstream ALL_DIST is built with: a closed port, so a refresh fails at once and never leaves the machine. */
export const PLACEHOLDER_UPSTREAM = 'http://127.0.0.1:9/khoj-e2e-upstream';

function scripts(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.js'))
    .map((f) => join(dir, f));
}

/**
 * Copies `from` to `to` (replacing it) with every `"<find>"` in its scripts made `"<replace>"`,
 * and their precompressed copies written anew. Fails when no script holds the string: the build
 * changed and the variant would silently be the original.
 */
export function replacedCopy(from: string, to: string, find: string, replace: string): string {
  rmSync(to, { recursive: true, force: true });
  cpSync(from, to, { recursive: true });
  let found = 0;
  for (const file of scripts(to)) {
    const text = readFileSync(file, 'utf8');
    const quoted = new RegExp(`(["'\`])${find.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\1`, 'g');
    if (!quoted.test(text)) continue;
    found++;
    const bytes = Buffer.from(text.replace(quoted, (_m, q: string) => `${q}${replace}${q}`));
    writeFileSync(file, bytes);
    if (existsSync(`${file}.br`)) writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
    if (existsSync(`${file}.gz`)) writeFileSync(`${file}.gz`, gzipSync(bytes));
  }
  if (found === 0) throw new Error(`${from}: no script holds "${find}"`);
  return to;
}

/** The same app with another build id: a changed sw.js, so the browser sees an update. */
export const withBuildId = (from: string, to: string, id: string, newId: string): string => replacedCopy(from, to, id, newId);

/** ALL_DIST with `upstream` as its default market upstream, copied into `dir` (returned). */
export const allWithUpstream = (dir: string, upstream: string): string => replacedCopy(ALL_DIST, dir, PLACEHOLDER_UPSTREAM, upstream);
