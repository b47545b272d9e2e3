// The charges on a NEPSE equity trade and the capital-gains tax, each set with the day it
// applies from (AD). One table: fees.ts reads the set in force on a trade's date. Sources, as
// published at the time: SEBON's schedule of brokers' commissions (cut to 0.40–0.27 % on
// 2020-12-27, and by a further 10 % from 2024-05-14); SEBON's regulatory fee of 0.015 %;
// CDSC's transfer (DP) charge of Rs 25 per company per day; the Income Tax Act's rates on
// listed shares (individuals 7.5 % within 365 days, 5 % after, from FY 2078/79 = 2021-07-16).

/** [upper bound of the trade amount in Rs (inclusive), commission rate] */
export type CommissionBand = readonly [upTo: number, rate: number];

export interface ChargeSet {
  /** first AD day the set applies */
  from: string;
  commission: readonly CommissionBand[];
  /** the least a broker charges on one trade, Rs */
  minCommission: number;
  /** SEBON's fee, a share of the trade amount */
  sebonFee: number;
  /** the depository's transfer charge per company per trade day, Rs */
  dpCharge: number;
}

export const CHARGE_SETS: readonly [ChargeSet, ...ChargeSet[]] = [
  {
    from: '2016-07-20',
    commission: [
      [50_000, 0.006],
      [500_000, 0.0055],
      [2_000_000, 0.005],
      [10_000_000, 0.0045],
      [Infinity, 0.004],
    ],
    minCommission: 10,
    sebonFee: 0.00015,
    dpCharge: 25,
  },
  {
    from: '2020-12-27',
    commission: [
      [50_000, 0.004],
      [500_000, 0.0037],
      [2_000_000, 0.0034],
      [10_000_000, 0.003],
      [Infinity, 0.0027],
    ],
    minCommission: 10,
    sebonFee: 0.00015,
    dpCharge: 25,
  },
  {
    from: '2024-05-14',
    commission: [
      [50_000, 0.0036],
      [500_000, 0.0033],
      [2_000_000, 0.00306],
      [10_000_000, 0.0027],
      [Infinity, 0.00243],
    ],
    minCommission: 10,
    sebonFee: 0.00015,
    dpCharge: 25,
  },
];

export type InvestorType = 'individual' | 'entity';

export interface GainsTaxSet {
  from: string;
  /** rate on gains of shares held 365 days or fewer */
  individualShort: number;
  /** rate on gains of shares held more than 365 days */
  individualLong: number;
  entity: number;
}

export const GAINS_TAX_SETS: readonly [GainsTaxSet, ...GainsTaxSet[]] = [
  { from: '2016-07-16', individualShort: 0.05, individualLong: 0.05, entity: 0.1 },
  { from: '2021-07-16', individualShort: 0.075, individualLong: 0.05, entity: 0.1 },
];

/** Shares held longer than this many days are taxed at the long-term rate. */
export const LONG_TERM_DAYS = 365;

/** The set in force on an AD day; days before the first set use the first (and the caller is told). */
export function inForce<T extends { from: string }>(sets: readonly [T, ...T[]], day: string): { set: T; before: boolean } {
  let found = sets[0];
  for (const s of sets) if (s.from <= day) found = s;
  return { set: found, before: day < sets[0].from };
}
