// Index history as the upstream publishes it in layout A: `indices/manifest.json` lists the
// months, `indices/monthly/YYYY-MM.json` holds each month's daily rows for NEPSE and every
// sub-index, keyed by index code (../shared/data/market/layout-a/data/indices/). Pure: reading
// the files, which months a range needs, and one index's points.

import { addDays } from './clock.ts';
import { INDEX_MANIFEST_PATH } from './endpoints.ts';
import { assertSeries } from './series-files.ts';

export interface IndexManifest {
  latestDate: string;
  availableMonths: string[];
  latestStatus?: string;
  finalizedThrough?: string;
}

export interface IndexMonth {
  month: string;
  dates: string[];
  columns: string[];
  /** index code → rows following `columns` (old months stop early: no volume or trades) */
  series: Record<string, number[][]>;
}

export interface IndexPoint {
  date: string;
  close: number;
  open?: number;
  high?: number;
  low?: number;
  turnover?: number;
  volume?: number;
  trades?: number;
}

export { INDEX_MANIFEST_PATH };
export const indexMonthPath = (month: string): string => `indices/monthly/${month}.json`;

export const HISTORY_RANGES = ['1m', '3m', '6m', '1y', '5y', 'all'] as const;
export type HistoryRange = (typeof HISTORY_RANGES)[number];
export const isHistoryRange = (s: string | null | undefined): s is HistoryRange => (HISTORY_RANGES as readonly string[]).includes(s ?? '');
const DAYS: Record<Exclude<HistoryRange, 'all'>, number> = { '1m': 30, '3m': 91, '6m': 182, '1y': 365, '5y': 1826 };

/** Reads indices/manifest.json; a bad file throws naming the file and the field (the checks: series-files.ts). */
export function readIndexManifest(v: unknown, file = INDEX_MANIFEST_PATH): IndexManifest {
  assertSeries('indexManifest', v, file);
  const out: IndexManifest = { latestDate: v.latestDate as string, availableMonths: [...(v.availableMonths as string[])] };
  if (typeof v.latestStatus === 'string') out.latestStatus = v.latestStatus;
  if (typeof v.finalizedThrough === 'string') out.finalizedThrough = v.finalizedThrough;
  return out;
}

/** Reads one indices/monthly file; a bad file throws naming the file, the index and the row (the checks: series-files.ts). */
export function readIndexMonth(v: unknown, file: string): IndexMonth {
  assertSeries('indexMonth', v, file);
  return { month: v.month as string, dates: v.dates as string[], columns: v.columns as string[], series: v.series as Record<string, number[][]> };
}

/** The first date a range shows, ending on `latest`; null: everything (1997-07 on). */
export function historyStart(range: HistoryRange, latest: string): string | null {
  return range === 'all' ? null : addDays(latest, -DAYS[range]);
}

/** The month files a range needs, from the manifest: only those, so "1m" fetches one or two. */
export function indexMonthsFor(range: HistoryRange, manifest: IndexManifest): string[] {
  const start = historyStart(range, manifest.latestDate);
  const from = start?.slice(0, 7);
  const to = manifest.latestDate.slice(0, 7);
  return manifest.availableMonths.filter((m) => (from === undefined || m >= from) && m <= to);
}

/** The codes of the indices the months hold, NEPSE first. */
export function indexCodes(months: readonly IndexMonth[]): string[] {
  const codes = new Set<string>();
  for (const m of months) for (const c of Object.keys(m.series)) codes.add(c);
  return [...codes].sort((a, b) => (a === 'NEPSE' ? -1 : b === 'NEPSE' ? 1 : a < b ? -1 : a > b ? 1 : 0));
}

const FIELDS = ['open', 'high', 'low', 'turnover', 'volume', 'trades'] as const;

/**
 * One month's points for one index, all its valid rows in the file's order, kept per month object:
 * a range drawn again (or "all" after "1y") reuses them. In the page the loop below runs cold
 * (not yet optimised by the engine): for "all" it was a 100 ms task at CPU 4× on every redraw.
 */
