// Whether a build the browser tests made is still what the sources would build: the hash of
// everything a build reads (the app and data-build sources, the Vite config, the lock file, the
// KHOJ_/VITE_ settings, Node's version) plus the files that made it, kept beside the build. Same
// hash: the build is reused (a second `npm test` with no change to src/ builds nothing); any
// change: it is built again. A clean checkout has no build, so CI always builds.

import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const SOURCES = ['src', 'data-build', 'index.html', 'vite.config.ts', 'tsconfig.json', 'package-lock.json', 'harness/variant.ts', 'harness/inputs.ts'];
// How the runner itself is told to run: no part of what is built.
const RUNNER_ONLY = new Set(['KHOJ_E2E_REUSE', 'KHOJ_E2E_WORKERS', 'KHOJ_SHARED']);

function filesOf(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { recursive: true, encoding: 'utf8' })
    .map((f) => join(path, f))
    .filter((f) => statSync(f).isFile())
    .sort();
}

/** What the data build reads (data-build/run.mjs bundles these): a change to the app alone leaves its output as it was. */
const DATA_SOURCES = ['data-build', 'src/core', 'src/server', 'package-lock.json', 'harness/inputs.ts', 'harness/variant.ts'];

/** The hash of the sources and settings a build reads, of `extra` (paths from the root: the script that builds) and of `args`. */
export const inputsHash = (extra: readonly string[], ...args: string[]): string => hashOf(SOURCES, extra, args);
/** inputsHash for a data build only (no Vite build of the app). */
export const dataInputsHash = (extra: readonly string[], ...args: string[]): string => hashOf(DATA_SOURCES, extra, args);

function hashOf(sources: readonly string[], extra: readonly string[], args: readonly string[]): string {
  const h = createHash('sha256');
  for (const path of [...sources, ...extra].flatMap((p) => filesOf(join(ROOT, p))))
    h.update(path.slice(ROOT.length)).update('\0').update(readFileSync(path)).update('\0');
  const env = Object.entries(process.env).filter(([k]) => /^(KHOJ|VITE)_/.test(k) && !RUNNER_ONLY.has(k));
  h.update(JSON.stringify(env.sort(([a], [b]) => a.localeCompare(b))))
    .update(process.version)
    .update(JSON.stringify(args));
  return h.digest('hex');
}

const stamp = (dir: string, name = '.inputs-sha256') => join(dir, name);

/** Whether `dir` was built (markBuilt) from inputs with this hash (`name`: one of several stamps in it). */
export const builtFrom = (dir: string, hash: string, name?: string): boolean => existsSync(stamp(dir, name)) && readFileSync(stamp(dir, name), 'utf8') === hash;

/** Records that `dir` is now built from `hash`: written last, so a build cut short is never taken for whole. */
export const markBuilt = (dir: string, hash: string, name?: string): void => writeFileSync(stamp(dir, name), hash);

/**
 * Builds `dir` with `build` unless it is already built from `hash`. Several test files (and workers)
 * may ask at once: one takes `${dir}.lock` and builds, the others wait for its stamp; a lock older
 * than `staleMs` is taken to be left behind by a killed run and taken over.
 */
export async function buildOnce(dir: string, hash: string, build: () => Promise<void>, staleMs: number, pollMs = 500): Promise<void> {
  const lock = `${dir}.lock`;
  mkdirSync(join(dir, '..'), { recursive: true });
  while (!builtFrom(dir, hash)) {
    try {
      mkdirSync(lock);
    } catch {
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > staleMs) rmSync(lock, { recursive: true, force: true });
      await new Promise((ok) => setTimeout(ok, pollMs));
      continue;
    }
    try {
      if (!builtFrom(dir, hash)) {
        await build();
        markBuilt(dir, hash);
      }
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}
