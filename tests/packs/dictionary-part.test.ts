// The whole dictionary as a content pack's part (core/packs/dictionary-part.ts): files remade into
// the build's pack format read back by the worker's own block reader, the part cut into its blocks
// as it streams, and the index checked.

import { gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  BlockCutter,
  blockCounts,
  blockRecords,
  DICTIONARY_PARTS,
  mayReplace,
  packOrder,
  partIndex,
  readPartIndex,
} from '../../src/core/packs/dictionary-part.ts';
import { BlockReader } from '../../src/core/dictionary/pack/read.ts';
import { gunzipSync } from 'node:zlib';

const hex = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const utf8 = (s: string) => new TextEncoder().encode(s);
const V = '2026-01-01T00:00:00.000Z';

function makePart(files: Array<{ path: string; bytes: Uint8Array }>, blockBytes: number) {
  const ordered = packOrder(files);
  const listed = ordered.map((f) => ({ path: f.path, bytes: f.bytes.length }));
  const counts = blockCounts(listed, blockBytes);
  let at = 0;
  const blocks = counts.map((n, i) => {
    const gz = gzipSync(blockRecords(ordered.slice(at, (at += n)), i === 0 ? { generatedAt: V, files: ordered.length } : undefined));
    return new Uint8Array(gz);
  });
  const pack = new Uint8Array(blocks.reduce((n, b) => n + b.length, 0));
  blocks.reduce((o, b) => (pack.set(b, o), o + b.length), 0);
  const index = partIndex(
    V,
    listed,
    counts,
    blocks.map((b) => ({ bytes: b.length, sha256: hex(b) })),
    hex(pack),
  );
  return { index, pack, ordered };
}

const FILES = [
  { path: 'chunks/0001.json', bytes: utf8('{"entries":["कखग"]}'.repeat(40)) },
  { path: 'manifest.json', bytes: utf8('{"m":1}') },
  { path: 'chunks/0000.json', bytes: utf8('{"entries":["नमस्ते"]}'.repeat(40)) },
  { path: 'metadata.json', bytes: utf8('{"generatedAt":"x"}') },
  { path: 'letters.json', bytes: utf8('{"l":1}') },
];

describe('the dictionary part', () => {
  it('puts the index files first, then the rest by path', () => {
    expect(packOrder(FILES).map((f) => f.path)).toEqual(['metadata.json', 'manifest.json', 'letters.json', 'chunks/0000.json', 'chunks/0001.json']);
  });

  it('groups whole files into blocks of about the given size', () => {
    expect(
      blockCounts(
        [
          { path: 'a', bytes: 10 },
          { path: 'b', bytes: 10 },
          { path: 'c', bytes: 30 },
          { path: 'd', bytes: 5 },
        ],
        20,
      ),
    ).toEqual([2, 1, 1]);
    expect(blockCounts([], 20)).toEqual([0]);
  });

  it('is read back, block by block, by the block reader the whole save uses, streamed in any chunk size', () => {
    const { index, pack, ordered } = makePart(FILES, 100);
    expect(index.blocks.length).toBeGreaterThanOrEqual(2);
    expect(readPartIndex(JSON.stringify(index))).toEqual(index);
    for (const size of [1, 7, 512, pack.length]) {
      const cutter = new BlockCutter(index);
      const got: Array<{ path: string; bytes: Uint8Array }> = [];
      for (let at = 0; at < pack.length; at += size)
        for (const b of cutter.push(pack.subarray(at, at + size))) {
          expect(hex(b.bytes)).toBe(index.blocks[b.block]!.sha256);
          const reader = new BlockReader(index, b.block);
          got.push(...reader.push(new Uint8Array(gunzipSync(b.bytes))));
          reader.finish();
        }
      cutter.end();
      expect(got.map((f) => f.path)).toEqual(ordered.map((f) => f.path));
      expect(got.map((f) => new TextDecoder().decode(f.bytes))).toEqual(ordered.map((f) => new TextDecoder().decode(f.bytes)));
    }
  });

  it('refuses a part cut short, a longer one, and an index whose numbers do not add up', () => {
    const { index, pack } = makePart(FILES, 100);
    const short = new BlockCutter(index);
    short.push(pack.subarray(0, pack.length - 1));
    expect(() => short.end()).toThrow(/ends in block/);
    const long = new BlockCutter(index);
    expect(() => long.push(new Uint8Array([...pack, 0]))).toThrow(/more bytes than its index says/);
    expect(() => readPartIndex(JSON.stringify({ ...index, bytes: index.bytes + 1 }))).toThrow(DICTIONARY_PARTS.index);
    expect(() => readPartIndex('{')).toThrow(/not JSON/);
  });

  it('lets only a newer build replace this phone’s', () => {
    expect(mayReplace(null, V)).toBe(true);
    expect(mayReplace(V, '2026-02-01T00:00:00.000Z')).toBe(true);
    expect(mayReplace(V, V)).toBe(false);
    expect(mayReplace('2026-02-01T00:00:00.000Z', V)).toBe(false);
  });
});
