// Atomic output: a subtree (such as `api/v1`) is written in full beside its target,
// then swapped in with renames. A failed build leaves the previous subtree untouched.

import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

export type FileContent = string | Uint8Array;

export interface WriteResult {
  files: number;
  bytes: number;
}

/**
 * Writes `files` (paths relative to the subtree, using `/`) to `outDir/subtree`.
 * `check` may throw to refuse the staged tree; the old one then stays.
 */
export async function writeSubtree(
  outDir: string,
  subtree: string,
  files: Iterable<[string, FileContent]>,
  check?: (stagedDir: string) => void,
): Promise<WriteResult> {
  const target = join(outDir, subtree);
  const parent = dirname(target);
  mkdirSync(parent, { recursive: true });
  // Staged inside the same parent, so the final rename never crosses file systems.
  const staged = mkdtempSync(join(parent, '.staging-'));
  let count = 0;
  let bytes = 0;
  // Writes run on libuv's threads while the next file is serialised on this one.
  const inFlight = new Set<Promise<void>>();
  try {
    const made = new Set<string>();
    for (const [rel, content] of files) {
      if (rel.split('/').some((part) => part === '..' || part === '')) throw new Error(`refusing to write outside the output: ${rel}`);
      const path = join(staged, ...rel.split('/'));
      const dir = dirname(path);
      if (!made.has(dir)) {
        mkdirSync(dir, { recursive: true });
        made.add(dir);
      }
      const write: Promise<void> = writeFile(path, content).finally(() => inFlight.delete(write));
      inFlight.add(write);
      if (inFlight.size >= 16) await Promise.race(inFlight);
      count++;
      bytes += typeof content === 'string' ? Buffer.byteLength(content) : content.byteLength;
    }
    await Promise.all(inFlight);
    check?.(staged);
    swapIn(staged, target);
  } catch (e) {
    await Promise.allSettled(inFlight);
    rmSync(staged, { recursive: true, force: true });
    throw e;
  }
  return { files: count, bytes };
}

function swapIn(staged: string, target: string): void {
  if (!existsSync(target)) {
    renameSync(staged, target);
    return;
  }
  const old = `${staged}.old`;
  renameSync(target, old);
  try {
    renameSync(staged, target);
  } catch (e) {
    renameSync(old, target);
    throw e;
  }
  rmSync(old, { recursive: true, force: true });
}
