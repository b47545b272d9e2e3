// The sample's index history in the upstream's layout-A series files (docs/market-history.md):
// indices/manifest.json and indices/monthly/YYYY-MM.json for every simulated month, the NEPSE
// index, its sensitive and float siblings and each sector's sub-index, capitalisation-weighted
// from the same simulated closes as the day's indices (trading.ts), so the history screen and the
// indices table agree. No draw from the PRNG: the rest of the sample is unchanged by it.

import { fromNepal, nepalIso } from '../../../src/core/market/clock.ts';
import { INDEX_MANIFEST, indexMonthPath } from '../../../src/core/market/series-files.ts';
import { SECTOR_INDICES } from '../sample-names.ts';
import { round } from './calendar.ts';
import type { Sec } from './universe.ts';
import type { World } from './world.ts';

export const INDEX_COLUMNS = ['dateIndex', 'close', 'open', 'high', 'low', 'turnover', 'volume', 'trades'] as const;

/** The indices the history holds: code, base value, the securities weighed, by float or not. */
function definitions(w: World): Array<{ code: string; base: number; set: Sec[]; float: boolean }> {
  const { equities } = w;
  const sensitive = [...equities].sort((x, y) => y.price0 * y.shares - x.price0 * x.shares).slice(0, Math.ceil(equities.length * 0.25));
  const out = [
    // The same bases as the day's indices (trading.ts), so both say the same closes.
    { code: 'NEPSE', base: 2650, set: equities, float: false },
    { code: 'SENSIND', base: 462, set: sensitive, float: false },
    { code: 'FLOATIND', base: 183, set: equities, float: true },
    { code: 'SENSFLTIND', base: 156, set: sensitive, float: true },
  ];
  for (const d of SECTOR_INDICES) {
    if (d.sector === 'ALL') continue;
    const set = equities.filter((s) => s.plan.sector === d.sector);
    if (set.length) out.push({ code: d.code, base: 1000 + (d.id % 7) * 350, set, float: false });
  }
  return out;
}

/** Path below data/ → the file's JSON text. */
export function indexHistory(w: World): Map<string, string> {
  const { days, today, market, ref, open, T } = w;
  const capAt = (t: number, set: Sec[], float: boolean) => set.reduce((a, s) => a + market.closes.get(s)![t]! * s.shares * (float ? s.floatFraction : 1), 0);
  const rows = definitions(w).map((d) => {
    const c0 = capAt(0, d.set, d.float);
    const closes = days.map((_, t) => (d.base * capAt(t, d.set, d.float)) / c0);
    return {
      code: d.code,
      row: (t: number, i: number) => {
        const close = closes[t]!;
        const openAt = t > 0 ? closes[t - 1]! : close;
        const swing = Math.abs(close - openAt) * 0.35 + close * 0.0015;
        let turnover = 0;
        let volume = 0;
        let trades = 0;
        for (const s of d.set) {
          const b = market.bars.get(s)![t];
          if (!b) continue;
          turnover += b.turnover;
          volume += b.volume;
          trades += b.trades;
        }
        return [
          i,
          round(close, 2),
          round(openAt, 2),
          round(Math.max(close, openAt) + swing, 2),
          round(Math.min(close, openAt) - swing, 2),
          round(turnover, 2),
          volume,
          trades,
        ];
      },
    };
  });
  const months = [...new Set(days.map((d) => d.slice(0, 7)))];
  const files = new Map<string, string>();
  for (const month of months) {
    const idx = days.map((d, t) => [d, t] as const).filter(([d]) => d.startsWith(month));
    const last = idx.at(-1)![0];
    files.set(
      indexMonthPath(month),
      JSON.stringify({
        version: 1,
        market: 'NEPSE',
        currency: 'NPR',
        month,
        updatedAt: last === today ? nepalIso(ref) : nepalIso(fromNepal(last, 17, 30, 0)),
        dates: idx.map(([d]) => d),
        columns: INDEX_COLUMNS,
        series: Object.fromEntries(rows.map((r) => [r.code, idx.map(([, t], i) => r.row(t, i))])),
      }),
    );
  }
  files.set(
    INDEX_MANIFEST,
    JSON.stringify({
      version: 1,
      latestDate: today,
      availableMonths: months,
      retention: 'no-limit',
      latestStatus: open ? 'provisional' : 'final',
      finalizedThrough: open ? days[T - 1]! : today,
    }),
  );
  return files;
}
