// Stock rows, daily summaries, the market summary and the indices, from the same simulated closes.

import { addDays, fromNepal, naiveNepal } from '../../../src/core/market/clock.ts';
import { FUND } from '../../../src/core/market/adapters/stocks.ts';
import type { DailySummary, IndexRow, SectorIndex, StockRow, SummaryMetric } from '../../../src/core/market/types/index.ts';
import { SECTOR_INDICES } from '../sample-names.ts';
import { round, tick } from './calendar.ts';
import type { Sec } from './universe.ts';
import type { World } from './world.ts';

export function trading(w: World) {
  const { rng, open, days, T, today, secs, market, nepalAt, sessionEnd, tradeTime, equities } = w;
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

  return { stocks, summaryHistory, summary, indices, sectorIndices };
}
