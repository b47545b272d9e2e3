// The series files beyond the contract (index history, intraday prices, floor sheet): real records
// from ../shared/data/market/layout-a pass; each broken copy fails with file, record and problem.
// The shared data holds no floor sheet: its files here are written in the shape the upstream
// publishes (floor_sheet/manifest.json, daily/YYYY-MM-DD.json, lookups/stocks.json, brokers.json).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listingProblems, seriesKindOfPath, seriesProblems } from '../../src/core/market/series-files.ts';
import { formatProblem } from '../../src/core/problems.ts';
import { FLOOR_BROKERS, FLOOR_DAY, FLOOR_MANIFEST, FLOOR_STOCKS } from './floor-sheet-fixture.ts';
import { A_ROOT, hasMarketData } from './real-data.ts';

const real = (rel: string) => JSON.parse(readFileSync(join(A_ROOT, 'data', rel), 'utf8')) as Record<string, unknown>;
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
const problems = (path: string, v: unknown) => seriesProblems(path, v).map(formatProblem);

describe('series paths', () => {
  it('names the kind and the month, day or lookup of each path', () => {
    expect(seriesKindOfPath('indices/manifest.json')).toEqual({ kind: 'indexManifest' });
    expect(seriesKindOfPath('/data/indices/monthly/1997-07.json')).toEqual({ kind: 'indexMonth', key: '1997-07' });
    expect(seriesKindOfPath('ltp/daily/2026-08-12.json')).toEqual({ kind: 'ltpDay', key: '2026-08-12' });
    expect(seriesKindOfPath('floor_sheet/daily/2026-09-03.json')).toEqual({ kind: 'floorDay', key: '2026-09-03' });
    expect(seriesKindOfPath('floor_sheet/lookups/brokers.json')).toEqual({ kind: 'floorLookup', key: 'brokers' });
    expect(seriesKindOfPath('ltp/monthly/2026-08.json')).toBeUndefined();
    expect(seriesKindOfPath('indices/monthly/../x.json')).toBeUndefined();
  });
});

describe.skipIf(!hasMarketData)('real index history and intraday files', () => {
  it('the real files pass', () => {
    expect(problems('indices/manifest.json', real('indices/manifest.json'))).toEqual([]);
    expect(problems('indices/monthly/2026-08.json', real('indices/monthly/2026-08.sample.json'))).toEqual([]);
    expect(problems('ltp/daily/2026-08-12.json', real('ltp/daily/2026-08-12.sample.json'))).toEqual([]);
  });

  it('an index month: OHLC out of order, negative volume, a date outside the month, a wrong month, a bad dateIndex', () => {
    const m = clone(real('indices/monthly/2026-08.sample.json')) as { series: Record<string, number[][]>; dates: string[]; month: string };
    m.series.BANKSUBIND![2]![4] = 1480; // low above the close
    m.series.BANKSUBIND![3]![6] = -5; // volume
    m.series.BANKSUBIND![4]![0] = 99;
    m.dates[19] = '2026-09-01';
    expect(problems('indices/monthly/2026-08.json', m)).toEqual([
      'indices/monthly/2026-08.json: dates[19]: date 2026-09-01 is outside the month 2026-08',
      'indices/monthly/2026-08.json: entry 0 "BANKSUBIND": series[2]: OHLC out of order: open 1487.97, high 1488.02, low 1480, close 1476.78 (needs low ≤ open, close ≤ high)',
      'indices/monthly/2026-08.json: entry 0 "BANKSUBIND": series[3]: volume is negative (-5)',
      'indices/monthly/2026-08.json: entry 0 "BANKSUBIND": series[4]: dateIndex 99 is outside dates (0–19)',
    ]);
    expect(problems('indices/monthly/2026-07.json', real('indices/monthly/2026-08.sample.json'))).toEqual([
      'indices/monthly/2026-07.json: month: says "2026-08", the file name 2026-07',
      ...real('indices/monthly/2026-08.sample.json')
        .dates!.toString()
        .split(',')
        .map((d, i) => `indices/monthly/2026-07.json: dates[${i}]: date ${d} is outside the month 2026-07`)
        .slice(0, 19),
      'indices/monthly/2026-07.json: … and 1 more problems',
    ]);
  });

  it('a manifest: months out of order, latestDate outside them', () => {
    const m = clone(real('indices/manifest.json')) as { availableMonths: string[]; latestDate: string };
    m.availableMonths.splice(3, 0, '1997-08');
    m.latestDate = '2027-01-02';
    expect(problems('indices/manifest.json', m)).toEqual([
      'indices/manifest.json: availableMonths[3]: "1997-08" does not come after "1997-09" (must be ascending, no repeats)',
      'indices/manifest.json: latestDate: latestDate 2027-01-02 is not in the last month listed (2026-09)',
    ]);
  });

  it('an intraday day: a wrong date, a time out of order, a row of text, negative turnover', () => {
    const d = clone(real('ltp/daily/2026-08-12.sample.json')) as { series: Record<string, unknown[][]>; times: string[] };
    d.times[2] = '13:00';
    d.series.ACLBSL![1]![3] = -1;
    d.series.CSBY![0] = [0, '10.02'];
    expect(problems('ltp/daily/2026-08-13.json', d)).toEqual([
      'ltp/daily/2026-08-13.json: date: says "2026-08-12", the file name 2026-08-13',
      'ltp/daily/2026-08-13.json: times[2]: "13:00" does not come after "13:33" (must be ascending, no repeats)',
      'ltp/daily/2026-08-13.json: entry 0 "ACLBSL": series[1]: turnover is negative (-1)',
      'ltp/daily/2026-08-13.json: entry 2 "CSBY": series[0]: expected numbers, found [0,"10.02"]',
    ]);
  });
});

