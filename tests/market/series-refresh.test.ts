// The series files in the background refresh (pure core, as the service worker runs it): tracked
// for a layout-A upstream on its cadence, asked for by path, validated before they are stored,
// stored as published, and held back when older than, or emptied of, the stored copy.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesFrom } from '../../src/core/market/convert.ts';
import { kindOfPath } from '../../src/core/market/endpoints.ts';
import { filesAsked } from '../../src/core/market/refresh-plan.ts';
import { trackedFiles } from '../../src/core/market/refresh-policy.ts';
import { relatedPaths } from '../../src/core/market/related-paths.ts';
import { keptAside, validateMarketFile } from '../../src/core/market/validate.ts';
import { formatProblem } from '../../src/core/problems.ts';
import { FLOOR_DAY } from './floor-sheet-fixture.ts';
import { A_ROOT, hasMarketData } from './real-data.ts';

// 2026-08-12 10:00 UTC = 15:45 in Nepal.
const NOW = Date.parse('2026-08-12T10:00:00Z');
const realText = (rel: string) => readFileSync(join(A_ROOT, 'data', rel), 'utf8');

describe('series files in the refresh policy', () => {
  it('a layout-A upstream tracks the manifests, this month, today and the look-ups; layout B none', () => {
    const series = trackedFiles('a', NOW).filter((f) => /^(indices|ltp\/daily|floor_sheet)\//.test(f.path));
    expect(series.map((f) => [f.path, f.kind, f.cadence])).toEqual([
      ['indices/manifest.json', 'indexManifest', 'live'],
      ['indices/monthly/2026-08.json', 'indexMonth', 'live'],
      ['ltp/daily/2026-08-12.json', 'ltpDay', 'live'],
      ['floor_sheet/manifest.json', 'floorManifest', 'daily'],
      ['floor_sheet/daily/2026-08-12.json', 'floorDay', 'daily'],
      ['floor_sheet/lookups/stocks.json', 'floorLookup', 'weekly'],
      ['floor_sheet/lookups/brokers.json', 'floorLookup', 'weekly'],
    ]);
    expect(trackedFiles('b', NOW).some((f) => /^(indices|ltp\/daily|floor_sheet)\//.test(f.path))).toBe(false);
  });

  it('a month or day asked for by path is fetched from layout A only', () => {
    expect(filesAsked('a', [], ['data/indices/monthly/1997-07.json', 'floor_sheet/daily/2026-09-03.json'], NOW)).toEqual([
      { path: 'indices/monthly/1997-07.json', kind: 'indexMonth', cadence: 'live' },
      { path: 'floor_sheet/daily/2026-09-03.json', kind: 'floorDay', cadence: 'daily' },
    ]);
    expect(filesAsked('b', [], ['indices/monthly/1997-07.json'], NOW)).toEqual([]);
    expect(kindOfPath('indices/monthly/1997-07.json', 'b')).toBeUndefined();
  });

  it('a series file is stored as published, under its one path', async () => {
    const text = JSON.stringify(FLOOR_DAY);
    const v = validateMarketFile('floor_sheet/daily/2026-09-03.json', text);
    expect(v).toMatchObject({ ok: true, kind: 'floorDay', layout: 'a' });
    expect(await filesFrom('floorDay', 'a', 'floor_sheet/daily/2026-09-03.json', text, v.value, async () => undefined)).toEqual([
      { path: 'floor_sheet/daily/2026-09-03.json', body: text, layout: 'a', converted: false },
    ]);
    expect(relatedPaths('floorDay', 'a', 'floor_sheet/daily/2026-09-03.json')).toEqual(['floor_sheet/daily/2026-09-03.json']);
  });
});

describe.skipIf(!hasMarketData)('series files validated before they replace stored ones (real files)', () => {
  it('the real month and day pass; a day under another name, or a broken row, does not', () => {
    expect(validateMarketFile('indices/monthly/2026-08.json', realText('indices/monthly/2026-08.sample.json'))).toMatchObject({ ok: true, kind: 'indexMonth' });
    expect(validateMarketFile('indices/manifest.json', realText('indices/manifest.json'))).toMatchObject({ ok: true, kind: 'indexManifest' });
    const day = realText('ltp/daily/2026-08-12.sample.json');
    expect(validateMarketFile('ltp/daily/2026-08-12.json', day).ok).toBe(true);
    expect(validateMarketFile('ltp/daily/2026-08-13.json', day).problems.map(formatProblem)).toEqual([
      'ltp/daily/2026-08-13.json: date: says "2026-08-12", the file name 2026-08-13',
    ]);
    const broken = JSON.parse(day) as { series: Record<string, number[][]> };
    broken.series.ACLBSL![0]![2] = -15;
    expect(validateMarketFile('ltp/daily/2026-08-12.json', JSON.stringify(broken)).problems.map(formatProblem)).toEqual([
      'ltp/daily/2026-08-12.json: entry 0 "ACLBSL": series[0]: volume is negative (-15)',
    ]);
    expect(validateMarketFile('indices/monthly/2026-08.json', realText('indices/monthly/2026-08.sample.json').slice(0, 300)).ok).toBe(false);
  });

  it('an older month, or a manifest emptied of its months, is kept aside; a newer one replaces', () => {
    const stored = realText('indices/monthly/2026-08.sample.json');
    const at = Date.parse('2026-09-14T12:00:00Z');
    const older = { ...(JSON.parse(stored) as object), updatedAt: '2026-09-01T17:55:30+05:45' };
    const v = validateMarketFile('indices/monthly/2026-08.json', JSON.stringify(older));
    expect(keptAside('indexMonth', 'indices/monthly/2026-08.json', v.value, stored, at, null)).toBe(
      'older than the stored copy (2026-09-01T17:55:30+05:45 < 2026-09-14T17:55:30+05:45)',
    );
    const newer = { ...(JSON.parse(stored) as object), updatedAt: '2026-09-15T17:55:30+05:45' };
    expect(
      keptAside(
        'indexMonth',
        'indices/monthly/2026-08.json',
        validateMarketFile('indices/monthly/2026-08.json', JSON.stringify(newer)).value,
        stored,
        at,
        null,
      ),
    ).toBeUndefined();
    const manifest = realText('indices/manifest.json');
    const emptied = { ...(JSON.parse(manifest) as object), availableMonths: [] };
    const e = validateMarketFile('indices/manifest.json', JSON.stringify(emptied));
    expect(e.ok).toBe(true);
    expect(keptAside('indexManifest', 'indices/manifest.json', e.value, manifest, at, null)).toBe('empty, the stored copy has 350 rows');
  });
});
