// The portfolio's figures against examples worked out by hand, line by line, at the published
// rates (src/core/market/portfolio/rates.ts).

import { describe, expect, it } from 'vitest';
import { commissionOf, tradeCharges } from '../../../src/core/market/portfolio/fees.ts';
import { holdingsOf, totalsOf } from '../../../src/core/market/portfolio/ledger.ts';
import { CHARGE_SETS } from '../../../src/core/market/portfolio/rates.ts';
import type { Transaction } from '../../../src/core/market/portfolio/types.ts';
import { DataError } from '../../../src/core/problems.ts';

const individual = { investor: 'individual' as const };
const one = (txs: Transaction[], symbol: string, prices?: Map<string, number>) => holdingsOf(txs, { ...individual, prices }).get(symbol)!;

describe('charges on a trade', () => {
  it('takes the band of the whole amount, at the set in force that day', () => {
    // 2025: 50,000 is in the first band (0.36 %): 180.00; SEBON 0.015 %: 7.50; DP 25.
    expect(tradeCharges(50_000, '2025-01-10')).toEqual({ amount: 50_000, commission: 180, sebonFee: 7.5, dpCharge: 25, total: 212.5 });
    // The same amount in January 2024, before the cut of 14 May 2024: 0.40 % = 200.00.
    expect(tradeCharges(50_000, '2024-01-15').commission).toBe(200);
    // 60,000 in the second band, 2024-06-01: 0.33 % = 198.00; SEBON 9.00.
    expect(tradeCharges(60_000, '2024-06-01')).toMatchObject({ commission: 198, sebonFee: 9, total: 232 });
    // A tiny trade pays the least a broker charges: Rs 10.
    expect(commissionOf(1_000, CHARGE_SETS.at(-1)!)).toBe(10);
  });
});

describe('both WACC figures', () => {
  const buy: Transaction = { date: '2025-01-10', symbol: 'NABIL', kind: 'buy', quantity: 100, price: 500 };
  const bonus: Transaction = { date: '2025-03-01', symbol: 'NABIL', kind: 'bonus', quantity: 10 };
  const right: Transaction = { date: '2025-04-01', symbol: 'NABIL', kind: 'right', quantity: 11, price: 100 };

  it('a buy: cost is the amount plus its charges', () => {
    // 100 × 500 = 50,000 + 212.50 charges = 50,212.50; WACC 502.125 both ways.
    const h = one([buy], 'NABIL');
    expect(h).toMatchObject({ quantity: 100, cost: 50_212.5, depositoryCost: 50_212.5, commission: 180, sebonFee: 7.5, dpCharge: 25 });
    expect(h.wacc).toBeCloseTo(502.125, 6);
    expect(h.depositoryWacc).toBeCloseTo(502.125, 6);
  });

  it("a bonus: Rs 0 in the reader's cost, Rs 100 in the depository's", () => {
    // 110 shares; cost 50,212.50 → 456.4773; depository 50,212.50 + 10 × 100 = 51,212.50 → 465.5682.
    const h = one([buy, bonus], 'NABIL');
    expect(h).toMatchObject({ quantity: 110, cost: 50_212.5, depositoryCost: 51_212.5 });
    expect(h.wacc).toBeCloseTo(456.477273, 5);
    expect(h.depositoryWacc).toBeCloseTo(465.568182, 5);
  });

  it('a right issue at par: Rs 100 a share both ways, no broker', () => {
    // 121 shares; cost 51,312.50 → 424.0702; depository 52,312.50 → 432.3347.
    const h = one([buy, bonus, right], 'NABIL');
    expect(h).toMatchObject({ quantity: 121, cost: 51_312.5, depositoryCost: 52_312.5, commission: 180 });
    expect(h.wacc).toBeCloseTo(424.070248, 5);
    expect(h.depositoryWacc).toBeCloseTo(432.334711, 5);
  });

  it('orders by date, whatever the order of entry', () => {
    expect(one([right, bonus, buy], 'NABIL')).toMatchObject({ quantity: 121, cost: 51_312.5, depositoryCost: 52_312.5 });
  });
});

