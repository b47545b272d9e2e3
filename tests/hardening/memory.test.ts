// The build's memory is bounded by its input limits, whatever the input's shape: gzip bombs of
// empty lists, empty objects, one long string, and many lists each under the entries limit,
// about 249 MB inflated (the size of the attack on the landed code: 87 million empty lists took
// 6.5 GB). The limits are checked on the text before anything is parsed (src/core/json-limits.ts).
// Each build runs as a child that reports its own peak memory (harness/peak-rss.mjs); the target
// is 4× the real full dictionary's peak (about 360 MB). `npm run bench bombs` prints the figures.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type BombShape, buildWithPeak, writeBomb } from '../../harness/bombs.ts';

const TARGET_MB = 1400;
const INFLATED = 249 * 1024 * 1024;
const dir = mkdtempSync(join(tmpdir(), 'khoj-bombs-'));
const bombs = {} as Record<BombShape, string>;

beforeAll(async () => {
  for (const shape of ['arrays', 'objects', 'string', 'nested'] as const) bombs[shape] = await writeBomb(dir, shape, INFLATED);
});

/** The dictionary build of a bomb: exit 1, nothing replaced, no stack trace; its stderr and peak. */
async function refused(shape: BombShape, extra: string[] = []) {
  const out = join(dir, `out-${shape}`);
  const r = await buildWithPeak(['--only', 'dictionary', '--dictionary', bombs[shape], '--out', out, ...extra], { KHOJ_CACHE: join(dir, 'cache') });
  expect(r.code, r.stderr).toBe(1);
  expect(r.stderr).toContain(`data-build: bad dictionary input, nothing was replaced in ${out}`);
  expect(r.stderr).not.toMatch(/\n\s+at .*\.(ts|mjs|js):\d+/);
  return r;
}

// The limits of the landed code (256 MB per file, 1 GB gunzipped, no limit on a whole source),
// so that the checks on the text, not the file or source limits, stop the bombs.
const OLD_FILE_LIMITS = ['--max-file-mb', '256', '--max-inflated-mb', '1024', '--max-source-mb', '1024'];

describe('memory bounded by the limits, at the file limit of the landed code', () => {
  it('87 million empty lists: refused on the entries limit, naming the file', async () => {
    const r = await refused('arrays', OLD_FILE_LIMITS);
    expect(r.stderr).toMatch(new RegExp(`${bombs.arrays}: a list of [\\d,]{10} items, over the limit of 500,000 \\(raise it with --max-entries\\)`));
    expect(r.peakMb).toBeLessThan(TARGET_MB);
  });

  it('87 million empty objects: the same', async () => {
    const r = await refused('objects', OLD_FILE_LIMITS);
    expect(r.stderr).toMatch(new RegExp(`${bombs.objects}: a list of [\\d,]{10} items, over the limit of 500,000 \\(raise it with --max-entries\\)`));
    expect(r.peakMb).toBeLessThan(TARGET_MB);
  });

  it('lists each under the entries limit, 87 million objects in all: refused on the values limit', async () => {
    const r = await refused('nested', OLD_FILE_LIMITS);
    expect(r.stderr).toContain(`${bombs.nested}: more than 5,000,000 values (lists, objects, strings, numbers), over the limit (raise it with --max-values)`);
    expect(r.peakMb).toBeLessThan(TARGET_MB);
  });

  it('one string of 249 MB: refused on the string limit, naming the entry', async () => {
    const r = await refused('string', OLD_FILE_LIMITS);
    expect(r.stderr).toMatch(
      new RegExp(`${bombs.string}: entry 0: a string of [\\d,]{11} characters, over the limit of 200,000 \\(raise it with --max-string\\)`),
    );
    expect(r.peakMb).toBeLessThan(TARGET_MB);
  });
});

describe('the default limits, near the real data', () => {
  it('every shape stops at the file limit while gunzipping', async () => {
    for (const shape of ['arrays', 'objects', 'string', 'nested'] as const) {
      const r = await refused(shape);
      expect(r.stderr).toContain(`${bombs[shape]}: gzip data inflates to more than 64 MB, the limit for one file (raise it with --max-file-mb)`);
      expect(r.peakMb).toBeLessThan(400);
    }
  });
});
