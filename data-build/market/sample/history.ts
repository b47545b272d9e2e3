// The monthly price history (ltp/monthly) and its months.

import { fromNepal, nepalIso } from '../../../src/core/market/clock.ts';
import { LTP_COLUMNS } from '../../../src/core/market/adapters/history.ts';
import type { LtpMonth } from '../../../src/core/market/types/index.ts';
import type { World } from './world.ts';

export function history(w: World) {
  const { rng, days, today, secs, market, ref } = w;
  // --- monthly price history
  const monthsOf = [...new Set(days.map((d) => d.slice(0, 7)))];
  const ltpMonths: LtpMonth[] = monthsOf.map((month) => {
    const idx = days.map((d, t) => [d, t] as const).filter(([d]) => d.startsWith(month));
    const seriesOf: Record<string, number[][]> = {};
    for (const s of secs) {
      const rows: number[][] = [];
      idx.forEach(([, t], i) => {
        if (s.kind === 'openFund') rows.push([i, market.closes.get(s)![t]!]);
        else {
          const b = market.bars.get(s)![t];
          if (b) rows.push([i, b.close, b.volume, b.turnover, b.trades]);
        }
      });
      if (rows.length) seriesOf[s.symbol] = rows;
    }
    const lastDay = idx.at(-1)![0];
    const updatedAt = lastDay === today ? nepalIso(ref) : nepalIso(fromNepal(lastDay, 17, rng.int(0, 59), rng.int(0, 59)));
    return {
      version: 1,
      market: 'NEPSE',
      currency: 'NPR',
      month,
      updatedAt,
      dates: idx.map(([d]) => d),
      columns: [...LTP_COLUMNS],
      series: seriesOf,
      extra: {},
    };
  });

  return { monthsOf, ltpMonths };
}
