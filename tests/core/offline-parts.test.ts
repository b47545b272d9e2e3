// What is saved without asking, and the sizes the app gives for the whole dictionary (what crosses
// the network: the pack, sizes.json), against a real build of the embedded sample (several chunks)
// and the market's file table.

import { cpSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { kindOfPath } from '../../src/core/market/endpoints.ts';
import { DICTIONARY_SAMPLE_PATHS, estimateDictionary, wholeDictionaryPaths } from '../../src/core/dictionary/offline.ts';
import { marketSnapshotPaths } from '../../src/core/market/snapshot-paths.ts';
import { megabytes } from '../../src/core/size-text.ts';
import type { LettersFile, Manifest } from '../../src/core/dictionary/types.ts';
import type { MeaningsIndexFile } from '../../src/core/dictionary/meanings/files.ts';
import { PACK_INDEX, type PackIndexFile } from '../../src/core/dictionary/pack/files.ts';
import { SIZES, type SizesFile, transferOf } from '../../src/core/dictionary/sizes.ts';
import { precompressTree } from '../../src/vite/precompress.ts';
import { dictionaryBuild } from '../../harness/run.ts';
import { listFiles, readJson } from '../helpers/tree.ts';

describe('dictionary: sample and size of the whole', () => {
  let out = '';
  let v1 = '';
  beforeAll(async () => {
    out = mkdtempSync(join(tmpdir(), 'khoj-offline-'));
    const r = await dictionaryBuild(['--out', out, '--chunk-size', '100', '--generated-at', '2026-01-01T00:00:00Z']);
    expect(r.code, r.stderr).toBe(0);
    v1 = join(out, 'api/v1');
  }, 120_000);

  it('the sample saved without asking is in the build: sample.json, the first chunk, the pack\u2019s index (sizes.json comes with the app\u2019s build)', () => {
    for (const p of DICTIONARY_SAMPLE_PATHS.filter((p) => p !== SIZES)) expect(statSync(join(v1, p)).size).toBeGreaterThan(0);
    expect(DICTIONARY_SAMPLE_PATHS).toContain(readJson<Manifest>(v1, 'manifest.json').chunks[0]!.path);
    expect(DICTIONARY_SAMPLE_PATHS).toEqual(expect.arrayContaining([PACK_INDEX, SIZES]));
  });

  it('the app\u2019s build lists every file below /api/v1 with its size as sent (sizes.json), as the .br and .gz it writes', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'khoj-sizes-'));
    cpSync(out, dist, { recursive: true });
    await precompressTree(dist);
    const sizes = readJson<SizesFile>(join(dist, 'api/v1'), SIZES);
    const files = listFiles(join(dist, 'api/v1')).filter((f) => !/\.(br|gz)$/.test(f) && f !== SIZES);
    expect(Object.keys(sizes.files).sort()).toEqual(files.sort());
    for (const f of files) {
      const [bytes, br, gz] = sizes.files[f]!;
      expect(bytes, f).toBe(statSync(join(dist, 'api/v1', f)).size);
      if (br) expect(br, f).toBe(statSync(join(dist, 'api/v1', `${f}.br`)).size);
      if (gz) expect(gz, f).toBe(statSync(join(dist, 'api/v1', `${f}.gz`)).size);
    }
    // The pack is compressed already: sent as it is, and listed with its own size only.
    const pack = readJson<PackIndexFile>(v1, PACK_INDEX);
    expect(sizes.files[pack.path]).toEqual([pack.bytes]);
    expect(transferOf(sizes, pack.path)).toBe(pack.bytes);
    expect(transferOf(sizes, 'headwords.json')).toBe(statSync(join(dist, 'api/v1/headwords.json.br')).size);
  });

  it('the download asked about is what crosses the network: the pack\u2019s blocks still needed, never the files\u2019 UTF-8 size', () => {
    const manifest = readJson<Manifest>(v1, 'manifest.json');
    const letters = readJson<LettersFile>(v1, 'letters.json');
    const pack = readJson<PackIndexFile>(v1, PACK_INDEX);
    const meanings = readJson<MeaningsIndexFile>(v1, 'meanings/index.json');
    expect(manifest.chunks.length).toBeGreaterThan(3);
    const own = wholeDictionaryPaths(manifest, letters, meanings).reduce((n, p) => n + statSync(join(v1, p)).size, 0);
    // Nothing saved: the whole pack, to the byte.
    const none = estimateDictionary(manifest, letters, new Set(), { pack, meanings });
    expect(none.download).toBe(statSync(join(v1, pack.path)).size);
    expect(none.download!).toBeLessThan(own / 4);
    // Stored as the UTF-8 bytes, which the browser compresses: less than the files, more than a tenth of them.
    expect(none.storage).toBeLessThan(own);
    expect(none.storage).toBeGreaterThan(0.1 * own);
    // Every chunk stored: nothing left to download (the letters' lists and the meaning index are made on the device).
    const chunks = new Set(manifest.chunks.map((c) => c.path));
    expect(estimateDictionary(manifest, letters, chunks, { pack, meanings }).download).toBe(0);
    // Without a pack: the files left as sizes.json says they are sent; without either, no download size at all.
    const sizes: SizesFile = {
      files: Object.fromEntries(wholeDictionaryPaths(manifest, letters, meanings).map((p) => [p, [statSync(join(v1, p)).size, 7, 9]])),
    };
    const left = wholeDictionaryPaths(manifest, letters, meanings).filter(
      (p) => !['metadata.json', 'manifest.json', 'letters.json', 'sample.json'].includes(p),
    );
    expect(estimateDictionary(manifest, letters, new Set(), { sizes, meanings }).download).toBe(7 * left.length);
    expect(estimateDictionary(manifest, letters, new Set(), { meanings }).download).toBeUndefined();
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