describe('a partial sell across a rate change', () => {
  // Lot 1: 2024-01-15, 50 @ 1,000 = 50,000; 0.40 % = 200, SEBON 7.50, DP 25 → 50,232.50.
  // Lot 2: 2024-06-01, 50 @ 1,200 = 60,000; 0.33 % = 198, SEBON 9, DP 25 → 60,232.00.
  // 100 shares, cost 110,464.50, WACC 1,104.645.
  // Sell 2025-02-01, 70 @ 1,300 = 91,000; 0.33 % = 300.30, SEBON 13.65, DP 25 → charges 338.95, net 90,661.05.
  // Cost of the 70 by WACC: 77,325.15. Gain 13,335.90.
  // First in, first out: 50 from lot 1 (383 days: 5 %), 20 from lot 2 (245 days: 7.5 %).
  // Tax 13,335.90 × (50/70 × 5 % + 20/70 × 7.5 %) = 762.0514 → 762.05.
  // Realised: 90,661.05 − 762.05 − 77,325.15 = 12,573.85. Left: 30 shares, cost 33,139.35.
  const txs: Transaction[] = [
    { date: '2024-01-15', symbol: 'NICA', kind: 'buy', quantity: 50, price: 1000 },
    { date: '2024-06-01', symbol: 'NICA', kind: 'buy', quantity: 50, price: 1200 },
    { date: '2025-02-01', symbol: 'NICA', kind: 'sell', quantity: 70, price: 1300 },
  ];

  it('realises the gain after charges and tax, and keeps the WACC of what is left', () => {
    const h = one(txs, 'NICA', new Map([['NICA', 1250]]));
    expect(h.gainsTax).toBe(762.05);
    expect(h.realised).toBe(12_573.85);
    expect(h).toMatchObject({ quantity: 30, cost: 33_139.35, depositoryCost: 33_139.35 });
    expect(h.wacc).toBeCloseTo(1104.645, 6);
    expect(h.lots).toEqual([{ date: '2024-06-01', quantity: 30 }]);
    // Commission paid: 200 + 198 + 300.30; SEBON 7.50 + 9 + 13.65; DP 3 × 25.
    expect(h.commission).toBeCloseTo(698.3, 6);
    expect(h.sebonFee).toBeCloseTo(30.15, 6);
    expect(h.dpCharge).toBe(75);
    // At 1,250: value 37,500, unrealised 37,500 − 33,139.35 = 4,360.65.
    expect(h).toMatchObject({ lastPrice: 1250, value: 37_500, unrealised: 4_360.65 });
  });

  it('an institution pays 10 % whatever the holding period', () => {
    const h = holdingsOf(txs, { investor: 'entity' }).get('NICA')!;
    // 13,335.90 × 10 % = 1,333.59.
    expect(h.gainsTax).toBe(1333.59);
  });

  it('a loss pays no tax', () => {
    const loss: Transaction[] = [...txs.slice(0, 2), { ...txs[2]!, price: 900 }];
    const h = one(loss, 'NICA');
    expect(h.gainsTax).toBe(0);
    expect(h.realised).toBeLessThan(0);
  });
});

describe('corporate actions and dividends', () => {
  it('a split multiplies shares and keeps the cost; a merger carries cost and holding dates', () => {
    const txs: Transaction[] = [
      { date: '2023-01-01', symbol: 'A', kind: 'ipo', quantity: 10, price: 100 },
      { date: '2023-06-01', symbol: 'A', kind: 'split', quantity: 0, ratio: 2 },
      { date: '2024-01-01', symbol: 'A', kind: 'merger', quantity: 0, ratio: 0.5, into: 'B' },
      { date: '2024-02-01', symbol: 'B', kind: 'dividend', quantity: 0, amount: 95 },
    ];
    const all = holdingsOf(txs, individual);
    expect(all.get('A')).toMatchObject({ quantity: 0, cost: 0 });
    expect(all.get('B')).toMatchObject({ quantity: 10, cost: 1000, depositoryCost: 1000, dividends: 95, lots: [{ date: '2023-01-01', quantity: 10 }] });
  });

  it('totals add holdings; value only when every held symbol has a price', () => {
    const txs: Transaction[] = [
      { date: '2025-01-10', symbol: 'X', kind: 'ipo', quantity: 10, price: 100 },
      { date: '2025-01-10', symbol: 'Y', kind: 'ipo', quantity: 20, price: 100 },
    ];
    expect(totalsOf(holdingsOf(txs, { ...individual, prices: new Map([['X', 150]]) }).values())).toMatchObject({ cost: 3000, value: null });
    expect(
      totalsOf(
        holdingsOf(txs, {
          ...individual,
          prices: new Map([
            ['X', 150],
            ['Y', 90],
          ]),
        }).values(),
      ),
    ).toMatchObject({ cost: 3000, value: 3300, unrealised: 300 });
  });
});

describe('bad transactions are named', () => {
  it('selling more than is held', () => {
    const txs: Transaction[] = [
      { date: '2025-01-10', symbol: 'X', kind: 'ipo', quantity: 10, price: 100 },
      { date: '2025-02-10', symbol: 'X', kind: 'sell', quantity: 11, price: 120 },
    ];
    expect(() => holdingsOf(txs, individual)).toThrow(DataError);
    expect(() => holdingsOf(txs, individual)).toThrow(/entry 1 "2025-02-10 sell X": sells 11 shares, but 10 are held/);
  });
  it('a buy with no price', () => {
    expect(() => holdingsOf([{ date: '2025-01-10', symbol: 'X', kind: 'buy', quantity: 10 }], individual)).toThrow(/buy needs price/);
  });
});