describe('floor sheet files (the upstream shape)', () => {
  it('pass as published', () => {
    expect(problems('floor_sheet/daily/2026-09-03.json', FLOOR_DAY)).toEqual([]);
    expect(problems('floor_sheet/manifest.json', FLOOR_MANIFEST)).toEqual([]);
    expect(problems('floor_sheet/lookups/stocks.json', FLOOR_STOCKS)).toEqual([]);
    expect(problems('floor_sheet/lookups/brokers.json', FLOOR_BROKERS)).toEqual([]);
  });

  it('name the trade and the column of what is wrong', () => {
    const d = clone(FLOOR_DAY);
    d.transactions[1]![4] = -500;
    d.transactions[2]![2] = 'x58';
    d.transactions.push([1, 2, 3]);
    expect(problems('floor_sheet/daily/2026-09-03.json', d)).toEqual([
      'floor_sheet/daily/2026-09-03.json: entry 1: qty: expected a number ≥ 0, found number -500',
      'floor_sheet/daily/2026-09-03.json: entry 2: buyer: expected an id (a whole number ≥ 0), found "x58"',
      'floor_sheet/daily/2026-09-03.json: entry 3: transactions: expected a row of 8 values (contractId, stockId, buyer, seller, qty, rate, amount, time), found an array of 3',
    ]);
    expect(problems('floor_sheet/lookups/brokers.json', { '34': 7 })).toEqual([
      'floor_sheet/lookups/brokers.json: entry 0 "34": expected a name or {symbol, name}, found number 7',
    ]);
    expect(problems('floor_sheet/manifest.json', { ...FLOOR_MANIFEST, latestDate: '2026-09-02' })).toEqual([
      'floor_sheet/manifest.json: latestDate: latestDate 2026-09-02 is not the last date listed (2026-09-03)',
    ]);
  });
});

describe('a manifest lists exactly the files there are', () => {
  it('names what it lists and is missing, and what it leaves out', () => {
    expect(listingProblems('indices/manifest.json', 'availableMonths', ['2026-07', '2026-08'], ['2026-08', '2026-09']).map(formatProblem)).toEqual([
      'indices/manifest.json: availableMonths: lists 1 not published (2026-07)',
      'indices/manifest.json: availableMonths: does not list 1 published (2026-09)',
    ]);
    expect(listingProblems('f', 'k', ['a'], ['a'])).toEqual([]);
  });
});
