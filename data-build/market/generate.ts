// The embedded default: a deterministic, realistic synthetic market snapshot, written by this
// team. A seeded PRNG and a fixed reference instant decide everything (no Math.random, no wall
// clock). Prices are simulated day by day for 12+ months, so the price history, the stock rows,
// the summary history, the indices and the rankings all agree with each other.

import { deriveTopStocks } from '../../src/core/market/derive.ts';
import { addDays, fromNepal, naiveNepal, naiveUtc, nepalIso, nepalTime } from '../../src/core/market/clock.ts';
import { documentUrl, FUND, LTP_COLUMNS } from '../../src/core/market/adapters.ts';
import type {
  Broker,
  CompanyFinancials,
  CompanyProfile,
  DailySummary,
  Disclosure,
  DividendRecord,
  ExchangeMessage,
  FundNav,
  IndexRow,
  Ipo,
  LtpMonth,
  MarketSnapshot,
  Notice,
  OrderRow,
  SectorCodes,
  SectorIndex,
  Security,
  StockRow,
  SummaryMetric,
} from '../../src/core/market/types.ts';
import { BS_MONTHS, DISTRICTS, FIRST_NAMES, HOLIDAYS, LAST_NAMES, MONDAY_TO_FRIDAY_FROM, PLACES, SECTOR_INDICES, SECTOR_PLANS, type SectorPlan, type SecurityKind, WORDS } from './sample-names.ts';

export const DEFAULT_SEED = 20260519;
/** Friday 20 November 2026, 15:10 Nepal time: just after the close. */
export const DEFAULT_REFERENCE = '2026-11-20T09:25:00Z';
/** Links in the sample point here, never at the exchange: the documents do not exist. */
export const SAMPLE_BASE = 'https://example.com/khoj-sample/';
const DOC_BASE = `${SAMPLE_BASE}files?fileLocation=`;

export interface SampleOptions {
  seed?: number;
  /** ISO 8601 instant the snapshot is taken at (default DEFAULT_REFERENCE) */
  referenceDate?: string;
  /** months of price history before the reference month (default 12, so 13 monthly files) */
  historyMonths?: number;
}

// --- PRNG ------------------------------------------------------------------------------------

class Rng {
  private a: number;
  constructor(seed: number) {
    this.a = seed >>> 0;
  }
  /** mulberry32: [0, 1) */
  next(): number {
    this.a = (this.a + 0x6d2b79f5) >>> 0;
    let t = this.a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  range(lo: number, hi: number): number {
    return lo + (hi - lo) * this.next();
  }
  int(lo: number, hi: number): number {
    return Math.floor(this.range(lo, hi + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.next() * xs.length)]!;
  }
  normal(): number {
    const u = 1 - this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }
  logNormal(median: number, sigma: number): number {
    return median * Math.exp(sigma * this.normal());
  }
  shuffle<T>(xs: readonly T[]): T[] {
    const out = [...xs];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }
  hex(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += Math.floor(this.next() * 16).toString(16);
    return s;
  }
}

// --- calendar ----------------------------------------------------------------------------------

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;
const tick = (price: number) => (price < 30 ? round(price, 2) : round(price, 1));
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function isTradingDay(date: string): boolean {
  if (HOLIDAYS.has(date)) return false;
  const wd = new Date(`${date}T00:00:00Z`).getUTCDay();
  return date >= MONDAY_TO_FRIDAY_FROM ? wd >= 1 && wd <= 5 : wd <= 4;
}

/** A Gregorian date as Bikram Sambat (approximate month boundaries): [year, month index 0–11, day]. */
export function toBs(date: string): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const md = m * 100 + d;
  const year = md >= 414 ? y + 57 : y + 56;
  let idx = 11;
  let start = '';
  for (let i = 0; i < 12; i++) {
    const [, mm, dd] = BS_MONTHS[i]!;
    const startYear = i >= 9 ? (md >= 414 ? y + 1 : y) : md >= 414 ? y : y - 1;
    const s = `${startYear}-${String(mm).padStart(2, '0')}-${String(dd).padStart(2, '0')}`;
    if (s <= date && s > start) {
      start = s;
      idx = i;
    }
  }
  const day = Math.round((Date.parse(date) - Date.parse(start)) / 86_400_000) + 1;
  return [year, idx, day];
}

const ordinal = (n: number) => `${n}${n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th'}`;
/** The Nepali fiscal year (from Shrawan) holding a date: [2083, 2084]. */
const fiscalYearOf = (date: string): number => {
  const [y, idx] = toBs(date);
  return idx >= 3 ? y : y - 1;
};
const lakh = (n: number) => {
  const [i, f] = n.toFixed(2).split('.') as [string, string];
  const head = i.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `${head ? `${head},` : ''}${i.slice(-3)}.${f}`;
};
const englishDate = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return `${MONTH_NAMES[m - 1]} ${String(d).padStart(2, '0')}, ${y}`;
};

