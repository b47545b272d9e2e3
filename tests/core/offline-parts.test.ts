// What is saved without asking, and the size the app gives for the whole dictionary, against a
// real build of the embedded sample (several chunks) and the market's file table.

import { readFileSync, statSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { kindOfPath } from '../../src/core/market/endpoints.ts';
import { DICTIONARY_SAMPLE_PATHS, estimateDictionary, wholeDictionaryPaths } from '../../src/core/dictionary/offline.ts';
import { marketSnapshotPaths } from '../../src/core/market/snapshot-paths.ts';
import { megabytes } from '../../src/core/size-text.ts';
import type { ChunkFile, LettersFile, Manifest } from '../../src/core/dictionary/types.ts';
import { dictionaryBuild } from '../../harness/run.ts';
import { readJson } from '../helpers/tree.ts';

describe('dictionary: sample and size of the whole', () => {
  let v1 = '';
  beforeAll(async () => {
    const out = mkdtempSync(join(tmpdir(), 'khoj-offline-'));
    const r = await dictionaryBuild(['--out', out, '--chunk-size', '100', '--generated-at', '2026-01-01T00:00:00Z']);
    expect(r.code, r.stderr).toBe(0);
    v1 = join(out, 'api/v1');
  }, 120_000);

  it('the sample saved without asking is sample.json and the first chunk, both in the build', () => {
    for (const p of DICTIONARY_SAMPLE_PATHS) expect(statSync(join(v1, p)).size).toBeGreaterThan(0);
    expect(DICTIONARY_SAMPLE_PATHS).toContain(readJson<Manifest>(v1, 'manifest.json').chunks[0]!.path);
  });

  it('estimates the whole download within 25% of the real files, from one chunk', () => {
    const manifest = readJson<Manifest>(v1, 'manifest.json');
    const letters = readJson<LettersFile>(v1, 'letters.json');
    expect(manifest.chunks.length).toBeGreaterThan(3);
    const text = readFileSync(join(v1, manifest.chunks[0]!.path), 'utf8');
    const words = (JSON.parse(text) as ChunkFile).entries.map((e) => e.word);
    const e = estimateDictionary(manifest, letters, text, words);
    const real = wholeDictionaryPaths(manifest, letters).reduce((n, p) => n + statSync(join(v1, p)).size, 0);
    expect(e.download / real).toBeGreaterThan(0.75);
    expect(e.download / real).toBeLessThan(1.25);
    // Stored as the UTF-8 bytes, which the browser compresses: less than the download, more than a tenth of it.
    expect(e.storage).toBeLessThan(e.download);
    expect(e.storage).toBeGreaterThan(0.1 * e.download);
  });

  it('megabytes: two decimals under 1 MB, one above', () => {
    expect(megabytes(123_456)).toBe('0.12');
    expect(megabytes(31_400_000)).toBe('31.4');
  });
});

describe('market: the snapshot saved without asking', () => {
  it('is layout A paths of the screens\u2019 files, the home\u2019s four among them, no per-month history', () => {
    const paths = marketSnapshotPaths();
    for (const p of paths) expect(kindOfPath(p, 'a'), p).toBeDefined();
    expect(paths).toEqual(expect.arrayContaining(['market/status.json', 'market/indices.json', 'market/summary.json', 'market/top_stocks.json']));
    expect(paths.some((p) => p.startsWith('ltp/monthly/'))).toBe(false);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
