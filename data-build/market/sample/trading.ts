// Stock rows, daily summaries, the market summary and the indices, from the same simulated closes.

import { addDays, fromNepal, naiveNepal } from '../../../src/core/market/clock.ts';
import { FUND } from '../../../src/core/market/adapters/stocks.ts';
import type { DailySummary, IndexRow, SectorIndex, StockRow, SummaryMetric } from '../../../src/core/market/types/index.ts';
import { SECTOR_INDICES } from '../sample-names.ts';
import { round, tick } from './calendar.ts';
import type { Sec } from './universe.ts';
import type { World } from './world.ts';

/** An open-ended fund's row: NAVs are published a day late; previous_close is last week's NAV. */
function fundRow({ days, T }: World, s: Sec, closes: readonly number[]): StockRow {
  const navDay = Math.max(0, T - 1);
  const weekDay = Math.max(0, T - 5);
  const ltp = closes[navDay]!;
  const prev = closes[weekDay]!;
  return {
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
  };
}

/** A traded security's row from today's bar (none when it did not trade). */
function tradedRow({ open, T, today, market, nepalAt, tradeTime }: World, s: Sec, closes: readonly number[]): StockRow | undefined {
  const bar = market.bars.get(s)![T];
  if (!bar) return undefined;
  const prev = T > 0 ? closes[T - 1]! : s.price0;
  const change = round(bar.close - prev, 2);
  return {
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
  };
}

/** Every security's row, in the universe's order. */
function stockRows(w: World): StockRow[] {
  const stocks: StockRow[] = [];
  for (const s of w.secs) {
    const closes = w.market.closes.get(s)!;
    const row = s.kind === 'openFund' ? fundRow(w, s, closes) : tradedRow(w, s, closes);
    if (row) stocks.push(row);
  }
  return stocks;
}

/** Daily summaries, newest first (traded securities; funds do not trade). */
function dailySummaries({ days, secs, market }: World): DailySummary[] {
  return days
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
}

/** The market's capitalisation on day `t` (of the free float, if `float`) over `set`. */
const capAt = ({ market, equities }: World, t: number, float = false, set: readonly Sec[] = equities) =>
  set.reduce((a, s) => a + market.closes.get(s)![t]! * s.shares * (float ? s.floatFraction : 1), 0);

/** The market summary's figures; the capitalisation only after the close. */
function marketSummary(w: World, latest: DailySummary): SummaryMetric[] {
  const summary: SummaryMetric[] = [
    { detail: 'Total Turnover Rs:', value: latest.totalTurnover, extra: {} },
    { detail: 'Total Traded Shares', value: latest.totalTradedShares, extra: {} },
    { detail: 'Total Transactions', value: latest.totalTransactions, extra: {} },
    { detail: 'Total Scrips Traded', value: latest.tradedScrips, extra: {} },
  ];
  if (!w.open) {
    summary.push({ detail: 'Total Market Capitalization Rs:', value: round(capAt(w, w.T), 1), extra: {} });
    summary.push({ detail: 'Total Float Market Capitalization Rs:', value: round(capAt(w, w.T, true), 1), extra: {} });
  }
  return summary;
}

/** The indices (their id, name, base value, on the float or not, over the sensitive quarter or all equities). */
const INDICES = [
  { id: 63, name: 'Sensitive Float Index', base: 156, float: true, sensitive: true },
  { id: 62, name: 'Float Index', base: 183, float: true, sensitive: false },
  { id: 57, name: 'Sensitive Index', base: 462, float: false, sensitive: true },
  { id: 58, name: 'NEPSE Index', base: 2650, float: false, sensitive: false },
];

/** The indices: capitalisation-weighted, from the same closes. */
function indexRows(w: World): IndexRow[] {
  const { rng, days, T, today, sessionEnd, equities } = w;
  const sensitive = [...equities].sort((x, y) => y.price0 * y.shares - x.price0 * x.shares).slice(0, Math.ceil(equities.length * 0.25));
  const series = (base: number, float: boolean, set: Sec[]) => {
    const c0 = capAt(w, 0, float, set);
    return days.map((_, t) => (base * capAt(w, t, float, set)) / c0);
  };
  const indexDefs = INDICES.map((d) => ({ id: d.id, name: d.name, values: series(d.base, d.float, d.sensitive ? sensitive : equities) }));
  const yearAgo = addDays(today, -365);
  return indexDefs.map((d) => {
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
}

/** The sector indices' descriptions (sample-names.ts), each with a base capitalisation. */
function sectorIndexRows({ rng }: World): SectorIndex[] {
  return SECTOR_INDICES.map((d) => ({
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
}

export function trading(w: World) {
  const stocks = stockRows(w);
  const summaryHistory = dailySummaries(w);
  const summary = marketSummary(w, summaryHistory[0]!);
  return { stocks, summaryHistory, summary, indices: indexRows(w), sectorIndices: sectorIndexRows(w) };
}
