// The sample's securities: invented companies in the exchange's sectors, with their shares, liquidity and first prices.

import type {} from '../../../src/core/market/types/index.ts';
import { PLACES, SECTOR_PLANS, type SectorPlan, type SecurityKind, WORDS } from '../sample-names.ts';
import { Rng } from './rng.ts';

export interface Sec {
  id: number;
  symbol: string;
  name: string;
  plan: SectorPlan;
  kind: SecurityKind;
  shares: number;
  floatFraction: number;
  beta: number;
  /** median turnover on a day it trades, NPR */
  liquidity: number;
  tradeChance: number;
  price0: number;
  issuer?: Sec;
  rate?: number;
  folder: string;
}

export interface Bar {
  close: number;
  open: number;
  high: number;
  low: number;
  volume: number;
  turnover: number;
  trades: number;
}

export function initials(name: string): string {
  return name
    .replace(/[^A-Za-z ]/g, ' ')
    .split(/\s+/)
    .filter((w) => w && !/^(and|of|the)$/i.test(w))
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

export function makeUniverse(rng: Rng): Sec[] {
  const used = new Set<string>();
  const names = new Set<string>();
  const places = rng.shuffle(PLACES);
  let nextPlace = 0;
  const place = () => places[nextPlace++ % places.length]!;
  const unique = (base: string, name: string): string => {
    let s = base.slice(0, 12);
    const word = name.replace(/[^A-Za-z]/g, '').toUpperCase();
    for (let i = 2; used.has(s) && i <= 4; i++) s = (word.slice(0, i) + base.slice(1)).slice(0, 10);
    for (let n = 1; used.has(s); n++) s = `${base.slice(0, 9)}${n}`;
    used.add(s);
    return s;
  };
  const secs: Sec[] = [];
  let id = 131;
  const equities: Sec[] = [];
  for (const plan of SECTOR_PLANS) {
    for (let k = 0; k < plan.count; k++) {
      let name: string;
      let symbol: string;
      let issuer: Sec | undefined;
      let rate: number | undefined;
      if (plan.kind === 'debenture' || plan.kind === 'bond') {
        issuer = rng.pick(equities.filter((e) => e.plan.sector === 'Commercial Banks' || e.plan.sector === 'Development Banks' || e.plan.sector === 'Finance'));
        rate = rng.pick([7, 8, 8.5, 9, 9.5, 10, 10.25, 10.75, 11]);
        const base = issuer.name.replace(/ Limited$/, '');
        const slash = plan.kind === 'debenture' && rng.chance(0.6);
        let y = rng.int(83, 93);
        const code = () => (plan.kind === 'bond' ? `${issuer!.symbol}B${y}` : slash ? `${issuer!.symbol.slice(0, 6)}D${y}/${y + 1}` : `${issuer!.symbol}D${y}`);
        for (let tries = 0; used.has(code()) && tries < 20; tries++) y = rng.int(83, 93);
        name =
          plan.kind === 'bond'
            ? `${base} Bond (${rng.int(7, 10)} Year)`
            : slash
              ? `${rate}% ${base} Debenture 20${y}/${y + 1}`
              : `${rate}% ${base} Debenture 20${y}`;
        symbol = unique(code(), name);
      } else {
        do {
          name = rng.pick(plan.patterns).replace('{P}', place()).replace('{W}', rng.pick(WORDS));
          if (plan.kind === 'closedFund' && rng.chance(0.4)) name = `${name} ${rng.int(1, 3)}`;
        } while (names.has(name));
        const ini = initials(name);
        symbol = unique(plan.kind === 'closedFund' || plan.kind === 'openFund' ? ini.replace(/L$/, '') : ini, name);
      }
      names.add(name);
      const shares = rng.range(plan.shares[0], plan.shares[1]) * 1e6;
      const s: Sec = {
        id: id++,
        symbol,
        name,
        plan,
        kind: plan.kind,
        shares: plan.kind === 'debenture' || plan.kind === 'bond' ? Math.round(shares / 1e3) * 1e3 : Math.round(shares / 100) * 100,
        floatFraction: plan.kind === 'equity' ? rng.pick([0.3, 0.3, 0.49, 0.5, 0.51, 0.3, 0.4]) : 1,
        beta: plan.kind === 'equity' ? rng.range(0.6, 1.4) : plan.kind === 'closedFund' ? 0.5 : 0.05,
        liquidity: plan.turnover * 1e6 * rng.logNormal(1, 0.6),
        tradeChance: plan.kind === 'equity' ? rng.range(0.93, 1) : plan.kind === 'closedFund' ? 0.85 : plan.kind === 'openFund' ? 0 : rng.range(0.3, 0.6),
        price0: rng.range(plan.price[0], plan.price[1]),
        folder: name.replace(/[^A-Za-z0-9]+/g, '_'),
      };
      if (issuer) s.issuer = issuer;
      if (rate !== undefined) s.rate = rate;
      secs.push(s);
      if (plan.kind === 'equity') equities.push(s);
    }
  }
  return secs.sort((x, y) => (x.symbol < y.symbol ? -1 : 1));
}
