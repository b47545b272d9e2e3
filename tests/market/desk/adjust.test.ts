// Prices adjusted for bonus and right shares (src/core/market/adjust.ts): worked examples written
// out here, and the real dividend records of ../shared/data/market read by the core's reader.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { actionsOf, adjustForActions, type CorporateAction, rightOf } from '../../../src/core/market/adjust.ts';
import { readFileValue } from '../../../src/core/market/adapters/index.ts';
import { B_SNAPSHOTS, bRoot, hasMarketData } from '../real-data.ts';

const pts = (...xs: Array<[string, number]>) => xs.map(([date, ltp]) => ({ date, ltp }));
const ltps = (r: { points: Array<{ ltp: number }> }) => r.points.map((p) => Math.round(p.ltp * 1e6) / 1e6);

describe('worked examples', () => {
  it('a 20 % bonus: every price before the book-close date / 1.2', () => {
    // 600 / 1.2 = 500; 612 / 1.2 = 510; from the ex-date on, prices as traded.
    const r = adjustForActions(pts(['2025-02-27', 600], ['2025-02-28', 612], ['2025-03-01', 515], ['2025-03-02', 520]), [
      { kind: 'bonus', exDate: '2025-03-01', percent: 20 },
    ]);
    expect(ltps(r)).toEqual([500, 510, 515, 520]);
    expect(r.applied).toEqual([{ kind: 'bonus', exDate: '2025-03-01', percent: 20, factor: 1 / 1.2 }]);
  });

  it('a 1:2 right issue at Rs 100: TERP from the last close before it', () => {
    // One new share for two held: r = 0.5. Last close before the ex-date 400:
    // TERP = (400 + 0.5 × 100) / 1.5 = 300; factor 300 / 400 = 0.75: 380 → 285, 400 → 300.
    const r = adjustForActions(pts(['2025-06-01', 380], ['2025-06-02', 400], ['2025-06-03', 305]), [
      { kind: 'right', exDate: '2025-06-03', ratio: 0.5, issuePrice: 100 },
    ]);
    expect(ltps(r)).toEqual([285, 300, 305]);
    expect(r.applied[0]!.factor).toBe(0.75);
  });

  it('a bonus, then a right issue: factors multiply on the prices before both', () => {
    // Bonus 10 % ex 2025-03-01: factor 1/1.1. Right 1:1 at Rs 100 ex 2025-06-01, last close 500:
    // TERP = (500 + 100) / 2 = 300, factor 0.6.
    // 2025-02-28 at 550: 550 / 1.1 × 0.6 = 300. 2025-05-30 at 500: × 0.6 = 300. 2025-06-01 at 310: as traded.
    const actions: CorporateAction[] = [
      { kind: 'right', exDate: '2025-06-01', ratio: 1, issuePrice: 100 },
      { kind: 'bonus', exDate: '2025-03-01', percent: 10 },
    ];
    const r = adjustForActions(pts(['2025-02-28', 550], ['2025-05-30', 500], ['2025-06-01', 310]), actions);
    expect(ltps(r)).toEqual([300, 300, 310]);
    // The order the actions come in does not matter.
    expect(ltps(adjustForActions(pts(['2025-02-28', 550], ['2025-05-30', 500], ['2025-06-01', 310]), [...actions].reverse()))).toEqual([300, 300, 310]);
  });

  it('an action outside the points changes nothing and is not listed; the input is left as it was', () => {
    const input = pts(['2025-02-27', 600], ['2025-02-28', 612]);
    const r = adjustForActions(input, [
      { kind: 'bonus', exDate: '2024-01-01', percent: 20 },
      { kind: 'bonus', exDate: '2026-01-01', percent: 20 },
    ]);
    expect(ltps(r)).toEqual([600, 612]);
    expect(r.applied).toEqual([]);
    expect(input[0]!.ltp).toBe(600);
  });

  it('reads a right ratio where a record carries one', () => {
    expect(rightOf({ right_share: '1:2' })).toEqual({ ratio: 0.5, issuePrice: 100 });
    expect(rightOf({ right_ratio: '50' })).toEqual({ ratio: 0.5, issuePrice: 100 });
    expect(rightOf({ rights: 100, right_price: 200 })).toEqual({ ratio: 1, issuePrice: 200 });
    expect(rightOf({ right_share: '' })).toBeUndefined();
    expect(rightOf({ right_share: '0:2' })).toBeUndefined();
    expect(rightOf({})).toBeUndefined();
  });

  it('actions from records: bonus by book-close date, none for "0.00" or "", none without a date', () => {
    let year = 2070;
    const rec = (bonus: string | null, bookcloseDate: string | null, extra = {}) => ({
      symbol: 'X',
      bonus,
      bookcloseDate,
      fiscalYear: `${year}/${++year}`,
      extra,
    });
    expect(
      actionsOf(
        [
          rec('8.7', '2026-04-09 [Closed]'),
          // Two fiscal years closing together add up; the same year again counts once.
          rec('12.75', '2019-04-19 [Closed]'),
          rec('8.5', '2019-04-19 [Closed]'),
          { symbol: 'X', bonus: '8.5', bookcloseDate: '2019-04-19', fiscalYear: '2071/2072', extra: {} },
          rec('0.00', '2025-04-09 [Closed]'),
          rec('', '2024-04-09'),
          rec('10', null),
          rec(null, '2023-01-05', { right_share: '1:1' }),
          { ...rec('5', '2022-01-01'), symbol: 'Y' },
        ],
        'X',
      ),
    ).toEqual([
      { kind: 'bonus', exDate: '2019-04-19', percent: 21.25 },
      { kind: 'right', exDate: '2023-01-05', ratio: 1, issuePrice: 100 },
      { kind: 'bonus', exDate: '2026-04-09', percent: 8.7 },
    ]);
  });
});

