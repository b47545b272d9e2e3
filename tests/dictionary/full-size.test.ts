// The full-size synthetic dump (123,363 real headwords), clean and with realistic faults.

import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MEANINGS_INDEX, type MeaningShardFile, type MeaningsIndexFile, shardKey } from '../../src/core/dictionary/meanings/files.ts';
import { MeaningShards } from '../../src/core/dictionary/meanings/search.ts';
import { meaningTerms } from '../../src/core/dictionary/meanings/terms.ts';
import type { ChunkFile, LettersFile, Manifest, Metadata } from '../../src/core/dictionary/types.ts';
import { makeDump } from '../../harness/dumps.ts';
import { dictionaryBuild, validate } from '../../harness/run.ts';
import { schemaCheckTree } from '../helpers/schemas.ts';
import { HEADWORDS, hasSharedData } from '../../harness/shared-data.ts';
import { readJson } from '../helpers/tree.ts';
import { decodeHeadwords, HEADWORDS as HEADWORDS_FILE, type HeadwordsFile } from '../../src/core/dictionary/headwords.ts';
import { letterFile } from '../../src/core/dictionary/letter-files.ts';
import { PACK_INDEX, type PackIndexFile } from '../../src/core/dictionary/pack/files.ts';

const words = (v1: string) => readJson<Manifest>(v1, 'manifest.json').chunks.flatMap((c) => readJson<ChunkFile>(v1, c.path).entries.map((e) => e.word));
const noJoiners = (w: string) => w.replace(/[\u200C\u200D]/g, '');

/**
 * The meaning index answers as the entries say: for words of the meanings drawn across the
 * dictionary, the entries it gives are exactly those whose senses hold the word.
 */
function expectMeaningIndex(v1: string): void {
  const index = readJson<MeaningsIndexFile>(v1, MEANINGS_INDEX);
  const entries = readJson<Manifest>(v1, 'manifest.json').chunks.flatMap((c) => readJson<ChunkFile>(v1, c.path).entries);
  expect(index.entries).toBe(entries.length);
  const shards = new MeaningShards(index.entries);
  for (const info of index.shards) shards.add(readJson<MeaningShardFile>(v1, info.path));
  const holds = entries.map((e) => new Set(e.definitions.flatMap((d) => d.senses.flatMap(meaningTerms))));
  const words = [...new Set(Array.from({ length: 60 }, (_, i) => [...holds[Math.floor(((i + 0.5) * entries.length) / 60)]!][0]!))];
  for (const word of words) {
    const expected = entries.map((_, i) => i).filter((i) => holds[i]!.has(word));
    const found = shards.search({ text: word, terms: [word], loose: false, keys: [shardKey(word)] }, { limit: entries.length });
    expect(found.total, word).toBe(expected.length);
    expect(
      [...found.ids].sort((a, b) => a - b),
      word,
    ).toEqual(expected);
  }
}

/**
 * The pack of every chunk (core/dictionary/pack/) is the whole dictionary's download, 5 MB at most
 * (the files' brotli is 9.3 MB), and the letters' lists the device makes from the headword list
 * instead are the build's own, byte for byte.
 */
function expectPack(v1: string): void {
  const pack = readJson<PackIndexFile>(v1, PACK_INDEX);
  expect(statSync(join(v1, pack.path)).size).toBe(pack.bytes);
  expect(pack.bytes).toBeLessThanOrEqual(5_000_000);
  const manifest = readJson<Manifest>(v1, 'manifest.json');
  const letters = readJson<LettersFile>(v1, 'letters.json');
  const words = decodeHeadwords(readJson<HeadwordsFile>(v1, HEADWORDS_FILE).words);
  for (const info of letters.letters) {
    const made = JSON.stringify(letterFile(info, words, manifest, letters.apiVersion, letters.generatedAt));
    expect(made === readFileSync(join(v1, info.path), 'utf8'), info.path).toBe(true);
  }
}

describe.runIf(hasSharedData)('full-size dump', () => {
  const headwords = hasSharedData ? readFileSync(HEADWORDS, 'utf8').split('\n').filter(Boolean) : [];

  it('clean: every file valid, every headword in code point order, counts as generated', async () => {
    const dump = makeDump('clean');
    const out = mkdtempSync(join(tmpdir(), 'khoj-full-'));
    const r = await dictionaryBuild(['--dictionary', dump.file, '--out', out, '--generated-at', '2026-11-22T00:00:00Z']);
    expect(r.code, r.stderr).toBe(0);
    const v1 = join(out, 'api/v1');
    expect(schemaCheckTree(v1).problems).toEqual([]);
    expect((await validate([v1])).code).toBe(0);
    expect(words(v1)).toEqual(headwords);
    const m = readJson<Metadata>(v1, 'metadata.json');
    expect(m.stats).toEqual({
      entries: dump.counts.unique_words,
      definitionBlocks: dump.counts.blocks,
      senses: dump.counts.senses,
      etymologies: dump.counts.etymologies,
      missingGrammarLabels: 0,
      blankGrammarLabels: 0,
    });
    const letters = readJson<LettersFile>(v1, 'letters.json');
    expect(letters.count).toBe(45);
    expect(letters.letters.find((l) => l.letter === 'प')!.count).toBe(11_395);
    expectMeaningIndex(v1);
    expectPack(v1);
  });

  it('--faults: builds, merges the 617 duplicates, cleans dirty headwords, counts every defect', async () => {
    const dump = makeDump('faults', ['--faults']);
    const out = mkdtempSync(join(tmpdir(), 'khoj-full-'));
    const r = await dictionaryBuild(['--dictionary', dump.file, '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    const v1 = join(out, 'api/v1');
    expect(schemaCheckTree(v1).problems).toEqual([]);
    expect((await validate([v1])).code).toBe(0);
    const m = readJson<Metadata>(v1, 'metadata.json');
    // The generator's duplicates carry different definitions: all blocks survive the merge.
    expect(m.stats).toEqual({
      entries: 123_363,
      definitionBlocks: dump.counts.blocks,
      senses: dump.counts.senses,
      etymologies: dump.counts.etymologies,
      missingGrammarLabels: dump.counts.missing_grammar,
      blankGrammarLabels: dump.counts.blank_grammar,
    });
    // Spaces and edge joiners are gone; only joiners inserted inside a word remain different.
    const built = words(v1);
    expect(built).toHaveLength(123_363);
    const listed = new Set(headwords.map(noJoiners));
    expect(built.filter((w) => !listed.has(noJoiners(w)))).toEqual([]);
    expect(r.stderr).toMatch(/617 +duplicate headwords/);
    expect(r.stderr).toMatch(/553 +definition blocks without a grammar key/);
    expect(r.stderr).toMatch(/184 +definition blocks with a blank grammar label/);
    expect(r.stderr).toMatch(/12 +definition blocks with an empty senses list/);
    expect(r.stderr).toMatch(/62 +senses containing HTML/);
    expect(r.stderr).toMatch(/54 +headwords with white space/);
  });

  it('--extra-faults: verbatim repeats are kept once and {"senses":null} blocks dropped', async () => {
    const dump = makeDump('extra', ['--extra-faults']);
    const out = mkdtempSync(join(tmpdir(), 'khoj-full-'));
    const r = await dictionaryBuild(['--dictionary', dump.file, '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/12 +blocks \{"senses": null\}/);
    expect(r.stderr).toMatch(/identical definition blocks|repeated verbatim/);
    expect(readJson<Metadata>(join(out, 'api/v1'), 'metadata.json').stats.entries).toBe(123_363);
  });
});
