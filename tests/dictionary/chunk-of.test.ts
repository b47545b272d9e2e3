// A word's chunk found from the manifest's word ranges alone, against a real build of the
// embedded sample (several chunks) and a synthetic manifest.

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { chunkOf, chunkOfEntry } from '../../src/core/dictionary/chunk-of.ts';
import { compareCodePoints } from '../../src/core/dictionary/normalise.ts';
import type { ChunkFile, ChunkInfo, Manifest } from '../../src/core/dictionary/types.ts';
import { dictionaryBuild } from '../../harness/run.ts';
import { readJson } from '../helpers/tree.ts';

describe('chunkOf', () => {
  let v1 = '';
  let manifest: Manifest;
  beforeAll(async () => {
    const out = mkdtempSync(join(tmpdir(), 'khoj-chunk-of-'));
    const r = await dictionaryBuild(['--out', out, '--chunk-size', '50', '--generated-at', '2026-01-01T00:00:00Z']);
    expect(r.code, r.stderr).toBe(0);
    v1 = join(out, 'api/v1');
    manifest = readJson<Manifest>(v1, 'manifest.json');
  }, 120_000);

  it('finds the chunk of every entry of the build by its dictionary index, and none past the end', () => {
    for (const info of manifest.chunks) {
      const chunk = JSON.parse(readFileSync(join(v1, info.path), 'utf8')) as ChunkFile;
      chunk.entries.forEach((_, i) => expect(chunkOfEntry(manifest.chunks, info.start + i)?.path).toBe(info.path));
    }
    const last = manifest.chunks.at(-1)!;
    expect(chunkOfEntry(manifest.chunks, last.end + 1)).toBeUndefined();
    expect(chunkOfEntry(manifest.chunks, -1)).toBeUndefined();
  });

  it('finds the chunk of every word of the build', () => {
    expect(manifest.chunks.length).toBeGreaterThan(5);
    for (const info of manifest.chunks) {
      const chunk = JSON.parse(readFileSync(join(v1, info.path), 'utf8')) as ChunkFile;
      for (const e of chunk.entries) expect(chunkOf(manifest.chunks, e.word)?.path, e.word).toBe(info.path);
    }
  });

  it('finds none for a word before the first, after the last, or between two chunks', () => {
    const { chunks } = manifest;
    expect(chunkOf(chunks, '\u0900')).toBeUndefined();
    expect(chunkOf(chunks, `${chunks.at(-1)!.lastWord}\u0900`)).toBeUndefined();
    expect(chunkOf(chunks, '')).toBeUndefined();
    let between = 0;
    for (let i = 0; i + 1 < chunks.length; i++) {
      const gap = `${chunks[i]!.lastWord}\u0000`;
      if (compareCodePoints(gap, chunks[i + 1]!.firstWord) < 0) {
        expect(chunkOf(chunks, gap), gap).toBeUndefined();
        between++;
      }
    }
    expect(between).toBeGreaterThan(0);
  });

  it('agrees with a linear scan on every word of a synthetic manifest, code points above U+FFFF included', () => {
    const words = ['a', 'b', 'c', 'd', 'e', 'f', 'g', '\u{1F600}', '\u{1F601}', '\uFFFD', 'z'].sort(compareCodePoints);
    const chunks: ChunkInfo[] = [];
    for (let i = 0; i < words.length; i += 2) {
      const slice = words.slice(i, i + 2);
      chunks.push({
        chunk: i / 2,
        path: `chunks/${i / 2}.json`,
        count: slice.length,
        start: i,
        end: i + slice.length - 1,
        firstWord: slice[0]!,
        lastWord: slice.at(-1)!,
      });
    }
    const linear = (w: string) => chunks.find((c) => compareCodePoints(c.firstWord, w) <= 0 && compareCodePoints(w, c.lastWord) <= 0);
    for (const w of [...words, '0', 'aa', 'ga', '\u{1F600}a', '\uFFFF', 'zz']) expect(chunkOf(chunks, w), w).toBe(linear(w));
  });
});
