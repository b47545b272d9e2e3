// Intraday prices as the upstream publishes them in layout A: `ltp/daily/YYYY-MM-DD.json` holds
// the day's scrape times and, per symbol, rows [timeIndex, ltp, volume, turnover, trades]
// (mutual funds: [timeIndex, nav]); ../shared/data/market/layout-a/data/ltp/daily/. The day to
// show is the last day the price manifest lists (`ltp/manifest.json` availableDays); none listed,
// none shown.

import { assertSeries } from './series-files.ts';
import { KhojError } from '../errors.ts';

export interface LtpDay {
  date: string;
  times: string[];
  columns: string[];
  series: Record<string, number[][]>;
}

export interface IntradayPoint {
  time: string;
  ltp: number;
  volume?: number;
}

export const ltpDayPath = (date: string): string => `ltp/daily/${date}.json`;

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The latest day with an intraday file, from ltp/manifest.json's availableDays: the files the
 * build published. None listed: null, and nothing is asked for (its latestDate names the day of
 * the monthly prices, and a daily file guessed from it was a 404 on every build without one).
 */
export function latestLtpDay(manifest: unknown, file = 'ltp/manifest.json'): string | null {
  if (!isObj(manifest)) throw new KhojError('damaged', `${file}: not a JSON object`);
  const days = manifest.availableDays;
  if (days === undefined) return null;
  if (!Array.isArray(days)) throw new KhojError('damaged', `${file}: availableDays is not a list`);
  const day = days
    .filter((d): d is string => typeof d === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(d))
    .sort()
    .at(-1);
  return day ?? null;
}

/** Reads one ltp/daily file; a bad file throws naming the file, the symbol and the row (the checks: series-files.ts). */
export function readLtpDay(v: unknown, file: string): LtpDay {
  assertSeries('ltpDay', v, file);
  return { date: v.date as string, times: v.times as string[], columns: v.columns as string[], series: v.series as Record<string, number[][]> };
}

/** One symbol's prices through the day, by time. */
export function intradayPoints(day: LtpDay, symbol: string): IntradayPoint[] {
  const vi = day.columns.indexOf('volume');
  return (day.series[symbol] ?? [])
    .filter((r) => Number.isFinite(r[1]) && r[1]! > 0)
    .map((r) => {
      const p: IntradayPoint = { time: day.times[r[0]!]!, ltp: r[1]! };
      const v = vi >= 0 ? r[vi] : undefined;
      if (typeof v === 'number') p.volume = v;
      return p;
    })
    .sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0));
}