describe.skipIf(!hasMarketData)('on the real dividend records', () => {
  const file = 'proposed_dividend/history_all_years.json';
  // Read only with the data here: a skipped describe still runs its body to collect its tests.
  const raw = (hasMarketData ? JSON.parse(readFileSync(join(bRoot(B_SNAPSHOTS[2]), 'data', file), 'utf8')) : []) as Array<Record<string, string | null>>;
  const read = readFileValue('dividendAllYears', raw, file);

  it('every bonus with a book-close date becomes one action with its percentage; a price before it / (1 + b/100)', () => {
    expect(read.problems).toEqual([]);
    const records = read.value!;
    const withBonus = raw.filter((r) => Number(r.bonus_share) > 0 && /^\d{4}-\d{2}-\d{2}/.test(r.bookclose_date ?? ''));
    expect(withBonus.length).toBeGreaterThan(500);
    // The percentage a date's bonus should have: each fiscal year's once, added (computed here from the raw rows).
    const expected = new Map<string, Map<string, number>>();
    for (const r of withBonus) {
      const key = `${r.symbol} ${r.bookclose_date!.slice(0, 10)}`;
      expected.set(key, (expected.get(key) ?? new Map()).set(r.fiscal_year ?? '', Number(r.bonus_share)));
    }
    for (const r of withBonus) {
      const exDate = r.bookclose_date!.slice(0, 10);
      const percent = [...expected.get(`${r.symbol} ${exDate}`)!.values()].reduce((x, y) => x + y, 0);
      const a = actionsOf(records, r.symbol!).find((x) => x.kind === 'bonus' && x.exDate === exDate);
      expect(a, `${r.symbol} ${r.fiscal_year}`).toEqual({ kind: 'bonus', exDate, percent });
      const one = adjustForActions(pts(['1990-01-01', 100], [exDate, 100]), [a!]);
      expect(one.points[0]!.ltp).toBeCloseTo(100 / (1 + percent / 100), 9);
    }
    expect(actionsOf(records, 'KBL')).toContainEqual({ kind: 'bonus', exDate: '2019-04-19', percent: 21.25 });
    // The real records carry no right ratio: no right issue is made up.
    expect(records.some((r) => actionsOf([r], r.symbol).some((a) => a.kind === 'right'))).toBe(false);
  });

  it('PRIN: 8.7 % bonus, book close 2026-04-09, as the record says', () => {
    expect(actionsOf(read.value!, 'PRIN')).toContainEqual({ kind: 'bonus', exDate: '2026-04-09', percent: 8.7 });
    // Nabil gave cash only ("0.00" and "" bonus): nothing to adjust.
    expect(actionsOf(read.value!, 'NABIL').filter((a) => a.kind === 'bonus' && a.exDate >= '2023-06-01')).toEqual([]);
  });
});
