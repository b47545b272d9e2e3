// The dictionary's pack (core/dictionary/pack/, docs/dictionary-pack.md): its text codec, its
// records read in pieces of any size, a built pack read back block by block as the worker reads it,
// a damaged one refused, and the letters' lists made from the headword list as the build writes them.

import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeHeadwords, type HeadwordsFile } from '../../src/core/dictionary/headwords.ts';
import { letterFile } from '../../src/core/dictionary/letter-files.ts';
import { blocksLeft, PACK_INDEX, type PackIndexFile, packIndexProblem } from '../../src/core/dictionary/pack/files.ts';
import { BlockReader } from '../../src/core/dictionary/pack/read.ts';
import { KhojError } from '../../src/core/errors.ts';
import { CODEC, encodeRecord, RecordReader } from '../../src/core/dictionary/pack/records.ts';
import { decodeText, encodeText } from '../../src/core/dictionary/pack/text-codec.ts';
import { planPack } from '../../src/core/dictionary/pack/write.ts';
import type { LettersFile, Manifest } from '../../src/core/dictionary/types.ts';
import { checkFile } from '../../src/core/dictionary/check-file.ts';
import { dictionaryBuild } from '../../harness/run.ts';
import { buildPack, type BuiltPack, packProblem } from '../../data-build/dictionary/pack.ts';
import { readJson } from '../helpers/tree.ts';

const utf8 = (s: string) => new TextEncoder().encode(s);

/** Cuts `bytes` into pieces at the given places (sorted, deduplicated, inside). */
const cut = (bytes: Uint8Array, at: number[]): Uint8Array[] => {
  const places = [...new Set(at.map((a) => a % (bytes.length + 1)))].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let from = 0;
  for (const p of [...places, bytes.length]) {
    out.push(bytes.subarray(from, p));
    from = p;
  }
  return out;
};

describe('the one-byte Devanagari text codec', () => {
  it('gives back the exact UTF-8 bytes of any text, and writes each Devanagari letter as one byte', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.oneof(fc.constantFrom(...'अआकखगघङचछजझ्ािीुूेैोौंँः।॥०१\u200c\u200d\u0001{}":,'), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })),
        }),
        (s) => {
          const bytes = utf8(s);
          expect(decodeText(encodeText(bytes))).toEqual(bytes);
        },
      ),
      { numRuns: 200 },
    );
    const word = utf8('नमस्ते');
    expect(word.length).toBe(18);
    expect(encodeText(word).length).toBe(6);
    expect(encodeText(utf8('√ x'))).toEqual(new Uint8Array([1, 0xe2, 0x88, 0x9a, 0x20, 0x78]));
  });

  it('refuses what is not UTF-8, and an escape that holds no whole character', () => {
    expect(() => encodeText(new Uint8Array([0x41, 0xff]))).toThrow(RangeError);
    expect(() => encodeText(new Uint8Array([0xe0, 0xa4]))).toThrow(RangeError);
    expect(() => decodeText(new Uint8Array([0x41, 0x01]))).toThrow(/broken escape at byte 1/);
    expect(() => decodeText(new Uint8Array([0x01, 0xe2, 0x41, 0x41]))).toThrow(/broken escape/);
  });

  it('decodes in one pass to the length it is given, and refuses a text of any other length', () => {
    const bytes = utf8('नमस्ते, √ x');
    const coded = encodeText(bytes);
    expect(decodeText(coded, bytes.length)).toEqual(bytes);
    expect(() => decodeText(coded, bytes.length + 1)).toThrow(new RangeError(`it decodes to ${bytes.length} bytes, not ${bytes.length + 1}`));
    expect(() => decodeText(coded, bytes.length - 1)).toThrow(new RangeError(`it decodes to ${bytes.length} bytes, not ${bytes.length - 1}`));
    expect(() => decodeText(coded, 0)).toThrow(RangeError);
    expect(() => decodeText(new Uint8Array([0x41, 0x01]), 2)).toThrow(/broken escape at byte 1/);
  });
});

