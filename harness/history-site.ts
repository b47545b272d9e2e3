// A copy of a built app with the upstream's index history, intraday and floor sheet files put in
// place below its data/ (as the market build republishes them): the real indices/manifest.json
// (350 months, 1997-07 … 2026-09) with a file for each month in the upstream's shape (made-up
// NEPSE closes; the real 2026-08 banking sub-index rows), the real intraday sample for the app's
// first symbol, and the floor-sheet fixture (harness/fixtures/market-history: shared data has none).
// Used by tests/e2e/market-history.spec.ts and bench/index-history.ts.

import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { latestLtpDay } from '../src/core/market/intraday.ts';
import { MARKET_DATA } from './shared-data.ts';

const FIXTURE = join(import.meta.dirname, 'fixtures/market-history');
const A_ROOT = join(MARKET_DATA, 'layout-a');
const real = (p: string) => readFileSync(join(A_ROOT, 'data', p), 'utf8');

/** Weekdays of a month, up to `last`. */
function weekdays(month: string, last: string): string[] {
  const out: string[] = [];
  for (let d = 1; d <= 31; d++) {
    const date = `${month}-${String(d).padStart(2, '0')}`;
    const t = new Date(`${date}T00:00:00Z`);
    if (t.getUTCMonth() + 1 !== Number(month.slice(5)) || date > last) break;
    if (t.getUTCDay() !== 0 && t.getUTCDay() !== 6) out.push(date);
  }
  return out;
}

/** Every month the real manifest lists, in the upstream's shape; returns NEPSE's day count. */
export function writeIndexMonths(data: string): { days: number; first: string; last: string } {
  const manifest = JSON.parse(real('indices/manifest.json')) as { latestDate: string; availableMonths: string[] };
  writeFileSync(join(data, 'indices/manifest.json'), real('indices/manifest.json'));
  const bank = JSON.parse(real('indices/monthly/2026-08.sample.json')) as { dates: string[]; series: Record<string, number[][]> };
  let n = 0;
  let first = '';
  let last = '';
  for (const month of manifest.availableMonths) {
    const dates = month === '2026-08' ? bank.dates : weekdays(month, manifest.latestDate);
    const nepse = dates.map((_, i) => {
      const close = Math.round((300 + n * 0.3 + 80 * Math.sin(n / 90)) * 100) / 100;
      n++;
      // Old months as the upstream has them: close, open, high, low, turnover 0 (no volume, trades).
      return month < '2010-01' ? [i, close, close, close, close, 0] : [i, close, close - 1, close + 2, close - 2, 1e8, 100000, 900];
    });
    first ||= dates[0]!;
    last = dates.at(-1) ?? last;
    const series: Record<string, number[][]> = { NEPSE: nepse };
    if (month === '2026-08') series.BANKSUBIND = bank.series.BANKSUBIND!;
    const body = {
      version: 1,
      market: 'NEPSE',
      currency: 'NPR',
      month,
      updatedAt: '2026-09-14T17:55:30+05:45',
      dates,
      columns: ['dateIndex', 'close', 'open', 'high', 'low', 'turnover', 'volume', 'trades'],
      series,
    };
    writeFileSync(join(data, `indices/monthly/${month}.json`), JSON.stringify(body));
  }
  return { days: n, first, last };
}

export interface HistorySite {
  /** the copy's folder (the caller removes it) */
  site: string;
  /** the symbol the intraday and floor-sheet files are for */
  symbol: string;
  /** NEPSE's days in all the months, its first and last date */
  nepse: { days: number; first: string; last: string };
}

export function historySite(dist: string): HistorySite {
  const site = mkdtempSync(join(tmpdir(), 'khoj-history-'));
  // Times kept: the server sends a precompressed .br/.gz only when it is not older than its
  // original (src/server/static.ts), and a plain copy left some older, so they went uncompressed.
  cpSync(dist, site, { recursive: true, preserveTimestamps: true });
  const data = join(site, 'data');
  for (const d of ['indices/monthly', 'ltp/daily', 'floor_sheet']) mkdirSync(join(data, d), { recursive: true });
  const nepse = writeIndexMonths(data);
  cpSync(join(FIXTURE, 'floor_sheet'), join(data, 'floor_sheet'), { recursive: true });
  // The intraday sample's ACLBSL rows, for the sample build's first symbol, on the day its price manifest names last.
  const stocks = JSON.parse(readFileSync(join(data, 'nepse_data.json'), 'utf8')) as Array<{ symbol: string }>;
  const symbol = stocks[0]!.symbol;
  // On the price manifest's latest day, listed in availableDays as the market build lists the daily files it publishes.
  const ltpManifest = JSON.parse(readFileSync(join(data, 'ltp/manifest.json'), 'utf8')) as { latestDate: string; availableDays?: string[] };
  const day = latestLtpDay(ltpManifest) ?? ltpManifest.latestDate;
  writeFileSync(
    join(data, 'ltp/manifest.json'),
    JSON.stringify({ ...ltpManifest, availableDays: [...new Set([...(ltpManifest.availableDays ?? []), day])].sort() }),
  );
  const intraday = JSON.parse(real('ltp/daily/2026-08-12.sample.json')) as { date: string; series: Record<string, unknown> };
  writeFileSync(join(data, `ltp/daily/${day}.json`), JSON.stringify({ ...intraday, date: day, series: { [symbol]: intraday.series.ACLBSL } }));
  // The floor sheet's stock 901 is that symbol.
  writeFileSync(join(data, 'floor_sheet/lookups/stocks.json'), JSON.stringify({ '901': { symbol, name: 'Made-up' } }));
  return { site, symbol, nepse };
}
