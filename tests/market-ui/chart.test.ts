// The chart's pure logic: months per range, one symbol's points, 52-week extremes, SVG geometry.

import { describe, expect, it } from 'vitest';
import type { LtpMonth } from '../../src/core/market/index.ts';
import { fiftyTwoWeek, geometry, inRange, monthsFor, rangeStart, seriesOf } from '../../src/app/market/chart.ts';

const month = (m: string, days: string[], series: Record<string, number[][]>): LtpMonth => ({
  version: 1,
  market: 'NEPSE',
  currency: 'NPR',
  month: m,
  updatedAt: null,
  dates: days.map((d) => `${m}-${d}`),
  columns: ['dateIndex', 'ltp', 'volume', 'turnover', 'trades'],
  series,
  extra: {},
});

describe('price chart', () => {
  it('starts each range the right number of days before the latest date', () => {
    expect(rangeStart('1m', '2026-11-20')).toBe('2026-10-21');
    expect(rangeStart('3m', '2026-11-20')).toBe('2026-08-21');
    expect(rangeStart('1y', '2026-11-20')).toBe('2025-11-20');
    expect(rangeStart('all', '2026-11-20')).toBeNull();
  });

  it('loads only the months a range needs', () => {
    const available = ['2025-10', '2025-11', '2025-12', '2026-09', '2026-10', '2026-11'];
    expect(monthsFor('1m', available, '2026-11-20')).toEqual(['2026-10', '2026-11']);
    expect(monthsFor('1y', available, '2026-11-20')).toEqual(['2025-11', '2025-12', '2026-09', '2026-10', '2026-11']);
    expect(monthsFor('all', [...available].reverse(), '2026-11-20')).toEqual(available);
  });

  it('reads one symbol across months: short rows (funds), no zero prices, each day once, by date', () => {
    const oct = month('2026-10', ['30', '31'], {
      A: [
        [1, 101, 5],
        [0, 100, 10, 1000, 2],
      ],
      FUND: [[0, 9.5]],
    });
    const nov = month('2026-11', ['01', '02'], {
      A: [
        [0, 0, 1],
        [1, 103],
      ],
    });
    const a = seriesOf([nov, oct], 'A');
    expect(a.map((p) => [p.date, p.ltp, p.volume])).toEqual([
      ['2026-10-30', 100, 10],
      ['2026-10-31', 101, 5],
      ['2026-11-02', 103, undefined],
    ]);
    expect(seriesOf([oct], 'FUND')).toEqual([{ date: '2026-10-30', ltp: 9.5 }]);
    expect(seriesOf([oct], 'NONE')).toEqual([]);
    expect(inRange(a, '2026-10-31').map((p) => p.date)).toEqual(['2026-10-31', '2026-11-02']);
  });

  it('finds the 52-week high and low within 365 days of the last point', () => {
    const pts = [
      { date: '2025-01-01', ltp: 9999 },
      { date: '2025-12-01', ltp: 50 },
      { date: '2026-06-01', ltp: 80 },
      { date: '2026-11-20', ltp: 60 },
    ];
    expect(fiftyTwoWeek(pts)).toEqual({ high: pts[2], low: pts[0 + 1] });
    expect(fiftyTwoWeek([])).toBeNull();
  });

  it('draws the line within its band and volume bars below it', () => {
    const pts = [
      { date: 'd1', ltp: 10, volume: 100 },
      { date: 'd2', ltp: 20, volume: 50 },
      { date: 'd3', ltp: 15 },
    ];
    const g = geometry(pts, 600, 200, 260);
    expect(g.line).toBe('M0 200L300 0L600 100');
    expect(g.area).toBe('M0 200L300 0L600 100L600 200L0 200Z');
    expect([g.min, g.max, g.maxVolume]).toEqual([10, 20, 100]);
    expect(g.bars).toHaveLength(2);
    for (const b of g.bars) {
      expect(b.y).toBeGreaterThanOrEqual(206);
      expect(b.y + b.h).toBeCloseTo(260, 5);
      expect(b.x).toBeGreaterThanOrEqual(0);
      expect(b.x + b.w).toBeLessThanOrEqual(600);
    }
    // A flat series sits in the middle; one point, in the centre; none, nothing.
    expect(
      geometry(
        [
          { date: 'a', ltp: 5 },
          { date: 'b', ltp: 5 },
        ],
        100,
        50,
        60,
      ).line,
    ).toBe('M0 25L100 25');
    expect(geometry([{ date: 'a', ltp: 5 }], 100, 50, 60).line).toBe('M50 25');
    expect(geometry([], 100, 50, 60).line).toBe('');
  });
});