describe('pack records', () => {
  it('are read the same whatever pieces the bytes come in', () => {
    const records = [
      { path: 'chunks/0000.json', codec: CODEC.text, body: encodeText(utf8('{"entries":[{"word":"क"}]}')) },
      { path: 'empty', codec: CODEC.raw, body: new Uint8Array(0) },
      { path: 'big', codec: CODEC.raw, body: new Uint8Array(70_000).map((_, i) => i % 251) },
    ];
    const stream = new Uint8Array(records.reduce((n, r) => n + encodeRecord(r).length, 0));
    let at = 0;
    for (const r of records) {
      const b = encodeRecord(r);
      stream.set(b, at);
      at += b.length;
    }
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 40 }), (places) => {
        const reader = new RecordReader();
        const got = cut(stream, places).flatMap((p) => reader.push(p));
        reader.end();
        expect(got.map((r) => [r.path, r.codec, r.body.length])).toEqual(records.map((r) => [r.path, r.codec, r.body.length]));
        expect(got.every((r, i) => Buffer.from(r.body).equals(records[i]!.body))).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('stop at bad framing, naming where: a cut record, an unknown codec, a length past the limit', () => {
    const r = encodeRecord({ path: 'a', codec: CODEC.raw, body: utf8('hello') });
    const cutShort = new RecordReader();
    cutShort.push(r.subarray(0, r.length - 1));
    expect(() => cutShort.end()).toThrow(KhojError);
    expect(() => cutShort.end()).toThrow(expect.objectContaining({ code: 'bad-pack' }));
    const codec = Uint8Array.from(r);
    codec[2] = 7;
    expect(() => new RecordReader().push(codec)).toThrow(/unknown codec 7/);
    expect(() => new RecordReader().push(new Uint8Array([1, 0x61, 0, 0xff, 0xff, 0xff, 0xff, 0x7f]))).toThrow(/more than/);
  });
});

describe('a built pack', () => {
  let v1 = '';
  let pack: PackIndexFile;
  let bytes: Buffer;
  let small: BuiltPack;
  beforeAll(async () => {
    const out = mkdtempSync(join(tmpdir(), 'khoj-pack-'));
    const r = await dictionaryBuild(['--out', out, '--chunk-size', '40', '--generated-at', '2026-03-01T00:00:00Z']);
    expect(r.code, r.stderr).toBe(0);
    v1 = join(out, 'api/v1');
    pack = readJson<PackIndexFile>(v1, PACK_INDEX);
    bytes = readFileSync(join(v1, pack.path));
    // The same chunks in small blocks (the sample's make one block of 256 KB): reading across blocks.
    const manifest = readJson<Manifest>(v1, 'manifest.json');
    small = await buildPack(
      manifest.chunks.map((c) => [c.path, readFileSync(join(v1, c.path), 'utf8')]),
      [],
      pack.generatedAt,
      8_000,
    );
  }, 120_000);

  /** Every block read as the worker reads it: each gzip member decompressed alone, its records against the index. */
  const readAll = (index: PackIndexFile, file: Uint8Array) =>
    index.blocks.flatMap((b, i) => {
      const reader = new BlockReader(index, i);
      const files = reader.push(gunzipSync(file.subarray(b.offset, b.offset + b.bytes)));
      reader.finish();
      return files;
    });

  it('holds every chunk, byte for byte, in blocks that are each a gzip member of their own (the file gunzips whole too)', async () => {
    expect(checkFile(PACK_INDEX, JSON.stringify(pack), { version: '2026-03-01T00:00:00Z', manifest: readJson<Manifest>(v1, 'manifest.json') }).ok).toBe(true);
    expect(packIndexProblem(pack)).toBeUndefined();
    expect(bytes.length).toBe(pack.bytes);
    const manifest = readJson<Manifest>(v1, 'manifest.json');
    expect(pack.files.map((f) => f.path)).toEqual(manifest.chunks.map((c) => c.path));
    for (const [index, file] of [
      [pack, bytes],
      [small.index, small.bytes],
    ] as const) {
      const files = readAll(index, file);
      for (const f of files) expect(Buffer.from(f.bytes).equals(readFileSync(join(v1, f.path))), f.path).toBe(true);
      expect(files).toHaveLength(manifest.chunks.length);
    }
    expect(small.index.blocks.length).toBeGreaterThan(3);
    expect(await packProblem(small)).toBeUndefined();
    // One stream for any gunzip: the header record, then the files.
    const whole = new RecordReader().push(gunzipSync(bytes));
    expect(whole.map((r) => r.path)).toEqual(['khoj-pack.json', ...pack.files.map((f) => f.path)]);
  });

  it('says which blocks a save still needs', () => {
    const index = small.index;
    expect(blocksLeft(index, new Set())).toEqual(index.blocks.map((_, i) => i));
    const all = new Set(index.files.map((f) => f.path));
    expect(blocksLeft(index, all)).toEqual([]);
    all.delete(index.files.at(-1)!.path);
    all.delete(index.files[0]!.path);
    expect(blocksLeft(index, all)).toEqual([0, index.blocks.length - 1]);
  });

  it('refuses a damaged block, another build\u2019s pack, and an index whose numbers do not add up', async () => {
    const b = small.index.blocks[2]!;
    // A flipped byte inside the compressed data: gzip's check, or the records, fail (the worker checks the digest first).
    const damaged = Buffer.from(small.bytes);
    damaged[b.offset + Math.floor(b.bytes / 2)]! ^= 0xff;
    expect(() => readAll(small.index, damaged)).toThrow();
    expect(await packProblem({ ...small, bytes: damaged })).toBeDefined();
    // Well-formed records of another build.
    expect(() => readAll({ ...pack, generatedAt: '2020-01-01T00:00:00Z' }, bytes)).toThrow(expect.objectContaining({ code: 'bad-pack' }));
    // A file longer or shorter than its index says (the first, a chunk): refused as it is decoded.
    const chunk = pack.files.findIndex((f) => f.path.startsWith('chunks/'));
    for (const [at, d] of [
      [0, 1],
      [chunk, 1],
      [chunk, -1],
    ] as const)
      expect(() => readAll({ ...pack, files: pack.files.map((f, i) => (i === at ? { ...f, bytes: f.bytes + d } : f)) }, bytes)).toThrow(
        expect.objectContaining({
          code: 'bad-pack',
          message: `${pack.files[at]!.path}: it decodes to ${pack.files[at]!.bytes} bytes, not ${pack.files[at]!.bytes + d}`,
        }),
      );
    expect(packIndexProblem({ ...pack, bytes: pack.bytes + 1 })).toMatch(/blocks come to/);
    expect(packIndexProblem({ ...pack, path: 'packs/0000000000000000.pack' })).toMatch(/not named by its digest/);
  });

  it('a plan cuts blocks at whole records of about the size asked', () => {
    const files = Array.from({ length: 10 }, (_, i) => ({ path: `chunks/${String(i).padStart(4, '0')}.json`, bytes: utf8('क'.repeat(300)) }));
    const plan = planPack(files, '2026-03-01T00:00:00Z', 1000);
    expect(plan.counts.reduce((a, b) => a + b)).toBe(10);
    expect(plan.blocks.length).toBeGreaterThan(2);
  });

  it('the letters\u2019 lists made from the headword list are the build\u2019s files, byte for byte, and pack.json has their digests', () => {
    const manifest = readJson<Manifest>(v1, 'manifest.json');
    const letters = readJson<LettersFile>(v1, 'letters.json');
    const words = decodeHeadwords(readJson<HeadwordsFile>(v1, 'headwords.json').words);
    expect(pack.derived.map((d) => d.path)).toEqual(letters.letters.map((l) => l.path));
    for (const info of letters.letters) {
      const made = JSON.stringify(letterFile(info, words, manifest, letters.apiVersion, letters.generatedAt));
      expect(made, info.path).toBe(readFileSync(join(v1, info.path), 'utf8'));
    }
    // Another build's headword list (a word more) makes none.
    expect(letterFile(letters.letters[1]!, ['x', ...words], manifest, letters.apiVersion, letters.generatedAt)).toBeUndefined();
  });
});
