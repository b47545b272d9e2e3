// Atomic output: a subtree (such as `api/v1`) is written in full beside its target,
// then swapped in with renames. A failed build leaves the previous subtree untouched.

import { chmodSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { KhojError } from '../src/core/errors.ts';
import { assert } from '../src/core/assert.ts';

export type FileContent = string | Uint8Array;

export interface WriteResult {
  files: number;
  bytes: number;
}

// UTF-8 encoding and writing run on a second thread while this one serialises
// the next file: on two cores that nearly halves the write phase.
const WRITER = `
const { parentPort } = require('node:worker_threads');
const { writeFileSync } = require('node:fs');
let bytes = 0, error;
parentPort.on('message', (m) => {
  if (m === 'done') return parentPort.postMessage({ bytes, error });
  if (error) return;
  try {
    const buf = typeof m.content === 'string' ? Buffer.from(m.content) : m.content;
    writeFileSync(m.path, buf);
    bytes += buf.byteLength;
  } catch (e) { error = String(e && e.message || e); }
});`;

/**
 * Writes `files` (paths relative to the subtree, using `/`) to `outDir/subtree`.
 * `check` runs while the last files are still being written; if it throws (or its promise
 * rejects), the staged tree is discarded and the old one stays.
 */
export async function writeSubtree(
  outDir: string,
  subtree: string,
  files: Iterable<[string, FileContent]>,
  check?: () => void | Promise<void>,
): Promise<WriteResult> {
  const target = join(outDir, subtree);
  const parent = dirname(target);
  mkdirSync(parent, { recursive: true });
  // Staged inside the same parent, so the final rename never crosses file systems.
  const staged = mkdtempSync(join(parent, '.staging-'));
  const worker = new Worker(WRITER, { eval: true });
  let count = 0;
  try {
    const made = new Set<string>();
    for (const [rel, content] of files) {
      assert(!rel.split('/').some((part) => part === '..' || part === '' || part === '.'), `refusing to write outside the output: ${rel}`);
      const path = join(staged, ...rel.split('/'));
      const dir = dirname(path);
      if (!made.has(dir)) {
        mkdirSync(dir, { recursive: true });
        made.add(dir);
      }
      worker.postMessage({ path, content });
      count++;
    }
    const finished = new Promise<{ bytes: number; error?: string }>((ok, fail) => {
      worker.once('message', ok);
      worker.once('error', fail);
    });
    worker.postMessage('done');
    await check?.();
    const { bytes, error } = await finished;
    if (error) throw new KhojError('storage', `cannot write the output: ${error}`, { storage: 'other' });
    swapIn(staged, target);
    return { files: count, bytes };
  } catch (e) {
    rmSync(staged, { recursive: true, force: true });
    throw e;
  } finally {
    await worker.terminate();
  }
}

function swapIn(staged: string, target: string): void {
  // mkdtemp makes the folder private (0700); the published tree must be readable by a web server.
  chmodSync(staged, 0o755);
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

/**
 * Several subtrees that must change together (e.g. `data` and `covers`): each is
 * staged and checked in full first, then all are swapped in.
 */
export async function writeSubtrees(outDir: string, trees: Map<string, Iterable<[string, FileContent]>>): Promise<WriteResult> {
  const staged: Array<{ dir: string; target: string }> = [];
  let files = 0;
  let bytes = 0;
  try {
    for (const [subtree, content] of trees) {
      // Stage each subtree under a private name, then swap all of them below.
      const stageName = `${subtree}.staged-${process.pid}`;
      const r = await writeSubtree(outDir, stageName, content);
      staged.push({ dir: join(outDir, stageName), target: join(outDir, subtree) });
      files += r.files;
      bytes += r.bytes;
    }
    for (const s of staged) swapIn(s.dir, s.target);
    return { files, bytes };
  } catch (e) {
    for (const s of staged) rmSync(s.dir, { recursive: true, force: true });
    throw e;
  }
}

/** One file outside any subtree (such as `openapi.yaml` at the site root): written aside, then renamed. */
export function writeFileAtomic(outDir: string, rel: string, content: FileContent): void {
  const path = join(outDir, ...rel.split('/'));
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, content);
  renameSync(tmp, path);
}