const monthPoints = new WeakMap<IndexMonth, Map<string, IndexPoint[]>>();

function pointsOfMonth(m: IndexMonth, code: string): IndexPoint[] {
  let byCode = monthPoints.get(m);
  if (!byCode) monthPoints.set(m, (byCode = new Map()));
  let out = byCode.get(code);
  if (out) return out;
  out = [];
  byCode.set(code, out);
  const rows = m.series[code];
  if (!rows) return out;
  const [iOpen, iHigh, iLow, iTurnover, iVolume, iTrades] = FIELDS.map((f) => m.columns.indexOf(f)) as [number, number, number, number, number, number];
  for (const r of rows) {
    const date = m.dates[r[0]!]!;
    const close = r[1]!;
    if (!Number.isFinite(close) || close <= 0) continue;
    // Each field set in one order (no closure or computed key per row): one object shape.
    const p: IndexPoint = { date, close };
    const open = num(r, iOpen);
    if (open !== undefined) p.open = open;
    const high = num(r, iHigh);
    if (high !== undefined) p.high = high;
    const low = num(r, iLow);
    if (low !== undefined) p.low = low;
    const turnover = num(r, iTurnover);
    if (turnover !== undefined) p.turnover = turnover;
    const volume = num(r, iVolume);
    if (volume !== undefined) p.volume = volume;
    const trades = num(r, iTrades);
    if (trades !== undefined) p.trades = trades;
    out.push(p);
  }
  return out;
}

/**
 * One index's daily points over the months given, by date, from `start` on (a day appears once).
 * The points are shared between calls: read them, do not change them.
 */
export function indexPoints(months: readonly IndexMonth[], code: string, start: string | null = null): IndexPoint[] {
  const out: IndexPoint[] = [];
  // Sorted only when the rows are not already in date order (they are, as published).
  let ordered = true;
  for (const m of [...months].sort((a, b) => (a.month < b.month ? -1 : 1))) {
    for (const p of pointsOfMonth(m, code)) {
      if (start !== null && p.date < start) continue;
      if (ordered && out.length && out[out.length - 1]!.date >= p.date) ordered = false;
      out.push(p);
    }
  }
  if (ordered) return out;
  out.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return out.filter((p, i) => i === 0 || p.date !== out[i - 1]!.date);
}

/** Row `r`'s finite number at column `i` (-1: the month has no such column). */
function num(r: readonly number[], i: number): number | undefined {
  if (i < 0) return undefined;
  const v = r[i];
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

export interface PeriodRow {
  /** YYYY, YYYY-MM or YYYY-MM-DD */
  period: string;
  /** the period's last date */
  last: string;
  close: number;
  high: number;
  low: number;
  /** the change from the previous period's close (the first: from its own first close) */
  change: number;
}

/** The table a chart's text alternative shows: a row a day up to 3 months, a month up to a year, a year beyond. */
export const periodOf = (range: HistoryRange): 'day' | 'month' | 'year' =>
  range === '1m' || range === '3m' ? 'day' : range === '6m' || range === '1y' ? 'month' : 'year';

/** Closes grouped by day, month or year: each period's last close, highest and lowest, change. */
export function periodRows(points: readonly IndexPoint[], period: 'day' | 'month' | 'year'): PeriodRow[] {
  const len = period === 'day' ? 10 : period === 'month' ? 7 : 4;
  const out: PeriodRow[] = [];
  let prev = points[0]?.close ?? 0;
  for (const p of points) {
    const key = p.date.slice(0, len);
    const hi = p.high ?? p.close;
    const lo = p.low ?? p.close;
    const row = out.at(-1);
    if (row && row.period === key) {
      row.last = p.date;
      row.close = p.close;
      row.high = Math.max(row.high, hi, p.close);
      row.low = Math.min(row.low, lo, p.close);
      row.change = p.close - prev;
    } else {
      if (row) prev = row.close;
      out.push({ period: key, last: p.date, close: p.close, high: Math.max(hi, p.close), low: Math.min(lo, p.close), change: p.close - prev });
    }
  }
  return out;
}
