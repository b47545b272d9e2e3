// Hostile JSON inputs that are small gzipped and huge inflated: many empty lists, many empty
// objects, one long string, and lists each within the entries limit that together hold tens of
// millions of values. Written as a stream (never held whole), into a folder the caller
// owns; nothing of it is committed.

import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { ROOT } from './run.ts';

export type BombShape = 'arrays' | 'objects' | 'string' | 'nested';
export const BOMB_SHAPES: readonly BombShape[] = ['arrays', 'objects', 'string', 'nested'];

// nested: lists of 262,143 empty objects (under the 500,000 entries limit), one after another.
const PIECE: Record<BombShape, string> = { arrays: '[],', objects: '{},', string: 'x', nested: `[${'{},'.repeat((1 << 18) - 2)}{}],` };

/** `[[],[],…]`, `[{},{},…]`, `["xxx…"]` or `[[{},…],[{},…],…]` of about `inflated` bytes, gzipped into `dir`. */
export async function writeBomb(dir: string, shape: BombShape, inflated: number): Promise<string> {
  const file = join(dir, `${shape}-bomb.json.gz`);
  const open = shape === 'string' ? '["' : '[';
  const close = shape === 'string' ? '"]' : '[]]';
  const block = Buffer.from(PIECE[shape].repeat(Math.max(1, Math.floor((1 << 20) / PIECE[shape].length))));
  const blocks = Math.floor((inflated - open.length - close.length) / block.length);
  async function* parts() {
    yield Buffer.from(open);
    for (let i = 0; i < blocks; i++) yield block;
    yield Buffer.from(close);
  }
  await pipeline(Readable.from(parts()), createGzip({ level: 9 }), createWriteStream(file));
  return file;
}

export interface PeakRun {
  code: number;
  stderr: string;
  /** the child's own peak resident memory, in MB */
  peakMb: number;
}

/** `npm run data -- …` as a child that reports its own peak memory at exit (harness/peak-rss.mjs). */
export function buildWithPeak(args: string[], env: Record<string, string> = {}): Promise<PeakRun> {
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, ['--import', resolve(import.meta.dirname, 'peak-rss.mjs'), resolve(ROOT, 'data-build/run.mjs'), 'cli', ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', fail);
    child.on('close', (code) => {
      const kb = /peak-rss-kb (\d+)/.exec(stderr);
      if (!kb) return fail(new Error(`no peak reported (exit ${code}): ${stderr.slice(-2000)}`));
      ok({ code: code ?? -1, stderr: stderr.replace(/\npeak-rss-kb \d+\n/, ''), peakMb: Math.round(Number(kb[1]) / 1024) });
    });
  });
}
