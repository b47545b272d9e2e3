// Full-size synthetic raw dumps from ../shared/tools (real headwords). The generator is
// deterministic (same tool, words and options: byte-identical output), so each dump is made
// once and kept in .cache/dumps/ under the hash of those three: later files and later runs
// (and tests/e2e/full-size-offline.spec.ts) read it instead of making it again.

import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DUMP_TOOL, HEADWORDS } from './shared-data.ts';

export interface Dump {
  file: string;
  /** the generator's own count line: entries, unique_words, blocks, senses, … */
  counts: Record<string, number>;
}

const DIR = resolve(import.meta.dirname, '../.cache/dumps');

/** The dump of `args`; `name` says which (one file per distinct dump, whoever asks). */
export function makeDump(name: string, args: string[] = []): Dump {
  const hash = createHash('sha256');
  for (const part of [readFileSync(DUMP_TOOL), readFileSync(HEADWORDS), JSON.stringify(args)]) hash.update(part).update('\0');
  const file = join(DIR, `${hash.digest('hex').slice(0, 16)}.json`);
  const countsFile = `${file.slice(0, -'.json'.length)}.counts.json`;
  if (existsSync(file) && existsSync(countsFile)) return { file, counts: JSON.parse(readFileSync(countsFile, 'utf8')) as Record<string, number> };
  mkdirSync(DIR, { recursive: true });
  // Made beside its place and renamed: a file running at the same time never reads half a dump.
  const tmp = `${file}.${process.pid}.tmp.json`;
  const r = spawnSync(process.execPath, [DUMP_TOOL, '--words', HEADWORDS, '--out', tmp, '--manifest', '-', ...args], { encoding: 'utf8' });
  if (r.status !== 0 || !existsSync(tmp)) {
    rmSync(tmp, { force: true });
    throw new Error(`dump generator failed: ${r.stderr}`);
  }
  const counts = Object.fromEntries([...r.stderr.matchAll(/(\w+)=(\d+)(?=\s)/g)].map((m) => [m[1]!, Number(m[2])]));
  writeFileSync(countsFile, JSON.stringify(counts));
  renameSync(tmp, file);
  return { file, counts };
}
