// The headword list (core/dictionary/headwords.ts): front coding round-trips, the build writes it
// with every entry's word in dictionary order and the index search reads as it is, the worker's
// check refuses a damaged or foreign one, and at full size (the real 123,363 headwords) the list
// with its index stays under 800 KB with brotli.

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkFile } from '../../src/core/dictionary/check-file.ts';
import { decodeHeadwords, encodeHeadwords, HEADWORDS, headwordCount, type HeadwordsFile } from '../../src/core/dictionary/headwords.ts';
import { compareCodePoints, normaliseHeadword } from '../../src/core/dictionary/normalise.ts';
import { HeadwordIndex } from '../../src/core/dictionary/search/headword-index.ts';
import { foldFingerprint } from '../../src/core/dictionary/search/shipped-index.ts';
import type { ChunkFile, LettersFile, Manifest, Metadata } from '../../src/core/dictionary/types.ts';
import { dictionaryBuild, validate } from '../../harness/run.ts';
import { HEADWORDS as HEADWORDS_TXT, hasSharedData } from '../../harness/shared-data.ts';
import { readJson } from '../helpers/tree.ts';

describe('front coding', () => {
  it('round-trips any list, shared prefixes long or short, other scripts too', () => {
    const lists = [
      [],
      ['क'],
      ['क', 'क', 'कखग', 'कखगघ', 'ख'],
      ['a'.repeat(50), 'a'.repeat(60) + 'b', 'a'.repeat(36), 'z'],
      ['😀', '😀😁', 'अ/आ', 'अ आ', 'क्\u200Dष'],
    ];
    for (const words of lists) {
      const text = encodeHeadwords(words);
      expect(decodeHeadwords(text)).toEqual(words);
      expect(headwordCount(text)).toBe(words.length);
    }
  });

  it('names the line that does not decode', () => {
    expect(() => decodeHeadwords('0क\n5ख')).toThrow('line 2 does not decode');
    expect(() => decodeHeadwords('0क\n')).toThrow('line 2 does not decode');
  });
});

describe('the build writes the headword list', () => {
  const out = mkdtempSync(join(tmpdir(), 'khoj-headwords-'));
  const v1 = join(out, 'api/v1');
  const at = '2026-01-01T00:00:00Z';
  let index: { version: string; manifest: Manifest; letters: LettersFile };
  beforeAll(async () => {
    expect((await dictionaryBuild(['--out', out, '--chunk-size', '100', '--generated-at', at])).code).toBe(0);
    index = { version: at, manifest: readJson<Manifest>(v1, 'manifest.json'), letters: readJson<LettersFile>(v1, 'letters.json') };
  });

  it('every entry\u2019s word, in dictionary order, listed in metadata.json; the tree still validates', async () => {
    const file = readJson<HeadwordsFile>(v1, HEADWORDS);
    const entries = index.manifest.chunks.flatMap((c) => readJson<ChunkFile>(v1, c.path).entries.map((e) => e.word));
    expect(file).toMatchObject({ generatedAt: at, count: entries.length });
    expect(decodeHeadwords(file.words)).toEqual(entries);
    expect(Object.values(readJson<Metadata>(v1, 'metadata.json').endpoints)).toContain(HEADWORDS);
    expect((await validate([v1])).code).toBe(0);
  });

  it('with its index as search reads it: the orders of a fresh build of the same words, under this fold', () => {
    const file = readJson<HeadwordsFile>(v1, HEADWORDS);
    const words = decodeHeadwords(file.words);
    expect(file.index).toEqual(new HeadwordIndex(words).ship());
    expect(file.index?.fold).toBe(foldFingerprint());
    const read = new HeadwordIndex(words, file.index);
    for (const q of ['क', 'नमस्ते', 'namaste', 'pani']) expect(read.search(q)).toEqual(new HeadwordIndex(words).search(q));
  });

  it('the worker\u2019s check accepts it, and refuses a damaged one or another build\u2019s', () => {
    const text = readFileSync(join(v1, HEADWORDS), 'utf8');
    expect(checkFile(HEADWORDS, text, index)).toMatchObject({ ok: true });
    expect(checkFile(HEADWORDS, text.slice(0, text.length >> 1), index)).toMatchObject({ ok: false, problem: expect.stringContaining(HEADWORDS) });
    const file = JSON.parse(text) as HeadwordsFile;
    const cut = { ...file, words: file.words.split('\n').slice(1).join('\n') };
    expect(checkFile(HEADWORDS, JSON.stringify(cut), index)).toMatchObject({ ok: false, problem: expect.stringMatching(/count is \d+, expected \d+/) });
    const fewer = { ...cut, count: cut.count - 1 };
    expect(checkFile(HEADWORDS, JSON.stringify(fewer), index)).toMatchObject({ ok: false, otherBuild: true });
    expect(checkFile(HEADWORDS, JSON.stringify({ ...file, generatedAt: '2026-02-01T00:00:00Z' }), index)).toMatchObject({ ok: false, otherBuild: true });
  });
});

describe.runIf(hasSharedData)('at full size', () => {
  it('the real headword list with its index: under 800 KB with brotli, as the build compresses it', () => {
    const words = [
      ...new Set(
        readFileSync(HEADWORDS_TXT, 'utf8')
          .split('\n')
          .map((w) => normaliseHeadword(w.replace(/\r$/, '')).word)
          .filter(Boolean),
      ),
    ].sort(compareCodePoints);
    expect(words.length).toBe(123_363);
    const text = JSON.stringify({
      apiVersion: '1.0.0',
      generatedAt: '2026-01-01T00:00:00Z',
      count: words.length,
      words: encodeHeadwords(words),
      index: new HeadwordIndex(words).ship(),
    });
    const raw = Buffer.from(text);
    // Quality 6: src/vite/precompress.ts's setting for files above 64 KB.
    const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } }).length;
    console.log(`headwords.json at full size: ${raw.length} bytes, ${br} bytes brotli (quality 6)`);
    expect(decodeHeadwords((JSON.parse(text) as HeadwordsFile).words)).toEqual(words);
    expect(br).toBeLessThanOrEqual(800_000);
  });
});
