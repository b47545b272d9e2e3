// Parts of a snapshot derived from others where a source lacks them: the rankings from the stock
// rows, a one-day price history from the stock rows, the latest-year dividends from all years.
// Each is exact for what it claims, deterministic, and idempotent (reading our output back gives
// the same model).

import { addDays, NAIVE_ZONE, nepalDateOf, nepalIso, parseTimestamp } from './clock.ts';
import { LTP_COLUMNS } from './adapters/history.ts';
import { FUND } from './adapters/stocks.ts';
import type { DailySummary, DividendRecord, LtpHistory, MarketStatus, Security, StockRow, TopStocks } from './types/index.ts';

const isFund = (r: StockRow) => r.assetType === FUND;

/** Full-market rankings as the real files publish them: every traded security, best first. */
export function deriveTopStocks(rows: StockRow[], securities: Security[] | null): TopStocks {
  const ids = new Map((securities ?? []).map((s) => [s.symbol, s.id]));
  const traded = rows.filter((r) => !isFund(r) && r.ltp !== null && r.ltp > 0);
  const by = (f: (r: StockRow) => number) => (x: StockRow, y: StockRow) => f(y) - f(x) || (x.symbol < y.symbol ? -1 : 1);
  const common = (r: StockRow) => ({ securityName: r.name, securityId: ids.get(r.symbol) ?? null, extra: {} });
  const mover = (r: StockRow) => ({ symbol: r.symbol, ltp: r.ltp, cp: null, pointChange: r.change, percentageChange: r.percentChange, ...common(r) });
  return {
    topGainer: traded
      .filter((r) => (r.change ?? 0) > 0)
      .sort(by((r) => r.percentChange ?? 0))
      .map(mover),
    topLoser: traded
      .filter((r) => (r.change ?? 0) < 0)
      .sort(by((r) => -(r.percentChange ?? 0)))
      .map(mover),
    topTurnover: traded
      .filter((r) => (r.turnover ?? 0) > 0)
      .sort(by((r) => r.turnover ?? 0))
      .map((r) => ({ symbol: r.symbol, turnover: r.turnover, closingPrice: r.ltp, ...common(r) })),
    topTrade: traded
      .filter((r) => (r.volume ?? 0) > 0)
      .sort(by((r) => r.volume ?? 0))
      .map((r) => ({ symbol: r.symbol, shareTraded: r.volume, closingPrice: r.ltp, ...common(r) })),
    topTransaction: traded
      .filter((r) => (r.trades ?? 0) > 0)
      .sort(by((r) => r.trades ?? 0))
      .map((r) => ({
        securityId: ids.get(r.symbol) ?? null,
        totalTrades: r.trades,
        lastTradedPrice: r.ltp,
        securityName: r.name,
        symbol: r.symbol,
        extra: {},
      })),
    extra: {},
  };
}

/** The business date of the stock rows: the latest Nepal date a security traded on. */
export function businessDateOf(rows: StockRow[], status: MarketStatus): string | undefined {
  let best: string | undefined;
  for (const r of rows) {
    if (isFund(r) || r.lastUpdated === null || !r.lastUpdated.includes('T')) continue;
    const d = nepalDateOf(r.lastUpdated, NAIVE_ZONE['stocks.lastUpdated']!);
    if (d && (!best || d > best)) best = d;
  }
  return best ?? nepalDateOf(status.lastChecked, NAIVE_ZONE['status.lastChecked']!);
}

/**
 * A one-day price history from the stock rows, for a source without one (layout B): the rows that
 * traded on the business date, funds as `[0, NAV]`. Provisional while the market is open.
 */
export function deriveLtpHistory(rows: StockRow[], status: MarketStatus, history: DailySummary[] | null): LtpHistory | undefined {
  const date = businessDateOf(rows, status);
  if (!date) return undefined;
  const series: Record<string, number[][]> = {};
  for (const r of [...rows].sort((x, y) => (x.symbol < y.symbol ? -1 : x.symbol > y.symbol ? 1 : 0))) {
    if (r.ltp === null || r.ltp <= 0) continue;
    if (isFund(r)) {
      series[r.symbol] = [[0, r.ltp]];
      continue;
    }
    if (r.lastUpdated === null || nepalDateOf(r.lastUpdated, NAIVE_ZONE['stocks.lastUpdated']!) !== date) continue;
    series[r.symbol] = [[0, r.ltp, r.volume ?? 0, r.turnover ?? 0, r.trades ?? 0]];
  }
  const checked = parseTimestamp(status.lastChecked, NAIVE_ZONE['status.lastChecked']!);
  const month = date.slice(0, 7);
  const previous =
    (history ?? [])
      .map((d) => d.businessDate)
      .filter((d) => d < date)
      .sort()
      .at(-1) ?? null;
  return {
    manifest: {
      version: 1,
      latestDate: date,
      latestStatus: status.isOpen ? 'provisional' : 'final',
      finalizedThrough: status.isOpen ? previous : date,
      availableMonths: [month],
      retention: 'single-snapshot',
      extra: {},
    },
    months: [
      {
        version: 1,
        market: 'NEPSE',
        currency: 'NPR',
        month,
        updatedAt: checked ? nepalIso(checked.epochMs) : null,
        dates: [date],
        columns: [...LTP_COLUMNS],
        series,
        extra: {},
      },
    ],
  };
}

/** The rolling last year: records announced within 365 days before `asOf` (a date or date-time). */
export function deriveLatestDividends(history: DividendRecord[], asOf: string | null): DividendRecord[] {
  const dates = history.map((r) => r.announcementDate).filter((d): d is string => d !== null && /^\d{4}-\d{2}-\d{2}/.test(d));
  const ref = asOf?.slice(0, 10) ?? dates.sort().at(-1);
  if (!ref) return [];
  const from = addDays(ref, -365);
  return history
    .filter((r) => r.announcementDate !== null && r.announcementDate.slice(0, 10) >= from && r.announcementDate.slice(0, 10) <= ref)
    .map((r) => ({ ...r, extra: { ...r.extra } }));
}
