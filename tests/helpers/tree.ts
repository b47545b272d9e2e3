// Reads a built tree back: every file's bytes and parsed JSON.

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.push(relative(dir, p).split(sep).join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

export const readJson = <T = unknown>(dir: string, rel: string): T => JSON.parse(readFileSync(join(dir, rel), 'utf8')) as T;

/** path → bytes of every file, for byte-for-byte comparisons. */
export function snapshot(dir: string): Map<string, Buffer> {
  return new Map(listFiles(dir).map((f) => [f, readFileSync(join(dir, f))]));
}

/**
 * path → SHA-256 of every file, for comparing whole trees with `toEqual`: the matcher compares a
 * Map of Buffers byte by byte in JavaScript (15 s for the market's built tree).
 */
export function digests(dir: string): Map<string, string> {
  return new Map(
    listFiles(dir).map((f) => [
      f,
      createHash('sha256')
        .update(readFileSync(join(dir, f)))
        .digest('hex'),
    ]),
  );
}
