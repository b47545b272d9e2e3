// Small questions the app asks of the model.

import { FUND } from './adapters/stocks.ts';
import type { LtpMonth, StockRow, SummaryMetric } from './types/index.ts';

export type SummaryKey = 'turnover' | 'tradedShares' | 'transactions' | 'tradedScrips' | 'marketCap' | 'floatMarketCap';

/**
 * What a summary label means. The contract's labels ("Total Traded Shares:", "Traded Scrips:") and
 * the real files' ("Total Traded Shares", "Total Scrips Traded") differ; both are recognised.
 */
export function summaryKey(detail: string): SummaryKey | undefined {
  const d = detail.toLowerCase().replace(/[:\s]+$/, '');
  if (d.includes('float') && d.includes('capitali')) return 'floatMarketCap';
  if (d.includes('capitali')) return 'marketCap';
  if (d.includes('turnover')) return 'turnover';
  if (d.includes('traded shares')) return 'tradedShares';
  if (d.includes('transactions')) return 'transactions';
  if (d.includes('scrips')) return 'tradedScrips';
  return undefined;
}

export function summaryValue(metrics: readonly SummaryMetric[], key: SummaryKey): number | null {
  return metrics.find((m) => summaryKey(m.detail) === key)?.value ?? null;
}

/** An open-ended mutual fund row: ltp is its NAV, previous_close last week's NAV. */
export const isOpenEndedFund = (row: StockRow): boolean => row.assetType === FUND;

export interface PricePoint {
  date: string;
  ltp: number;
  /** undefined where the row stops short; 0 in back-filled months may mean "unknown" */
  volume?: number;
  turnover?: number;
  trades?: number;
}

/** One symbol's days in a monthly history file, by column name (rows may be short). */
export function pricePoints(month: LtpMonth, symbol: string): PricePoint[] {
  const rows = month.series[symbol] ?? [];
  const col = (name: string) => month.columns.indexOf(name);
  const [li, vi, ti, ni] = [col('ltp'), col('volume'), col('turnover'), col('trades')];
  return rows.map((r) => {
    const p: PricePoint = { date: month.dates[r[0]!]!, ltp: r[li]! };
    if (vi > 0 && vi < r.length) p.volume = r[vi]!;
    if (ti > 0 && ti < r.length) p.turnover = r[ti]!;
    if (ni > 0 && ni < r.length) p.trades = r[ni]!;
    return p;
  });
}
