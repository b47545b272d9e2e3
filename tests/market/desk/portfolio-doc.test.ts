// docs/portfolio.md says what the code does: its rate tables are the code's, and its worked example
// comes out of the ledger figure for figure.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { holdingsOf } from '../../../src/core/market/portfolio/ledger.ts';
import { CHARGE_SETS, GAINS_TAX_SETS } from '../../../src/core/market/portfolio/rates.ts';
import type { Transaction } from '../../../src/core/market/portfolio/types.ts';

const DOC = readFileSync(join(import.meta.dirname, '../../../docs/portfolio.md'), 'utf8');

/** The rows of the doc's table under `heading` that start with a date: the date, then each cell's percentages as fractions. */
function rateRows(heading: string): Array<[string, number[]]> {
  const section = DOC.slice(DOC.indexOf(heading));
  const rows: Array<[string, number[]]> = [];
  for (const line of section.split('\n').slice(1)) {
    if (rows.length && !line.startsWith('|')) break;
    const m = /^\| (\d{4}-\d{2}-\d{2})[^|]*\|(.*)\|$/.exec(line);
    if (m) rows.push([m[1]!, m[2]!.split('|').map((c) => Number(/([\d.]+) %/.exec(c)![1]) / 100)]);
  }
  return rows;
}
const close = (a: number[], b: number[]) => a.length === b.length && a.every((x, i) => Math.abs(x - b[i]!) < 1e-12);

describe('docs/portfolio.md', () => {
  it('lists the commission schedules of rates.ts, each from its day', () => {
    const rows = rateRows('Commission rates by trade amount');
    expect(rows.map(([d]) => d)).toEqual(CHARGE_SETS.map((s) => s.from));
    for (const [i, [, rates]] of rows.entries())
      expect(
        close(
          rates,
          CHARGE_SETS[i]!.commission.map(([, r]) => r),
        ),
        rows[i]![0],
      ).toBe(true);
    for (const s of CHARGE_SETS) expect([s.minCommission, s.sebonFee, s.dpCharge]).toEqual([10, 0.00015, 25]);
  });

  it('lists the gains-tax rates of rates.ts, each from its day', () => {
    const rows = rateRows('| from (AD) | individual, held 365 days or fewer');
    expect(rows.map(([d]) => d)).toEqual(GAINS_TAX_SETS.map((s) => s.from));
    for (const [i, [, rates]] of rows.entries()) {
      const s = GAINS_TAX_SETS[i]!;
      expect(close(rates, [s.individualShort, s.individualLong, s.entity]), rows[i]![0]).toBe(true);
    }
  });

  it('gives the worked example as the ledger works it out', () => {
    const txs: Transaction[] = [
      { date: '2025-01-10', symbol: 'ADBL', kind: 'buy', quantity: 100, price: 500 },
      { date: '2025-06-01', symbol: 'ADBL', kind: 'bonus', quantity: 10 },
      { date: '2025-12-01', symbol: 'ADBL', kind: 'sell', quantity: 55, price: 600 },
    ];
    const before = holdingsOf(txs.slice(0, 2), { investor: 'individual' }).get('ADBL')!;
    const h = holdingsOf(txs, { investor: 'individual', prices: new Map([['ADBL', 620]]) }).get('ADBL')!;
    const rs = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const example = DOC.slice(DOC.indexOf('## A worked example'), DOC.indexOf('## CSV and MeroShare'));
    for (const figure of [
      rs(before.cost),
      rs(before.depositoryCost),
      rs(before.wacc!),
      rs(before.depositoryWacc!),
      rs(h.cost),
      rs(h.depositoryCost),
      rs(h.gainsTax),
      rs(h.realised),
      rs(h.unrealised!),
      (h.value! / 1).toLocaleString('en-US'),
    ])
      expect(example).toContain(figure);
    expect([h.quantity, h.commission, h.sebonFee, h.dpCharge]).toEqual([55, 180 + 118.8, 7.5 + 4.95, 50]);
    expect(h.lots).toEqual([
      { date: '2025-01-10', quantity: 45 },
      { date: '2025-06-01', quantity: 10 },
    ]);
  });
});
