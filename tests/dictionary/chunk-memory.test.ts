// The page's memory of chunks it has read (core/dictionary/chunk-memory.ts), against a real build
// of the embedded sample: an entry is given from memory only from a chunk that is the one the
// manifest names for the word, the most recently used chunks are kept, and a word in no chunk
// held is left to the lookup.

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ChunkMemory } from '../../src/core/dictionary/chunk-memory.ts';
import type { ChunkFile, Manifest } from '../../src/core/dictionary/types.ts';
import { dictionaryBuild } from '../../harness/run.ts';
import { readJson } from '../helpers/tree.ts';

describe('ChunkMemory', () => {
  let manifest: Manifest;
  let chunks: ChunkFile[];
  beforeAll(async () => {
    const out = mkdtempSync(join(tmpdir(), 'khoj-chunk-memory-'));
    const r = await dictionaryBuild(['--out', out, '--chunk-size', '50', '--generated-at', '2026-01-01T00:00:00Z']);
    expect(r.code, r.stderr).toBe(0);
    const v1 = join(out, 'api/v1');
    manifest = readJson<Manifest>(v1, 'manifest.json');
    chunks = manifest.chunks.map((c) => JSON.parse(readFileSync(join(v1, c.path), 'utf8')) as ChunkFile);
  }, 120_000);

  it('gives every entry of the chunks it holds, and nothing for a word of a chunk it does not hold', () => {
    expect(manifest.chunks.length).toBeGreaterThan(5);
    const memory = new ChunkMemory(3);
    expect(memory.keep(manifest.chunks[1]!, chunks[1]!)).toBe(true);
    for (const e of chunks[1]!.entries) expect(memory.entry(manifest, e.word)).toEqual({ entry: e });
    for (const e of chunks[2]!.entries.slice(0, 5)) expect(memory.entry(manifest, e.word)).toBeUndefined();
    // A word in the held chunk's range that the chunk lacks is not in the dictionary: said from memory.
    const [a, b] = [chunks[1]!.entries[0]!.word, chunks[1]!.entries[1]!.word];
    const between = `${a}\u094d`;
    if (between > a && between < b) expect(memory.entry(manifest, between)).toEqual({ entry: undefined });
    // A word outside every range: the lookup decides (a newer build may have it).
    expect(memory.entry(manifest, 'zzz')).toBeUndefined();
  });

  it('keeps only the most recently used chunks', () => {
    const memory = new ChunkMemory(2);
    const first = (i: number) => chunks[i]!.entries[0]!.word;
    memory.keep(manifest.chunks[0]!, chunks[0]!);
    memory.keep(manifest.chunks[1]!, chunks[1]!);
    // Using chunk 0 makes chunk 1 the oldest, so chunk 2 pushes it out.
    expect(memory.entry(manifest, first(0))).toBeDefined();
    memory.keep(manifest.chunks[2]!, chunks[2]!);
    expect(memory.entry(manifest, first(0))).toBeDefined();
    expect(memory.entry(manifest, first(1))).toBeUndefined();
    expect(memory.entry(manifest, first(2))).toBeDefined();
    expect(memory.has(manifest.chunks[2]!)).toBe(true);
    expect(memory.has(manifest.chunks[1]!)).toBe(false);
  });

  it('refuses a chunk that is not the one the manifest names, and forgets one a newer manifest names differently', () => {
    const memory = new ChunkMemory(4);
    // Another build's chunk under this path (its words differ from the manifest's range).
    expect(memory.keep(manifest.chunks[3]!, chunks[4]!)).toBe(false);
    expect(memory.entry(manifest, chunks[3]!.entries[0]!.word)).toBeUndefined();
    expect(memory.entry(manifest, chunks[4]!.entries[0]!.word)).toBeUndefined();

    memory.keep(manifest.chunks[3]!, chunks[3]!);
    const word = chunks[3]!.entries[0]!.word;
    expect(memory.entry(manifest, word)).toBeDefined();
    // A newer build whose chunk 3 holds other words: what memory holds is not given for it.
    const newer: Manifest = { ...manifest, chunks: manifest.chunks.map((c, i) => (i === 3 ? { ...c, count: c.count + 1 } : c)) };
    expect(memory.entry(newer, word)).toBeUndefined();
    memory.clear();
    expect(memory.entry(manifest, word)).toBeUndefined();
  });
});
