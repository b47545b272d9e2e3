// What every part of the sample is made from: the seeded PRNG, the trading days up to the
// reference instant, the securities and their simulated prices, and a few shared helpers. Made
// once, first; the parts (trading.ts, reference.ts, …) then draw from the same PRNG in a fixed
// order (generate.ts), so a seed and an instant give the same snapshot byte for byte.

import { addDays, fromNepal, naiveNepal, naiveUtc, nepalTime } from '../../../src/core/market/clock.ts';
import { DISTRICTS, FIRST_NAMES, LAST_NAMES } from '../sample-names.ts';
import { fiscalYearOf, isTradingDay, toBs } from './calendar.ts';
import { Rng } from './rng.ts';
import { type Market, simulate } from './simulate.ts';
import { makeUniverse, type Sec } from './universe.ts';

export const DEFAULT_SEED = 20260519;
/** Friday 20 November 2026, 15:10 Nepal time: just after the close. */
export const DEFAULT_REFERENCE = '2026-11-20T09:25:00Z';

export interface SampleOptions {
  seed?: number;
  /** ISO 8601 instant the snapshot is taken at (default DEFAULT_REFERENCE) */
  referenceDate?: string;
  /** months of price history before the reference month (default 12, so 13 monthly files) */
  historyMonths?: number;
}

export interface World {
  seed: number;
  /** the reference instant (ms) */
  ref: number;
  rng: Rng;
  now: ReturnType<typeof nepalTime>;
  /** the session is open at the reference instant */
  open: boolean;
  /** the trading days, oldest first; T is the last's index, today the last */
  days: string[];
  T: number;
  today: string;
  /** how much of today's session has passed (1 after the close) */
  partial: number;
  secs: Sec[];
  market: Market;
  bySymbol: Map<string, Sec>;
  /** naive UTC timestamps: when the snapshot was checked; a scrape `offsetMin` minutes before it */
  checked: string;
  scraped(offsetMin?: number): string;
  /** a naive Nepal timestamp on `date` at `minute` of the day */
  nepalAt(date: string, minute: number): string;
  sessionEnd: number;
  /** a minute of today's session, most of them near its end */
  tradeTime(): number;
  equities: Sec[];
  /** the fiscal year (BS) and the Bikram Sambat year and month of today */
  fy: number;
  bsYear: number;
  bsMonth: number;
  person(): string;
  /** a district: [name, province] */
  district(): readonly [string, string];
  pdf(): string;
}

export function makeWorld(opts: SampleOptions): World {
  const seed = opts.seed ?? DEFAULT_SEED;
  const refText = opts.referenceDate ?? DEFAULT_REFERENCE;
  const ref = Date.parse(refText);
  if (Number.isNaN(ref)) throw new RangeError(`reference date "${refText}" is not an ISO 8601 date-time`);
  const rng = new Rng(seed);
  const now = nepalTime(ref);

  // Trading days from the first day of the first month to the snapshot's business day.
  const months = opts.historyMonths ?? 12;
  const first = new Date(Date.UTC(now.year, now.month - 1 - months, 1)).toISOString().slice(0, 10);
  const todayTrades = isTradingDay(now.date) && now.minuteOfDay >= 11 * 60;
  const open = todayTrades && now.minuteOfDay < 15 * 60;
  const days: string[] = [];
  for (let d = first; d <= now.date; d = addDays(d, 1)) if (isTradingDay(d) && (d < now.date || todayTrades)) days.push(d);
  if (days.length < 2) throw new RangeError('the reference date leaves no trading history');
  const T = days.length - 1;
  const today = days[T]!;
  const partial = open ? Math.max(0.05, (now.minuteOfDay - 11 * 60) / 240) : 1;

  const secs = makeUniverse(rng);
  const market = simulate(rng, secs, days, partial);
  const bySymbol = new Map(secs.map((s) => [s.symbol, s]));
  const checked = naiveUtc(ref, rng.int(0, 999));
  const scraped = (offsetMin = 0) => naiveUtc(ref - offsetMin * 60_000, rng.int(0, 999));
  const nepalAt = (date: string, minute: number) =>
    naiveNepal(fromNepal(date, Math.floor(minute / 60), minute % 60, rng.int(0, 59)) + rng.int(0, 999), rng.int(0, 999));
  const sessionEnd = open ? now.minuteOfDay : 15 * 60;
  const tradeTime = () => 11 * 60 + Math.floor((sessionEnd - 11 * 60) * (1 - rng.next() ** 3));
  const equities = secs.filter((s) => s.kind === 'equity');
  const fy = fiscalYearOf(today);
  const [bsYear, bsMonth] = toBs(today);
  const person = () => `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
  const district = () => rng.pick(DISTRICTS);
  const pdf = () => `${rng.hex(32)}.pdf`;
  return {
    seed,
    ref,
    rng,
    now,
    open,
    days,
    T,
    today,
    partial,
    secs,
    market,
    bySymbol,
    checked,
    scraped,
    nepalAt,
    sessionEnd,
    tradeTime,
    equities,
    fy,
    bsYear,
    bsMonth,
    person,
    district,
    pdf,
  };
}
