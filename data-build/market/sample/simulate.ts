// The sample's prices, simulated day by day: every security's bars and closes.

import type {} from '../../../src/core/market/types/index.ts';
import { round, tick } from './calendar.ts';
import { Rng } from './rng.ts';
import type { Bar, Sec } from './universe.ts';

export interface Market {
  days: string[];
  /** per security: its bar on each day (undefined: did not trade) */
  bars: Map<Sec, Array<Bar | undefined>>;
  /** per security: its closing price (or NAV) at the end of each day */
  closes: Map<Sec, number[]>;
}

export function simulate(rng: Rng, secs: Sec[], days: string[], partial: number): Market {
  const bars = new Map<Sec, Array<Bar | undefined>>();
  const closes = new Map<Sec, number[]>();
  const factor = days.map(() => 0.0003 + 0.009 * rng.normal());
  const activity = days.map(() => rng.logNormal(1, 0.3));
  for (const s of secs) {
    const b: Array<Bar | undefined> = [];
    const c: number[] = [];
    const sigma = s.plan.sigma;
    let price = s.price0;
    days.forEach((_, t) => {
      const last = t === days.length - 1;
      if (s.kind === 'openFund') {
        price = round(price * Math.exp(0.0002 + s.beta * factor[t]! + sigma * rng.normal()), 2);
        c.push(price);
        b.push(undefined);
        return;
      }
      if (!rng.chance(s.tradeChance)) {
        c.push(price);
        b.push(undefined);
        return;
      }
      const r = s.beta * factor[t]! + sigma * rng.normal();
      const close = tick(Math.min(price * 1.1, Math.max(price * 0.9, price * Math.exp(r))));
      const open = tick(price * (1 + 0.3 * sigma * rng.normal()));
      const high = tick(Math.max(open, close) * (1 + Math.abs(0.4 * sigma * rng.normal())));
      const low = tick(Math.min(open, close) * (1 - Math.abs(0.4 * sigma * rng.normal())));
      const share = last ? partial : 1;
      const target = s.liquidity * activity[t]! * rng.logNormal(1, 0.5) * share;
      const vwap = (high + low + close) / 3;
      const volume = Math.max(
        s.kind === 'debenture' || s.kind === 'bond' ? 10 : 10,
        Math.round(target / vwap / (s.kind === 'equity' ? 1 : 10)) * (s.kind === 'equity' ? 1 : 10),
      );
      const turnover = round(volume * vwap, 1);
      const trades = Math.max(1, Math.min(volume, Math.round(turnover / rng.range(25_000, 90_000))));
      price = close;
      c.push(close);
      b.push({ close, open, high, low, volume, turnover, trades });
    });
    bars.set(s, b);
    closes.set(s, c);
  }
  return { days, bars, closes };
}
