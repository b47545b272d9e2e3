// Reference data: securities, sector codes, brokers, and the order book.

import type { Broker, OrderRow, SectorCodes, Security, StockRow } from '../../../src/core/market/types/index.ts';
import { DISTRICTS, PLACES, SECTOR_PLANS, WORDS } from '../sample-names.ts';
import { round } from './calendar.ts';
import { initials, type Sec } from './universe.ts';
import type { World } from './world.ts';

/** Securities no longer traded: suspended (S) or delisted (D), each named from a place and this business. */
const RETIRED = [
  ['S', 'Agro'],
  ['D', 'Trading House'],
  ['D', 'Finance'],
] as const;

/** Every security: the listed ones, promoter shares of some companies, and a few no longer traded; by id. */
function securityList({ secs }: World, promoted: readonly Sec[]): Security[] {
  const securities: Security[] = [
    ...secs.map((s) => ({
      id: s.id,
      companyName: (s.issuer ?? s).name,
      symbol: s.symbol,
      securityName: s.name,
      status: 'A',
      sectorName: s.plan.sector,
      instrumentType: s.plan.instrument,
      extra: {
        companyEmail: `info@${(s.issuer ?? s).symbol.toLowerCase()}.com.np`,
        website: `https://www.${(s.issuer ?? s).symbol.toLowerCase()}.com.np`,
        regulatoryBody: s.plan.regulator,
      },
    })),
    ...promoted.map((s, i) => ({
      id: 9000 + i,
      companyName: s.name,
      symbol: `${s.symbol}PO`,
      securityName: `${s.name} Promoter Share`,
      status: 'A',
      sectorName: s.plan.sector,
      instrumentType: 'Equity',
      extra: {
        companyEmail: `info@${s.symbol.toLowerCase()}.com.np`,
        website: `https://www.${s.symbol.toLowerCase()}.com.np`,
        regulatoryBody: s.plan.regulator,
      },
    })),
  ];
  for (const [i, [status, business]] of RETIRED.entries()) {
    const name = `${PLACES[(i * 7 + 3) % PLACES.length]} ${business} Limited`;
    securities.push({
      id: 8900 + i,
      companyName: name,
      symbol: `${initials(name)}X`,
      securityName: name,
      status,
      sectorName: i === 2 ? 'Finance' : 'Others',
      instrumentType: 'Equity',
      extra: { companyEmail: '', website: '', regulatoryBody: 'N/A' },
    });
  }
  return securities.sort((x, y) => (x.id ?? 0) - (y.id ?? 0));
}

/** The sector codes file: each sector's symbols, promoter shares apart. */
function sectorCodeList({ secs }: World, promoted: readonly Sec[]): SectorCodes {
  const sectorCodes: SectorCodes = {};
  const codeKeys = [...new Set([...SECTOR_PLANS.map((p) => p.codeKey), 'Promotor Share'])].sort();
  for (const k of codeKeys) sectorCodes[k] = [];
  for (const s of secs) sectorCodes[s.plan.codeKey]!.push({ symbol: s.symbol, name: s.name, extra: {} });
  for (const s of promoted) sectorCodes['Promotor Share']!.push({ symbol: `${s.symbol}PO`, name: `${s.name} Promoter Share`, extra: {} });
  return sectorCodes;
}

/** A broker's name, from a place or a word: every pattern draws its name, then one is picked. */
const brokerName = (rng: World['rng']): string =>
  rng.pick([
    `${rng.pick(PLACES)} Securities Private Limited`,
    `${rng.pick(WORDS)} Stock Broking Company Limited`,
    `${rng.pick(PLACES)} Capital Securities Limited`,
    `${rng.pick(PLACES)} Investment Securities Limited`,
  ]);

/** The brokers: about two thirds of member codes 1–92, each with its districts, rating and turnover. */
function brokerList({ rng }: World): Broker[] {
  const brokers: Broker[] = [];
  const brokerNames = new Set<string>();
  for (let code = 1; code <= 92; code++) {
    if (rng.chance(0.3)) continue;
    let name: string;
    do {
      name = brokerName(rng);
    } while (brokerNames.has(name));
    brokerNames.add(name);
    const ds = rng.shuffle(DISTRICTS).slice(0, rng.chance(0.6) ? 1 : rng.int(2, 5));
    const turnover = round(rng.logNormal(8e7, 0.8), 2);
    brokers.push({
      id: 100 + code,
      memberCode: code,
      memberName: name,
      membershipType: 'Trading Cum Clearing Member',
      phone: `01-${rng.int(4000000, 5999999)}`,
      provinces: [...new Set(ds.map((d) => d[1]))],
      districts: ds.map((d) => d[0]),
      tmsLink: `tms${String(code).padStart(2, '0')}.nepsetms.com.np`,
      branchCount: ds.length,
      activeStatus: 'A',
      isDealer: rng.chance(0.1) ? 'Y' : 'N',
      extra: {
        rating: { averageRating: round(rng.range(3, 5), 1), totalRatings: rng.int(1, 40) },
        thirtyDaysTurnover: round(turnover * rng.range(18, 24), 2),
        latestTurnover: turnover,
      },
    });
  }
  return brokers;
}

/** The order book: after the close the real lists are short; mid-session they are long. */
function orderBook({ rng, open, bySymbol }: World, stocks: readonly StockRow[]) {
  const book = (n: number): OrderRow[] =>
    rng
      .shuffle(stocks.filter((r) => r.assetType === null))
      .slice(0, n)
      .map((r) => ({
        totalQuantity: Math.round(rng.logNormal(2000, 1.5)),
        totalOrder: rng.int(1, 40),
        securityId: bySymbol.get(r.symbol)!.id,
        symbol: r.symbol,
        securityName: r.name,
        extra: {},
      }))
      .sort((x, y) => (y.totalQuantity ?? 0) - (x.totalQuantity ?? 0));
  return { supplyList: book(open ? 120 : 25), demandList: book(open ? 120 : 10), extra: {} };
}

export function reference(w: World, stocks: readonly StockRow[]) {
  const promoted = w.equities.filter(() => w.rng.chance(0.3));
  const securities = securityList(w, promoted);
  const sectorCodes = sectorCodeList(w, promoted);
  const brokers = brokerList(w);
  return { securities, sectorCodes, brokers, supplyDemand: orderBook(w, stocks) };
}
