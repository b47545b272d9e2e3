// Intraday prices (the real ltp/daily sample) and the floor sheet (a fixture in the upstream's
// shape, harness/fixtures/market-history: ../shared/data has none): one symbol's points, its trades,
// its top buying and selling brokers.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { intradayPoints, latestLtpDay, readLtpDay } from '../../../src/core/market/intraday.ts';
import { brokerNames, latestFloorDay, readFloorDay, stockIdOf, topBrokers } from '../../../src/core/market/floor-sheet.ts';
import { A_ROOT, hasMarketData } from '../real-data.ts';

const FIX = join(import.meta.dirname, '../../../harness/fixtures/market-history');
const fix = (p: string) => JSON.parse(readFileSync(join(FIX, p), 'utf8')) as unknown;

describe.skipIf(!hasMarketData)('intraday, real files', () => {
  const read = (p: string) => JSON.parse(readFileSync(join(A_ROOT, 'data', p), 'utf8')) as unknown;
  it("the latest day is the manifest's last available day", () => {
    expect(latestLtpDay(read('ltp/manifest.json'))).toBe('2026-08-12');
  });
  it("a symbol's prices through the day, with volumes; a fund's NAV rows have none", () => {
    const day = readLtpDay(read('ltp/daily/2026-08-12.sample.json'), 'ltp/daily/2026-08-12.json');
    expect(intradayPoints(day, 'ACLBSL')).toEqual([
      { time: '12:41', ltp: 927.9, volume: 15 },
      { time: '13:33', ltp: 925, volume: 26 },
      { time: '14:35', ltp: 907, volume: 258 },
      { time: '14:59', ltp: 943, volume: 628 },
    ]);
    expect(intradayPoints(day, 'CSBY')[0]).toEqual({ time: '12:41', ltp: 10.02 });
    expect(intradayPoints(day, 'NOPE')).toEqual([]);
  });
});

describe('intraday, bad files', () => {
  it('names the file and the row', () => {
    const bad = { version: 1, date: '2026-08-12', times: ['12:00'], columns: ['timeIndex', 'ltp'], series: { X: [[3, 1]] } };
    expect(() => readLtpDay(bad, 'ltp/daily/2026-08-12.json')).toThrow('ltp/daily/2026-08-12.json: entry 0 "X": series[0]: timeIndex 3 is outside times (0–0)');
    expect(() => latestLtpDay([], 'ltp/manifest.json')).toThrow(/ltp\/manifest.json/);
    expect(() => latestLtpDay({ availableDays: '2026-08-12' }, 'ltp/manifest.json')).toThrow(/ltp\/manifest.json: availableDays/);
  });

  it('a manifest that lists no day (a build that published none) names none: its latestDate is no intraday file', () => {
    expect(latestLtpDay({ version: 1, latestDate: '2026-05-07', availableMonths: ['2026-05'] })).toBeNull();
    expect(latestLtpDay({ latestDate: '2026-05-07', availableDays: [] })).toBeNull();
    expect(latestLtpDay({ latestDate: '2026-05-07', availableDays: ['2026-05-06', 'x', '2026-05-05'] })).toBe('2026-05-06');
  });
});

describe('the floor sheet', () => {
  const day = readFloorDay(fix('floor_sheet/daily/2026-08-12.json'), 'floor_sheet/daily/2026-08-12.json');
  const id = stockIdOf(fix('floor_sheet/lookups/stocks.json'), 'ACLBSL')!;
  const trades = day.byStock.get(id)!;
  it("the latest day, the symbol's id and its six trades", () => {
    expect(latestFloorDay(fix('floor_sheet/manifest.json'))).toBe('2026-08-12');
    expect(id).toBe(901);
    expect(trades.map((t) => t.contractId)).toEqual([
      2026081201000001, 2026081201000002, 2026081201000004, 2026081201000005, 2026081201000006, 2026081201000007,
    ]);
  });
  it('top buyers by shares: 58 bought 100 + 300 + 10; a tie of 50 goes to the larger amount', () => {
    expect(topBrokers(trades, 'buyer')).toEqual([
      { broker: 58, qty: 410, amount: 379720, trades: 3 },
      { broker: 1, qty: 125, amount: 117875, trades: 1 },
      { broker: 17, qty: 50, amount: 47000, trades: 1 },
      { broker: 42, qty: 50, amount: 45350, trades: 1 },
    ]);
  });
  it('top sellers by shares, limited', () => {
    expect(topBrokers(trades, 'seller', 2).map((b) => [b.broker, b.qty])).toEqual([
      [42, 300],
      [17, 275],
    ]);
  });
  it('broker names, trimmed', () => {
    expect(brokerNames(fix('floor_sheet/lookups/brokers.json')).get(58)).toBe('Delta Securities Co. Ltd.');
  });
  it('names the file and the trade of a bad sheet', () => {
    const bad = {
      date: '2026-08-12',
      columns: ['contractId', 'stockId', 'buyer', 'seller', 'qty', 'rate', 'amount', 'time'],
      transactions: [[1, 2, 3, 4, 'x', 6, 7, '']],
    };
    expect(() => readFloorDay(bad, 'floor_sheet/daily/2026-08-12.json')).toThrow(
      'floor_sheet/daily/2026-08-12.json: entry 0: qty: expected a number ≥ 0, found "x"',
    );
    expect(() => readFloorDay({ ...bad, columns: ['contractId'] }, 'f.json')).toThrow(/f.json: columns: has no "stockId", "buyer"/);
  });
});
