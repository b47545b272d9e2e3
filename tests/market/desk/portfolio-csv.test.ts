// Portfolio CSV: our columns round-trip byte for byte; bad cells are named by line and column;
// MeroShare's "My Shares" export becomes opening balances of unknown cost.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS, fromCsv, fromMeroShare, toCsv } from '../../../src/core/market/portfolio/csv.ts';
import { holdingsOf } from '../../../src/core/market/portfolio/ledger.ts';
import { type Transaction, TX_KINDS } from '../../../src/core/market/portfolio/types.ts';

const OURS = [
  'date,symbol,kind,quantity,price,ratio,into,amount,charges,note',
  '2024-01-15,NICA,buy,50,1000,,,,,',
  '2024-03-01,NICA,bonus,5,,,,,,"bonus 10%, FY 2080/81"',
  '2024-06-01,NICA,sell,20,1200.5,,,,338.95,"said ""sell"""',
  '2024-07-01,NICA,dividend,0,,,,95.25,,',
  '2024-08-01,NICA,merger,0,,0.5,GBIME,,,',
  '',
].join('\r\n');

describe('our CSV', () => {
  it('reads every column and writes the same text back', () => {
    const txs = fromCsv(OURS);
    expect(txs[1]).toEqual({ date: '2024-03-01', symbol: 'NICA', kind: 'bonus', quantity: 5, note: 'bonus 10%, FY 2080/81' });
    expect(txs[2]).toEqual({ date: '2024-06-01', symbol: 'NICA', kind: 'sell', quantity: 20, price: 1200.5, charges: 338.95, note: 'said "sell"' });
    expect(txs[4]).toMatchObject({ kind: 'merger', ratio: 0.5, into: 'GBIME' });
    expect(toCsv(txs)).toBe(OURS);
  });

  it('round-trips any list of transactions (property)', () => {
    const num = fc.option(fc.double({ min: 0, max: 1e7, noNaN: true, noDefaultInfinity: true }), { nil: undefined });
    const tx = fc.record(
      {
        date: fc.date({ min: new Date('1997-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
        symbol: fc.stringMatching(/^[A-Z0-9]{1,8}$/),
        kind: fc.constantFrom(...TX_KINDS),
        quantity: fc.nat({ max: 1e6 }),
        price: num,
        ratio: num,
        into: fc.option(fc.stringMatching(/^[A-Z]{1,8}$/), { nil: undefined }),
        amount: num,
        charges: num,
        note: fc.option(
          fc.string({ minLength: 1 }).filter((s) => s.trim() === s && s.length > 0),
          { nil: undefined },
        ),
      },
      { requiredKeys: ['date', 'symbol', 'kind', 'quantity'] },
    );
    fc.assert(
      fc.property(fc.array(tx, { maxLength: 20 }), (txs) => {
        const clean = txs.map((t) => Object.fromEntries(Object.entries(t).filter(([, v]) => v !== undefined)) as unknown as Transaction);
        expect(fromCsv(toCsv(clean))).toEqual(clean);
      }),
    );
  });

  it('names the line and column of a bad cell, and refuses columns it does not know', () => {
    const bad = `${CSV_COLUMNS.join(',')}\n2024-01-15,NICA,buy,50,1000\n2024-13-40,NICA,buy,5,1\n2024-01-15,NICA,gift,5,1\n2024-01-15,NICA,buy,-5,1\n`;
    expect(() => fromCsv(bad, 'mine.csv')).toThrow(/mine\.csv: entry 3: date: "2024-13-40" is not a date/);
    expect(() => fromCsv(bad, 'mine.csv')).toThrow(/mine\.csv: entry 4: kind: "gift" is not one of buy/);
    expect(() => fromCsv(bad, 'mine.csv')).toThrow(/mine\.csv: entry 5: quantity: "-5" is not a number/);
    expect(() => fromCsv('Date,Scrip,Qty\n2024-01-01,X,1\n', 'other.csv')).toThrow(/other\.csv: expected the columns date,symbol/);
  });
});

describe("MeroShare's My Shares export", () => {
  const MY_SHARES = [
    '\uFEFF"S.N","Scrip","Current Balance","Previous Closing Price","Value as of Previous Closing Price","Last Transaction Price (LTP)","Value as of LTP"',
    '"1","NABIL","1,210","500.00","6,05,000.00","505.00","6,11,050.00"',
    '"2","NICA","0","400","0","400","0"',
    '"3","UPPER","30","210","6300","212","6360"',
    '"Total :","","","","6,11,300.00","","6,17,410.00"',
  ].join('\n');

  it('reads balances as opening holdings whose cost is unknown', () => {
    const txs = fromMeroShare(MY_SHARES, '2026-11-25');
    expect(txs).toEqual([
      { date: '2026-11-25', symbol: 'NABIL', kind: 'opening', quantity: 1210, note: 'MeroShare' },
      { date: '2026-11-25', symbol: 'UPPER', kind: 'opening', quantity: 30, note: 'MeroShare' },
    ]);
    const h = holdingsOf(txs, { investor: 'individual', prices: new Map([['NABIL', 505]]) }).get('NABIL')!;
    expect(h).toMatchObject({ quantity: 1210, costUnknown: true, wacc: null, value: 611_050, unrealised: null });
    // With the WACC the reader adds, the cost is known.
    const known = holdingsOf([{ ...txs[0]!, price: 480 }], { investor: 'individual' }).get('NABIL')!;
    expect(known).toMatchObject({ costUnknown: false, cost: 580_800, wacc: 480 });
  });

  it('says what it expected from another file', () => {
    expect(() => fromMeroShare(OURS, '2026-11-25', 'x.csv')).toThrow(/x\.csv: not a MeroShare "My Shares" export/);
  });
});
