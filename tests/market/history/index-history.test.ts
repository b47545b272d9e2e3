// Index history: reading the upstream's manifest and months (real files from ../shared/data), the
// months a range needs, and one index's points.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexCodes, indexMonthsFor, indexPoints, periodOf, periodRows, readIndexManifest, readIndexMonth } from '../../../src/core/market/index-history.ts';
import { A_ROOT, hasMarketData } from '../real-data.ts';

const month = (m: string, series: Record<string, number[][]>, dates: string[]) => ({
  version: 1,
  month: m,
  dates,
  columns: ['dateIndex', 'close', 'open', 'high', 'low', 'turnover', 'volume', 'trades'],
  series,
});
const manifest = { version: 1, latestDate: '2026-09-14', availableMonths: ['1997-07', '2025-09', '2026-06', '2026-07', '2026-08', '2026-09'] };

describe('the months a range needs', () => {
  const m = readIndexManifest(manifest);
  it('1 month ending 2026-09-14 needs August and September only', () => {
    expect(indexMonthsFor('1m', m)).toEqual(['2026-08', '2026-09']);
  });
  it('1 year needs the months from 2025-09 on, in order', () => {
    expect(indexMonthsFor('1y', m)).toEqual(['2025-09', '2026-06', '2026-07', '2026-08', '2026-09']);
  });
  it('"all" needs every listed month, oldest first', () => {
    expect(indexMonthsFor('all', m)).toEqual(['1997-07', '2025-09', '2026-06', '2026-07', '2026-08', '2026-09']);
  });
  it('a month listed after the latest date is not fetched; the reader refuses such a manifest, as the build does', () => {
    expect(indexMonthsFor('all', { latestDate: '2026-09-14', availableMonths: ['2026-09', '2026-10'] })).toEqual(['2026-09']);
    expect(() => readIndexManifest({ ...manifest, availableMonths: ['2026-09', '2026-10'] })).toThrow(
      'indices/manifest.json: latestDate: latestDate 2026-09-14 is not in the last month listed (2026-10)',
    );
  });
  it('months out of order are refused, naming the entry (the same check as the build: series-files.ts)', () => {
    expect(() => readIndexManifest({ ...manifest, availableMonths: ['2026-09', '2026-08'] })).toThrow(
      /availableMonths\[1\]: "2026-08" does not come after "2026-09"/,
    );
  });
});

describe('reading the files', () => {
  it('names the file and the field of a bad manifest', () => {
    expect(() => readIndexManifest({ latestDate: '14 Sep', availableMonths: [] }, 'x/indices/manifest.json')).toThrow(/x\/indices\/manifest.json: latestDate/);
    expect(() => readIndexManifest({ latestDate: '2026-09-14', availableMonths: ['2026-9'] })).toThrow(/availableMonths\[0\]/);
  });
  it('names the file, the index and the row of a bad month', () => {
    const bad = month(
      '2026-08',
      {
        NEPSE: [
          [0, 2600],
          [5, 2601],
        ],
      },
      ['2026-08-03'],
    );
    expect(() => readIndexMonth(bad, 'indices/monthly/2026-08.json')).toThrow(
      'indices/monthly/2026-08.json: entry 0 "NEPSE": series[1]: dateIndex 5 is outside dates (0–0)',
    );
    expect(() => readIndexMonth({ ...bad, columns: ['close'] }, 'f.json')).toThrow(/f.json: columns/);
  });
});

