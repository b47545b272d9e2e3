// Full-size synthetic raw dumps from ../shared/tools (real headwords), made once per run.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DUMP_TOOL, HEADWORDS } from './shared-data.ts';

export interface Dump {
  file: string;
  /** the generator's own count line: entries, unique_words, blocks, senses, … */
  counts: Record<string, number>;
}

const DIR = join(tmpdir(), `khoj-dumps-${process.pid}`);

export function makeDump(name: string, args: string[] = []): Dump {
  mkdirSync(DIR, { recursive: true });
  const file = join(DIR, `${name}.json`);
  const r = spawnSync(process.execPath, [DUMP_TOOL, '--words', HEADWORDS, '--out', file, ...args], { encoding: 'utf8' });
  if (r.status !== 0 || !existsSync(file)) throw new Error(`dump generator failed: ${r.stderr}`);
  const counts = Object.fromEntries([...r.stderr.matchAll(/(\w+)=(\d+)(?=\s)/g)].map((m) => [m[1]!, Number(m[2])]));
  return { file, counts };
}
