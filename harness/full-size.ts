// The app around the full-size dictionary (the shared dump generator's clean dump, 123,363
// headwords), for the browser tests that need it: the dump (~10 s, or none when kept in
// .cache/dumps), its data build (~15 s) and `vite build` with its compressed copies, into
// .e2e/full-size, kept from the last run while the dump and the sources are unchanged
// (harness/inputs.ts), and made by one spec while another asking at the same time waits for it.
// Read it, never change it: copy it first.

import { execFile } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { letterOf } from '../src/core/dictionary/normalise.ts';
import { makeDump } from './dumps.ts';
import { buildOnce, inputsHash } from './inputs.ts';

const ROOT = resolve(import.meta.dirname, '..');
const DIR = join(ROOT, '.e2e/full-size');
/** The full-size build's dist/ (its api/v1 the whole dictionary). */
export const FULL_SIZE_DIST = join(DIR, 'dist');

// A lock older than this was left by a run that was stopped: taken over.
const STALE_LOCK_MS = 20 * 60_000;

async function build(dump: string): Promise<void> {
  rmSync(DIR, { recursive: true, force: true });
  const node = (args: string[], env: Record<string, string> = {}) =>
    promisify(execFile)(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, maxBuffer: 64 << 20 });
  await node(['data-build/run.mjs', 'cli', '--only', 'dictionary', '--dictionary', dump, '--out', join(DIR, 'data'), '--quiet']);
  await node([join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', '--outDir', FULL_SIZE_DIST, '--emptyOutDir'], {
    KHOJ_DATA_DIR: join(DIR, 'data'),
    KHOJ_BUILD_ID: 'full-size',
  });
}

/** Makes FULL_SIZE_DIST now if its sources changed since it was last made; its path. */
export async function fullSizeBuild(): Promise<string> {
  const dump = makeDump('clean').file;
  await buildOnce(DIR, inputsHash(['harness/full-size.ts', relative(ROOT, dump)]), () => build(dump), STALE_LOCK_MS);
  return FULL_SIZE_DIST;
}

/** 13 letters spread over the alphabet (`letters`, in its order), a word from the middle of each of `words`. */
export function wordsOfLetters(words: readonly string[], letters: readonly string[]): string[] {
  const byLetter = new Map<string, string[]>();
  for (const w of words) {
    const l = letterOf(w);
    if (byLetter.has(l)) byLetter.get(l)!.push(w);
    else byLetter.set(l, [w]);
  }
  const picked = Array.from({ length: 13 }, (_, i) => letters[Math.floor((i * letters.length) / 13)]!);
  return picked.map((l) => byLetter.get(l)![Math.floor(byLetter.get(l)!.length / 2)]!);
}

/**
 * A copy of the built app `from` (returned as `to`) whose dictionary is the full-size build's: its
 * api/v1 with the compressed copies replaced, as the global setup's dist-a-data-b does. The app
 * reads the dictionary only from api/v1; its Devanagari font stays subset to `from`'s data.
 */
export function withFullSizeDictionary(from: string, to: string): string {
  rmSync(to, { recursive: true, force: true });
  cpSync(from, to, { recursive: true });
  rmSync(join(to, 'api/v1'), { recursive: true });
  cpSync(join(FULL_SIZE_DIST, 'api/v1'), join(to, 'api/v1'), { recursive: true });
  return to;
}