describe('one index over several months', () => {
  const a = readIndexMonth(month('2026-07', { NEPSE: [[0, 2500, 2490, 2510, 2480, 1e9, 1000, 50]], BANKSUBIND: [[0, 1400]] }, ['2026-07-31']), 'a');
  const b = readIndexMonth(
    month(
      '2026-08',
      {
        NEPSE: [
          [1, 2520],
          [0, 2510, 2500],
        ],
      },
      ['2026-08-03', '2026-08-04'],
    ),
    'b',
  );
  it('orders the points by date across months and keeps the fields each row has', () => {
    expect(indexPoints([b, a], 'NEPSE')).toEqual([
      { date: '2026-07-31', close: 2500, open: 2490, high: 2510, low: 2480, turnover: 1e9, volume: 1000, trades: 50 },
      { date: '2026-08-03', close: 2510, open: 2500 },
      { date: '2026-08-04', close: 2520 },
    ]);
  });
  it('puts rows out of date order in order and keeps a day given twice once', () => {
    // As the type allows (the file checks refuse a day outside its month): the order is not assumed.
    const columns = ['dateIndex', 'close'];
    const late = {
      month: '2026-09',
      dates: ['2026-09-01', '2026-09-02'],
      columns,
      series: {
        NEPSE: [
          [1, 2600],
          [0, 2590],
        ],
      },
    };
    const again = { month: '2026-10', dates: ['2026-09-02'], columns, series: { NEPSE: [[0, 2700]] } };
    expect(indexPoints([again, late], 'NEPSE').map((p) => [p.date, p.close])).toEqual([
      ['2026-09-01', 2590],
      ['2026-09-02', 2600],
    ]);
  });
  it('gives the same points when asked again, for another start or another index (kept per month)', () => {
    const all = indexPoints([a, b], 'NEPSE');
    expect(indexPoints([b, a], 'NEPSE', '2026-08-04').map((p) => p.date)).toEqual(['2026-08-04']);
    expect(indexPoints([a, b], 'NEPSE')).toEqual(all);
    expect(indexPoints([a, b], 'BANKSUBIND').length).toBeGreaterThan(0);
    expect(indexPoints([a, b], 'NONE')).toEqual([]);
  });
  it('starts at the range start', () => {
    expect(indexPoints([a, b], 'NEPSE', '2026-08-04').map((p) => p.date)).toEqual(['2026-08-04']);
  });
  it('lists NEPSE first among the codes', () => {
    expect(indexCodes([a, b])).toEqual(['NEPSE', 'BANKSUBIND']);
  });
});

describe.skipIf(!hasMarketData)('the real files', () => {
  const read = (p: string) => JSON.parse(readFileSync(join(A_ROOT, 'data', p), 'utf8')) as unknown;
  it('the real manifest lists 350 months from 1997-07; "all" needs each of them, "1m" two', () => {
    const m = readIndexManifest(read('indices/manifest.json'));
    expect(m.availableMonths[0]).toBe('1997-07');
    expect(indexMonthsFor('all', m)).toHaveLength(350);
    expect(indexMonthsFor('1m', m)).toEqual(['2026-08', '2026-09']);
  });
  it('the real August 2026 month reads: 20 days of the banking sub-index', () => {
    const m = readIndexMonth(read('indices/monthly/2026-08.sample.json'), 'indices/monthly/2026-08.json');
    const pts = indexPoints([m], 'BANKSUBIND');
    expect(pts).toHaveLength(20);
    expect(pts[0]).toEqual({
      date: '2026-08-03',
      close: 1495.24,
      open: 1430.26,
      high: 1508.11,
      low: 1430.26,
      turnover: 815485395.8,
      volume: 2925432,
      trades: 7432,
    });
  });
});

describe('the table beside the chart', () => {
  it('a row a year: last close, highest and lowest, change from the year before', () => {
    const pts = [
      { date: '1997-07-20', close: 100, high: 105 },
      { date: '1997-12-31', close: 120, low: 90 },
      { date: '1998-01-02', close: 110 },
      { date: '1998-06-01', close: 130 },
    ];
    expect(periodRows(pts, 'year')).toEqual([
      { period: '1997', last: '1997-12-31', close: 120, high: 120, low: 90, change: 20 },
      { period: '1998', last: '1998-06-01', close: 130, high: 130, low: 110, change: 10 },
    ]);
    expect(periodRows(pts, 'day')).toHaveLength(4);
    expect(periodOf('all')).toBe('year');
    expect(periodOf('1m')).toBe('day');
  });
});
