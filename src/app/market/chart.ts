// The price chart's logic, pure: which months a range needs, the points of one symbol, the
// 52-week high and low, and the SVG geometry (price line and area, volume bars).

import { addDays, type LtpMonth, type PricePoint, pricePoints } from '../../core/market/index.ts';

export const RANGES = ['1m', '3m', '1y', 'all'] as const;
export type Range = (typeof RANGES)[number];
export const isRange = (s: string | null | undefined): s is Range => (RANGES as readonly string[]).includes(s ?? '');

const DAYS: Record<Exclude<Range, 'all'>, number> = { '1m': 30, '3m': 91, '1y': 365 };

/** The first date shown for a range ending on `latest` (YYYY-MM-DD); null: everything. */
export function rangeStart(range: Range, latest: string): string | null {
  return range === 'all' ? null : addDays(latest, -DAYS[range]);
}

/** The month files (YYYY-MM) of `available` that a range ending on `latest` needs. */
export function monthsFor(range: Range, available: readonly string[], latest: string): string[] {
  const start = rangeStart(range, latest);
  const from = start?.slice(0, 7);
  return [...available].sort().filter((m) => (from === undefined || m >= from) && m <= latest.slice(0, 7));
}

/** One symbol's points over the months given, by date (a day appears once). */
export function seriesOf(months: readonly LtpMonth[], symbol: string): PricePoint[] {
  const byDate = new Map<string, PricePoint>();
  for (const m of months) for (const p of pricePoints(m, symbol)) if (Number.isFinite(p.ltp) && p.ltp > 0) byDate.set(p.date, p);
  return [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

export const inRange = (points: readonly PricePoint[], start: string | null): PricePoint[] =>
  start === null ? [...points] : points.filter((p) => p.date >= start);

export interface Extreme {
  high: PricePoint;
  low: PricePoint;
}

/** Highest and lowest close over the 365 days up to the last point. */
export function fiftyTwoWeek(points: readonly PricePoint[]): Extreme | null {
  const last = points.at(-1);
  if (!last) return null;
  const from = addDays(last.date, -365);
  let high: PricePoint | undefined;
  let low: PricePoint | undefined;
  for (const p of points) {
    if (p.date < from) continue;
    if (!high || p.ltp > high.ltp) high = p;
    if (!low || p.ltp < low.ltp) low = p;
  }
  return high && low ? { high, low } : null;
}

export interface Geometry {
  /** SVG path of the price line */
  line: string;
  /** the same, closed down to the bottom of the price band */
  area: string;
  bars: Array<{ x: number; y: number; w: number; h: number }>;
  min: number;
  max: number;
  maxVolume: number;
}

const r1 = (n: number) => Math.round(n * 10) / 10;

/**
 * Price line in the band [0, priceHeight] and volume bars in [priceHeight + gap, height], across
 * `width`; points evenly spaced (trading days, not calendar days).
 */
export function geometry(points: readonly PricePoint[], width: number, priceHeight: number, height: number, gap = 6): Geometry {
  const n = points.length;
  if (n === 0) return { line: '', area: '', bars: [], min: 0, max: 0, maxVolume: 0 };
  let min = Infinity;
  let max = -Infinity;
  let maxVolume = 0;
  for (const p of points) {
    if (p.ltp < min) min = p.ltp;
    if (p.ltp > max) max = p.ltp;
    if (p.volume !== undefined && p.volume > maxVolume) maxVolume = p.volume;
  }
  const span = max - min || Math.max(1, Math.abs(max) * 0.01);
  const step = n > 1 ? width / (n - 1) : 0;
  const x = (i: number) => (n > 1 ? i * step : width / 2);
  const y = (v: number) => priceHeight - ((v - min) / span) * priceHeight;
  const parts: string[] = new Array(n);
  for (let i = 0; i < n; i++) parts[i] = `${i ? 'L' : 'M'}${r1(x(i))} ${r1(max === min ? priceHeight / 2 : y(points[i]!.ltp))}`;
  const line = parts.join('');
  const area = `${line}L${r1(x(n - 1))} ${priceHeight}L${r1(x(0))} ${priceHeight}Z`;
  const bars: Geometry['bars'] = [];
  const band = height - priceHeight - gap;
  if (maxVolume > 0 && band > 0) {
    const w = Math.max(1, Math.min(12, (n > 1 ? step : width) * 0.7));
    for (let i = 0; i < n; i++) {
      const v = points[i]!.volume;
      if (!v) continue;
      const h = Math.max(1, (v / maxVolume) * band);
      bars.push({ x: r1(Math.min(width - w, Math.max(0, x(i) - w / 2))), y: r1(height - h), w: r1(w), h: r1(h) });
    }
  }
  return { line, area, bars, min, max, maxVolume };
}