// --- the universe -------------------------------------------------------------------------------

interface Sec {
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

interface Bar {
  close: number;
  open: number;
  high: number;
  low: number;
  volume: number;
  turnover: number;
  trades: number;
}

function initials(name: string): string {
  return name
    .replace(/[^A-Za-z ]/g, ' ')
    .split(/\s+/)
    .filter((w) => w && !/^(and|of|the)$/i.test(w))
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

function makeUniverse(rng: Rng): Sec[] {
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
        name = plan.kind === 'bond' ? `${base} Bond (${rng.int(7, 10)} Year)` : slash ? `${rate}% ${base} Debenture 20${y}/${y + 1}` : `${rate}% ${base} Debenture 20${y}`;
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

// --- the simulation --------------------------------------------------------------------------------

interface Market {
  days: string[];
  /** per security: its bar on each day (undefined: did not trade) */
  bars: Map<Sec, Array<Bar | undefined>>;
  /** per security: its closing price (or NAV) at the end of each day */
  closes: Map<Sec, number[]>;
}

function simulate(rng: Rng, secs: Sec[], days: string[], partial: number): Market {
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
      const volume = Math.max(s.kind === 'debenture' || s.kind === 'bond' ? 10 : 10, Math.round(target / vwap / (s.kind === 'equity' ? 1 : 10)) * (s.kind === 'equity' ? 1 : 10));
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

// --- the snapshot ------------------------------------------------------------------------------------

export function generateSample(opts: SampleOptions = {}): MarketSnapshot {
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
  const nepalAt = (date: string, minute: number) => naiveNepal(fromNepal(date, Math.floor(minute / 60), minute % 60, rng.int(0, 59)) + rng.int(0, 999), rng.int(0, 999));
  const sessionEnd = open ? now.minuteOfDay : 15 * 60;
  const tradeTime = () => 11 * 60 + Math.floor((sessionEnd - 11 * 60) * (1 - rng.next() ** 3));

  // --- stock rows
  const stocks: StockRow[] = [];
  for (const s of secs) {
    const closes = market.closes.get(s)!;
    if (s.kind === 'openFund') {
      // NAVs are published a day late; previous_close is last week's NAV.
      const navDay = Math.max(0, T - 1);
      const weekDay = Math.max(0, T - 5);
      const ltp = closes[navDay]!;
      const prev = closes[weekDay]!;
      stocks.push({
        symbol: s.symbol,
        name: s.name,
        ltp,
        previousClose: prev,
        change: round(ltp - prev, 2),
        percentChange: round(((ltp - prev) / prev) * 100, 2),
        high: null,
        low: null,
        volume: null,
        turnover: null,
        trades: null,
        lastUpdated: days[navDay]!,
        marketCapNpr: Math.round(ltp * s.shares),
        assetType: FUND,
        extra: {},
      });
      continue;
    }
    const bar = market.bars.get(s)![T];
    if (!bar) continue;
    const prev = T > 0 ? closes[T - 1]! : s.price0;
    const change = round(bar.close - prev, 2);
    stocks.push({
      symbol: s.symbol,
      name: s.name,
      ltp: bar.close,
      previousClose: tick(prev),
      change,
      percentChange: round((change / prev) * 100, 2),
      high: bar.high,
      low: bar.low,
      volume: bar.volume,
      turnover: bar.turnover,
      trades: bar.trades,
      lastUpdated: nepalAt(today, tradeTime()),
      marketCapNpr: open ? null : round(bar.close * s.shares, 2),
      assetType: null,
      extra: {},
    });
  }

  // --- daily summaries (traded securities; funds do not trade)
  const summaryHistory: DailySummary[] = days
    .map((date, t) => {
      let turnover = 0;
      let shares = 0;
      let trades = 0;
      let scrips = 0;
      for (const s of secs) {
        const b = market.bars.get(s)![t];
        if (!b) continue;
        turnover += b.turnover;
        shares += b.volume;
        trades += b.trades;
        scrips++;
      }
      return { businessDate: date, totalTurnover: round(turnover, 2), totalTradedShares: shares, totalTransactions: trades, tradedScrips: scrips };
    })
    .reverse();
  const latest = summaryHistory[0]!;
  const equities = secs.filter((s) => s.kind === 'equity');
  const capAt = (t: number, float = false, set = equities) => set.reduce((a, s) => a + market.closes.get(s)![t]! * s.shares * (float ? s.floatFraction : 1), 0);
  const summary: SummaryMetric[] = [
    { detail: 'Total Turnover Rs:', value: latest.totalTurnover, extra: {} },
    { detail: 'Total Traded Shares', value: latest.totalTradedShares, extra: {} },
    { detail: 'Total Transactions', value: latest.totalTransactions, extra: {} },
    { detail: 'Total Scrips Traded', value: latest.tradedScrips, extra: {} },
  ];
  if (!open) {
    summary.push({ detail: 'Total Market Capitalization Rs:', value: round(capAt(T), 1), extra: {} });
    summary.push({ detail: 'Total Float Market Capitalization Rs:', value: round(capAt(T, true), 1), extra: {} });
  }

  // --- indices: capitalisation-weighted, from the same closes
  const sensitive = [...equities].sort((x, y) => y.price0 * y.shares - x.price0 * x.shares).slice(0, Math.ceil(equities.length * 0.25));
  const series = (base: number, float: boolean, set: Sec[]) => {
    const c0 = capAt(0, float, set);
    return days.map((_, t) => (base * capAt(t, float, set)) / c0);
  };
  const indexDefs = [
    { id: 63, name: 'Sensitive Float Index', values: series(156, true, sensitive) },
    { id: 62, name: 'Float Index', values: series(183, true, equities) },
    { id: 57, name: 'Sensitive Index', values: series(462, false, sensitive) },
    { id: 58, name: 'NEPSE Index', values: series(2650, false, equities) },
  ];
  const yearAgo = addDays(today, -365);
  const indices: IndexRow[] = indexDefs.map((d) => {
    const close = d.values[T]!;
    const prev = d.values[T - 1]!;
    const span = Math.abs(close - prev) + close * 0.004;
    const year = d.values.filter((_, t) => days[t]! >= yearAgo);
    return {
      id: d.id,
      index: d.name,
      generatedTime: naiveNepal(fromNepal(today, Math.floor(sessionEnd / 60), sessionEnd % 60, rng.int(0, 59)), 0).slice(0, 23),
      close: round(close, 2),
      high: round(Math.max(close, prev) + span * rng.next() * 0.5, 4),
      low: round(Math.min(close, prev) - span * rng.next() * 0.5, 4),
      previousClose: round(prev, 4),
      change: round(close - prev, 2),
      perChange: round(((close - prev) / prev) * 100, 2),
      fiftyTwoWeekHigh: round(Math.max(...year), 2),
      fiftyTwoWeekLow: round(Math.min(...year), 2),
      currentValue: round(close, 2),
      extra: { auditId: null, exchangeIndexId: null },
    };
  });

  const sectorIndices: SectorIndex[] = SECTOR_INDICES.map((d) => ({
    id: d.id,
    indexCode: d.code,
    indexName: d.name,
    description: d.description,
    sectorMaster: { id: d.sectorId, sectorDescription: d.sector, activeStatus: 'A', regulatoryBody: d.regulator },
    activeStatus: 'A',
    keyIndexFlag: 'N',
    baseYearMarketCapitalization: round(rng.range(1500, 80000), 4),
    extra: {},
  }));

  // --- reference data
  const promoted = equities.filter(() => rng.chance(0.3));
  const securities: Security[] = [
    ...secs.map((s) => ({
      id: s.id,
      companyName: (s.issuer ?? s).name,
      symbol: s.symbol,
      securityName: s.name,
      status: 'A',
      sectorName: s.plan.sector,
      instrumentType: s.plan.instrument,
      extra: { companyEmail: `info@${(s.issuer ?? s).symbol.toLowerCase()}.com.np`, website: `https://www.${(s.issuer ?? s).symbol.toLowerCase()}.com.np`, regulatoryBody: s.plan.regulator },
    })),
    ...promoted.map((s, i) => ({
      id: 9000 + i,
      companyName: s.name,
      symbol: `${s.symbol}PO`,
      securityName: `${s.name} Promoter Share`,
      status: 'A',
      sectorName: s.plan.sector,
      instrumentType: 'Equity',
      extra: { companyEmail: `info@${s.symbol.toLowerCase()}.com.np`, website: `https://www.${s.symbol.toLowerCase()}.com.np`, regulatoryBody: s.plan.regulator },
    })),
  ];
  for (const [i, status] of (['S', 'D', 'D'] as const).entries()) {
    const name = `${PLACES[(i * 7 + 3) % PLACES.length]} ${['Agro', 'Trading House', 'Finance'][i]} Limited`;
    securities.push({ id: 8900 + i, companyName: name, symbol: `${initials(name)}X`, securityName: name, status, sectorName: i === 2 ? 'Finance' : 'Others', instrumentType: 'Equity', extra: { companyEmail: '', website: '', regulatoryBody: 'N/A' } });
  }
  securities.sort((x, y) => (x.id ?? 0) - (y.id ?? 0));

  const sectorCodes: SectorCodes = {};
  const codeKeys = [...new Set([...SECTOR_PLANS.map((p) => p.codeKey), 'Promotor Share'])].sort();
  for (const k of codeKeys) sectorCodes[k] = [];
  for (const s of secs) sectorCodes[s.plan.codeKey]!.push({ symbol: s.symbol, name: s.name, extra: {} });
  for (const s of promoted) sectorCodes['Promotor Share']!.push({ symbol: `${s.symbol}PO`, name: `${s.name} Promoter Share`, extra: {} });

  const person = () => `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
  const district = () => rng.pick(DISTRICTS);
  const brokers: Broker[] = [];
  const brokerNames = new Set<string>();
  for (let code = 1; code <= 92; code++) {
    if (rng.chance(0.3)) continue;
    let name: string;
    do {
      name = rng.pick([`${rng.pick(PLACES)} Securities Private Limited`, `${rng.pick(WORDS)} Stock Broking Company Limited`, `${rng.pick(PLACES)} Capital Securities Limited`, `${rng.pick(PLACES)} Investment Securities Limited`]);
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
      extra: { rating: { averageRating: round(rng.range(3, 5), 1), totalRatings: rng.int(1, 40) }, thirtyDaysTurnover: round(turnover * rng.range(18, 24), 2), latestTurnover: turnover },
    });
  }

  // --- order book (after the close the real lists are short; mid-session they are long)
  const book = (n: number): OrderRow[] =>
    rng
      .shuffle(stocks.filter((r) => r.assetType === null))
      .slice(0, n)
      .map((r) => ({ totalQuantity: Math.round(rng.logNormal(2000, 1.5)), totalOrder: rng.int(1, 40), securityId: bySymbol.get(r.symbol)!.id, symbol: r.symbol, securityName: r.name, extra: {} }))
      .sort((x, y) => (y.totalQuantity ?? 0) - (x.totalQuantity ?? 0));
  const supplyDemand = { supplyList: book(open ? 120 : 25), demandList: book(open ? 120 : 10), extra: {} };

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
    return { version: 1, market: 'NEPSE', currency: 'NPR', month, updatedAt, dates: idx.map(([d]) => d), columns: [...LTP_COLUMNS], series: seriesOf, extra: {} };
  });

  // --- notices, disclosures, messages
  const fy = fiscalYearOf(today);
  const [bsYear, bsMonth] = toBs(today);
  const pdf = () => `${rng.hex(32)}.pdf`;
  const noticeTexts: Array<[string, string, string, boolean]> = [
    ['Sample data: this market snapshot is generated by Khoj', 'Every price, company, notice and document in this snapshot is synthetic sample data generated by Khoj for offline use and testing. It is not market information.', 'General Notice', true],
    ['नमूना डाटा: यो बजार विवरण खोजले बनाएको हो', 'यस विवरणका सबै मूल्य, कम्पनी, सूचना र कागजात परीक्षण र अफलाइन प्रयोगका लागि बनाइएका नमूना हुन्, वास्तविक बजार जानकारी होइनन्।', 'General Notice', true],
    ['धितोपत्र कारोबार समय सम्बन्धी सूचना', 'सोमबारदेखि शुक्रबारसम्म बिहान ११:०० बजेदेखि अपराह्न ३:०० बजेसम्म धितोपत्र कारोबार सञ्चालन हुने व्यहोरा सम्बन्धित सबैको जानकारीका लागि अनुरोध छ।', 'Exchange Notice', true],
    ['सार्वजनिक बिदाको दिन कारोबार बन्द रहने सम्बन्धी सूचना', 'सरकारले सार्वजनिक बिदा दिएका दिन धितोपत्र कारोबार बन्द रहने व्यहोरा जानकारीका लागि अनुरोध छ।', 'Exchange Notice', false],
    ['दलाल व्यवसायीहरूको सदस्यता नवीकरण सम्बन्धी सूचना', `आर्थिक वर्ष ${fy}/${String(fy + 1).slice(2)} का लागि सदस्यता नवीकरण गर्न बाँकी दलाल व्यवसायीहरूलाई तोकिएको समयभित्र निवेदन दिन अनुरोध छ।`, 'Company Notice', false],
    ['Notice regarding the listing of bonus shares', '<p>Bonus shares listed during the week are shown in the exchange messages. Investors are requested to check the adjusted prices.</p>', 'General Notice', false],
    ['Notice regarding the new release of the trading system', 'A new release of the online trading system will be deployed after the close. Brokers are requested to test their connections.', 'Exchange Notice', false],
    ['धितोपत्र सूचीकरण शुल्क सम्बन्धी सूचना', 'सूचीकृत संगठित संस्थाहरूले वार्षिक सूचीकरण शुल्क तोकिएको समयभित्र बुझाउन अनुरोध छ।', 'Company Notice', false],
    ['Reminder: circuit breaker rules', 'Trading halts when the main index moves by 4%, 5% or 6% within a session, as set out in the trading bylaws.', 'General Notice', false],
    ['कारोबार योग्य कम्पनीहरूको नामावली', 'धितोपत्र व्यापारीहरूका लागि कारोबार योग्य कम्पनीहरूको अद्यावधिक नामावली संलग्न छ।', 'Company Notice', false],
    ['Notice regarding the settlement schedule (T+2)', 'Settlement of trades follows the T+2 cycle; the schedule around public holidays is attached.', 'General Notice', false],
    ['लगानीकर्ता सचेतना कार्यक्रम सम्बन्धी सूचना', 'लगानीकर्ता सचेतना कार्यक्रममा सहभागी हुन इच्छुक सबैलाई अनलाइन दर्ता गर्न अनुरोध छ।', 'General Notice', false],
    ['Notice to listed companies on quarterly reports', 'Listed companies are requested to publish their unaudited quarterly reports within 30 days of the end of each quarter.', 'Company Notice', false],
    ['विद्युतीय कारोबार प्रणाली मर्मत सम्बन्धी सूचना', 'शनिबार विद्युतीय कारोबार प्रणालीको मर्मत गरिने हुँदा परीक्षण वातावरण बन्द रहने व्यहोरा अनुरोध छ।', 'Exchange Notice', false],
  ];
  const typeIds: Record<string, number> = { 'Company Notice': 1, 'General Notice': 2, 'Exchange Notice': 3 };
  const general: Notice[] = noticeTexts.map(([heading, body, type, featured], i) => {
    const published = addDays(today, -(i * 9 + rng.int(0, 6)));
    return {
      id: 1300 - i * 3,
      heading,
      body,
      filePath: i < 2 ? null : pdf(),
      expiryDate: i < 3 ? null : addDays(published, rng.int(20, 120)),
      featured,
      type,
      publishedAt: nepalAt(published, rng.int(600, 1020)),
      extra: { noticeTypeId: { id: typeIds[type], activeStatus: 'A', noticeType: type }, publishToWebsite: true, source: null, modifiedDate: null, modifiedBy: 'khoj.sample' },
    };
  });

  const tradedEquities = equities.filter((s) => market.bars.get(s)![T]);
  const documentOf = (s: Sec, date: string, kind: string, id: number) => {
    const filePath = `${s.folder}/${kind}/${date}/${kind.replace(/ /g, '_')}_${fromNepal(date) + rng.int(0, 86_000_000)}.pdf`;
    return { id, submittedDate: date, filePath, fileUrl: documentUrl(filePath, DOC_BASE), encryptedId: rng.hex(64), extra: {} };
  };
  const disclosures: Disclosure[] = [];
  let docId = 32000;
  for (let i = 0; i < 60; i++) {
    const s = rng.pick(tradedEquities);
    const date = days[Math.max(0, T - Math.floor(i / 3))]!;
    const bonus = rng.pick([0, 5, 10, 12, 15]);
    const cash = bonus ? round((bonus * 5) / 95, 4) : rng.pick([5, 8, 10, 12.5]);
    const agm = addDays(date, rng.int(20, 40));
    const templates: Array<[string, string | null, string]> = [
      [`Regarding Resignation of Board Member [${s.symbol}]`, '', 'Board Meeting'],
      ['AGM Notice', `Annual General Meeting of ${s.symbol}\nFiscal Year: ${fy - 1}-${fy}\nAGM Type: AGM\nAGM Date: ${agm}\nAGM No: ${rng.int(5, 40)}\nBook Close Date: ${addDays(agm, -8)}`, 'Newspaper'],
      [`Quarterly Report of the First Quarter, FY ${fy}/${String(fy + 1).slice(2)}`, `<p>The unaudited financial statements of <strong>${s.name}</strong> for the first quarter of FY ${fy}/${String(fy + 1).slice(2)} are attached.</p>`, 'Company Website'],
      ['Book Closure for the AGM and Dividend', `<p>The share register of ${s.name} will be closed on ${addDays(date, 15)} for the annual general meeting and the distribution of dividends.</p>`, 'Newspaper'],
      ['Board Meeting Decision: Proposed Dividend', `The board of directors of ${s.name} has proposed ${bonus}% bonus shares and ${cash}% cash dividend for FY ${fy - 1}/${String(fy).slice(2)}, subject to the approval of the AGM.`, 'Board Meeting'],
      ['Appointment of Chief Executive Officer', `${person()} has been appointed chief executive officer of ${s.name}.`, 'Letter'],
      [`Land Purchase in ${district()[0]}`, null, 'Letter'],
    ];
    const [title, body, source] = rng.pick(templates);
    disclosures.push({
      id: 46600 - i,
      symbol: s.symbol,
      title,
      body,
      source,
      publishedAt: nepalAt(date, rng.int(600, 1080)),
      documents: Array.from({ length: rng.chance(0.15) ? 2 : rng.chance(0.9) ? 1 : 0 }, () => documentOf(s, date, 'Company News', docId++)),
      extra: {},
    });
  }
  disclosures.sort((x, y) => (x.publishedAt! < y.publishedAt! ? 1 : x.publishedAt! > y.publishedAt! ? -1 : y.id - x.id));

  const messages: ExchangeMessage[] = [];
  for (let i = 0; i < 40; i++) {
    const date = days[Math.max(0, T - Math.floor(i / 2))]!;
    const kind = rng.int(0, 9);
    const s = rng.pick(kind < 8 ? tradedEquities : secs.filter((x) => x.kind === 'debenture'));
    const prevClose = tick(market.closes.get(s)![Math.max(0, days.indexOf(date) - 1)]!);
    const b = rng.pick([4, 5, 10, 12, 15]);
    let title: string;
    let body: string;
    let filePath: string | null = null;
    if (kind < 5) {
      title = `Price Adjusted - ${s.name}`;
      body = `Adjusted price of ${s.name} (${s.symbol}) is Rs.${round(prevClose / (1 + b / 100), 2)} for ${b}% Bonus shares on previous closing price of Rs.${prevClose}`;
    } else if (kind < 8) {
      title = `Listing ${b}% Bonus Shares of ${s.name} (${s.symbol})`;
      body = `<p><span>${lakh(Math.round((s.shares * b) / 100)).slice(0, -3)} Units Bonus Shares of&nbsp;</span>${s.name} (${s.symbol}) <span>have been listed on the exchange.</span></p>`;
    } else {
      title = `Listing ${s.name}`;
      body = 'For more details find the attached notice.';
      filePath = `khoj_listing/${date}/${s.symbol.replace('/', '_')}_${rng.int(1e9, 2e9)}.pdf`;
    }
    messages.push({
      id: 208900 - i,
      symbol: s.symbol,
      title,
      body,
      publishedAt: nepalAt(date, rng.int(600, 960)),
      expiryDate: date,
      filePath,
      fileUrl: filePath === null ? null : documentUrl(filePath, DOC_BASE),
      extra: { remarks: '5' },
    });
  }

  // --- companies
  const profiles: CompanyProfile[] = equities.map((s) => {
    const [d] = district();
    return {
      id: s.id,
      symbol: s.symbol,
      profile: rng.chance(0.3) ? `${s.name} is a ${s.plan.sector.toLowerCase()} company listed on the exchange (sample data).` : null,
      email: `info@${s.symbol.toLowerCase()}.com.np`,
      phone: `0${rng.int(1, 99)}-${rng.int(400000, 599999)}`,
      fax: rng.chance(0.3) ? `0${rng.int(1, 99)}-${rng.int(400000, 599999)}` : null,
      contactPerson: person(),
      addressType: rng.pick(['Corporate Office', 'Registered Office']),
      address: `${rng.pick(PLACES)} Marg, ${d}`,
      imageUrl: null,
      status: 'A',
      logoPath: null,
      extra: {},
    };
  });

  const quarterNames = ['First Quarter', 'Second Quarter', 'Third Quarter', 'Fourth Quarter'];
  const [, bsIdx] = toBs(addDays(today, -30));
  const lastQuarter = Math.floor(((bsIdx - 3 + 12) % 12) / 3) - 1; // quarters end with Ashwin, Poush, Chaitra, Ashad
  const qFy = lastQuarter < 0 ? fy - 1 : fy;
  const qName = quarterNames[(lastQuarter + 4) % 4]!;
  const financials: CompanyFinancials[] = equities.map((s) => {
    const ltp = market.closes.get(s)![T]!;
    const eps = round(rng.logNormal(ltp / 25, 0.4), 2);
    const reports = [
      { type: 'Quarterly Report', quarter: qName, fyOf: qFy, eps, sub: addDays(today, -rng.int(2, 28)) },
      { type: 'Annual Report', quarter: null, fyOf: fy - 1, eps: round(eps * rng.range(0.8, 1.2), 2), sub: addDays(today, -rng.int(60, 150)) },
    ];
    return {
      id: s.id,
      symbol: s.symbol,
      reports: reports.map((r) => ({
        type: r.type,
        quarter: r.quarter,
        fy: `${r.fyOf - 57}-${r.fyOf - 56}`,
        fyNepali: `${r.fyOf}-${r.fyOf + 1}`,
        pe: round(ltp / r.eps, 2),
        eps: r.eps,
        paidUpCapital: Math.round(s.shares * 100),
        profit: Math.round(r.eps * s.shares * (r.type === 'Annual Report' ? 1 : 0.25)),
        netWorthPerShare: round(rng.range(110, 260), 2),
        documents: [{ submittedDate: r.sub, path: `${s.folder}/Report Upload/${r.sub}/${r.type.replace(/ /g, '_')}_${rng.int(1e9, 2e9)}.pdf`, extra: {} }],
        extra: {},
      })),
      extra: {},
    };
  });

  // --- IPOs
  const bsRange = (from: string) => {
    const [y, m, d] = toBs(from);
    const end = d + 4;
    return end <= 30 ? `${ordinal(d)} - ${ordinal(end)} ${BS_MONTHS[m]![0]}, ${y}` : `${ordinal(d)} ${BS_MONTHS[m]![0]} - ${ordinal(end - 30)} ${BS_MONTHS[(m + 1) % 12]![0]}, ${y}`;
  };
  const ipo = (i: number, announced: string): Ipo => {
    const company = `${rng.pick(PLACES)} ${rng.pick(['Hydropower Limited', 'Cement Industries Limited', 'Laghubitta Bittiya Sanstha Limited', 'Hotels and Resorts Limited', 'Infrastructure Limited'])}`;
    const units = lakh(Math.round(rng.range(3e5, 5e6) / 100) * 100);
    const range = bsRange(addDays(announced, rng.int(5, 12)));
    const reserved = rng.chance(0.3);
    const reservedFor = reserved ? rng.pick(['Project Affected Locals', 'Nepali Citizens Working Abroad']) : '';
    const to = reserved ? (reservedFor === 'Project Affected Locals' ? `the project affected locals of ${district()[0]}` : 'Nepali citizens working abroad') : 'the general public';
    return {
      company,
      units,
      dateRange: range,
      announcementDate: englishDate(announced),
      fullText: `${company} is going to issue its ${units} units of IPO shares to ${to} starting from ${range}`,
      url: `${SAMPLE_BASE}ipo/${66000 + i}`,
      isReservedShare: reserved,
      reservedFor,
      scrapedAt: scraped(rng.int(60, 60 * 48)),
      extra: {},
    };
  };
  const ipoUpcoming = Array.from({ length: 5 }, (_, i) => ipo(i, addDays(today, -rng.int(0, 10))));
  const ipoOld = Array.from({ length: 20 }, (_, i) => ipo(100 + i, addDays(today, -(20 + i * 16))));

  // --- dividends: up to seven fiscal years per company, announced Aug–Mar after each year ends
  const dividendHistory: DividendRecord[] = [];
  const priceAsOf = days[Math.max(0, T - 1)]!;
  for (const s of equities) {
    if (s.plan.sector === 'Hydro Power' && rng.chance(0.5)) continue;
    for (let y = fy - 7; y < fy; y++) {
      if (!rng.chance(0.7)) continue;
      const endYear = y + 1 - 57;
      const announce = addDays(`${endYear}-08-20`, rng.int(0, 220));
      if (announce > today) continue;
      const bonus = s.plan.sector === 'Microfinance' || s.plan.sector === 'Hydro Power' ? rng.pick([0, 5, 8, 10, 12, 15]) : rng.pick([0, 0, 4, 6, 10]);
      const cashPlain = rng.pick([0, 3, 5, 8, 10, 12.5, 15]);
      const cash = bonus && !cashPlain ? round((bonus * 5) / 95, 4) : cashPlain;
      if (!bonus && !cash) continue;
      const bookclose = addDays(announce, rng.int(12, 35));
      const closed = bookclose < today;
      const unknown = rng.chance(0.05);
      dividendHistory.push({
        id: s.id,
        symbol: s.symbol,
        companyName: s.name,
        companyUrl: `${SAMPLE_BASE}company/${s.symbol.toLowerCase()}`,
        bonus: bonus ? bonus.toFixed(2) : null,
        cash: cash ? String(cash.toFixed(cash % 1 && String(cash).split('.')[1]!.length > 2 ? 4 : 2)) : null,
        total: (bonus + cash).toFixed(round(bonus + cash, 2) === round(bonus + cash, 4) ? 2 : 4),
        announcementDate: announce,
        bookcloseDate: unknown ? null : closed ? `${bookclose} [Closed]` : bookclose,
        distributionDate: closed && cash && rng.chance(0.4) ? addDays(bookclose, rng.int(20, 60)) : null,
        bonusListingDate: closed && bonus && addDays(bookclose, 70) < today ? addDays(bookclose, rng.int(40, 70)) : null,
        fiscalYear: `${y}/${y + 1}`,
        ltp: market.closes.get(s)![Math.max(0, T - 1)]!.toFixed(2),
        priceAsOf,
        status: unknown ? -1 : closed ? 1 : 0,
        scrapedAt: checked,
        extra: {},
      });
    }
  }
  dividendHistory.sort((x, y) => (x.announcementDate! < y.announcementDate! ? 1 : x.announcementDate! > y.announcementDate! ? -1 : x.symbol < y.symbol ? -1 : 1));
  const yearBack = addDays(today, -365);
  const dividendLatest = dividendHistory.filter((r) => r.announcementDate! >= yearBack).map((r) => ({ ...r, extra: {} }));

  // --- open-ended funds
  const funds: FundNav[] = secs
    .filter((s) => s.kind === 'openFund')
    .map((s) => {
      const c = market.closes.get(s)!;
      const navDay = Math.max(0, T - 1);
      const monthDay = Math.max(0, T - 21);
      return {
        companyId: s.id,
        symbol: s.symbol,
        fundName: s.name,
        fundSize: Math.round(c[navDay]! * s.shares),
        dailyNav: c[navDay]!,
        dailyNavDate: days[navDay]!,
        weeklyNav: c[Math.max(0, T - 5)]!,
        weeklyNavDate: days[Math.max(0, T - 5)]!,
        monthlyNav: c[monthDay]!,
        monthlyNavDate: `${BS_MONTHS[(bsMonth + 11) % 12]![0]} ${bsMonth === 0 ? bsYear - 1 : bsYear}`,
        ltp: null,
        priceAsOf: null,
        premiumDiscountPercent: null,
        refundNav: null,
        sourceUrl: `${SAMPLE_BASE}mutual-fund-navs`,
        scrapedAt: checked,
        extra: {},
      };
    });

  const status = { isOpen: open, lastChecked: checked, extra: {} };
  const snapshot: MarketSnapshot = {
    about: {
      sample: true,
      source: `Khoj sample market generator (seed ${seed}, reference ${new Date(ref).toISOString().replace(/\.000Z$/, 'Z')})`,
      sourceLayout: null,
      generatedAt: new Date(ref).toISOString().replace(/\.000Z$/, 'Z'),
      notes: [
        'SAMPLE DATA: every company, price, notice and document here is synthetic, generated by Khoj for offline use and tests. It is not market information.',
        'Company names are invented from Nepali place names; sector, index and holiday names are the exchange\'s. Links point to example.com.',
        `Prices are simulated day by day from ${days[0]} to ${today}: the price history, stock rows, summaries, indices and rankings agree.`,
      ],
    },
    stocks,
    status,
    indices,
    summary,
    sectorIndices,
    topStocks: deriveTopStocks(stocks, securities),
    summaryHistory,
    supplyDemand,
    ltp: {
      manifest: {
        version: 1,
        latestDate: today,
        latestStatus: open ? 'provisional' : 'final',
        finalizedThrough: open ? days[T - 1]! : today,
        availableMonths: monthsOf,
        retention: 'no-limit',
        extra: {},
      },
      months: ltpMonths,
    },
    notices: { general, company: disclosures.slice(0, 8), exchange: messages.slice(0, 6), lastUpdated: scraped(25), extra: {} },
    disclosures,
    messages,
    brokers,
    securities,
    sectorCodes,
    profiles,
    financials,
    companyMeta: { lastUpdated: scraped(60 * 24 * 3), source: 'Khoj sample market generator', documentBaseUrl: DOC_BASE, count: profiles.length, extra: {} },
    fieldDescriptions: {
      eps: { full_form: 'Earnings Per Share', description: 'Net profit attributable to shareholders divided by the number of shares, annualised for quarters.' },
      pe: { full_form: 'Price to Earnings Ratio', description: 'Last traded price divided by earnings per share.' },
      paid_up_capital: { full_form: 'Paid-up Capital', description: 'Capital paid in by shareholders, NPR.' },
      profit: { full_form: 'Net Profit', description: 'Net profit for the period, NPR.' },
      net_worth_per_share: { full_form: 'Net Worth Per Share', description: 'Shareholders\' equity divided by the number of shares, NPR.' },
      fy: { full_form: 'Fiscal Year (AD)', description: 'The fiscal year in the Gregorian calendar.' },
      fy_nepali: { full_form: 'Fiscal Year (BS)', description: 'The fiscal year in Bikram Sambat, from Shrawan to Ashad.' },
      quarter: { full_form: 'Quarter', description: 'The quarter of the fiscal year a quarterly report covers.' },
    },
    ipoUpcoming,
    ipoOld,
    dividends: {
      scrapedAt: checked,
      history: dividendHistory,
      latest: dividendLatest,
      meta: { lastRunAt: checked, mode: 'latest', latestCount: dividendLatest.length, historyCount: dividendHistory.length, recordCount: dividendHistory.length, smokePassed: true, extra: {} },
    },
    mutualFunds: { scrapedAt: checked, records: funds },
  };
  return snapshot;
}
