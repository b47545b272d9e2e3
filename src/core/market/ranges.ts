// The values a reader's market numbers may take: typed in a form (portfolio, price alerts),
// imported from a CSV or from the reader's data file, or read back from storage. Values outside
// them broke the screens: a split ratio of 0 zeroed a holding (−Rs 50,212.50 shown), buys of
// 1e308 × 1e308 made every total "—", an alert at 1e308 read "१e+,३०८" (issue 36). Wide enough
// for any real trade: NEPSE's dearest share trades in the thousands of rupees, its largest
// company has a few hundred million shares.

export interface Range {
  min: number;
  max: number;
  /** the smallest value above zero (a paisa for money): 1e-320 is no price */
  smallest?: number;
  /** min itself is not allowed */
  aboveMin?: boolean;
}

export const RANGES = {
  /** Rs a share */
  price: { min: 0, max: 10_000_000, smallest: 0.01 },
  /** a price alert's level, Rs a share */
  level: { min: 0.01, max: 10_000_000 },
  /** shares */
  quantity: { min: 0, max: 1_000_000_000, smallest: 0.0001 },
  /** new shares per old (a split), or shares of the new company per share (a merger) */
  ratio: { min: 0, max: 1000, aboveMin: true, smallest: 0.0001 },
  /** a dividend's cash, Rs */
  amount: { min: 0, max: 1_000_000_000_000, smallest: 0.01 },
  /** the broker's bill's charges, Rs */
  charges: { min: 0, max: 1_000_000_000, smallest: 0.01 },
} as const satisfies Record<string, Range>;
export type RangeName = keyof typeof RANGES;

export const inRange = (v: unknown, r: Range): v is number =>
  typeof v === 'number' &&
  Number.isFinite(v) &&
  (r.aboveMin ? v > r.min : v >= r.min) &&
  v <= r.max &&
  (v === 0 || r.smallest === undefined || Math.abs(v) >= r.smallest);

/** The range in words, for an error (English, as every data error): "a number from 0 to 10,000,000". */
export const rangeText = (r: Range): string => `a number ${r.aboveMin ? 'above' : 'from'} ${r.min.toLocaleString('en')} to ${r.max.toLocaleString('en')}`;

/** The least value a range takes, for a form's message ("from 0.0001" for a ratio, which must be above 0). */
export const lowest = (r: Range): number => (r.aboveMin ? (r.smallest ?? r.min) : r.min);
