// Live prices and the market: stock rows, status, indices, top stocks, summaries, the order book.

import type { Extra } from './base.ts';

/** One row of `exchange_data.json` / `nepse_data.json` / `market/live.json`. */
export interface StockRow {
  symbol: string;
  name: string;
  /** last traded price; for an open-ended fund, its latest NAV; null or 0 when nothing traded */
  ltp: number | null;
  /** for an open-ended fund, last week's NAV */
  previousClose: number | null;
  change: number | null;
  percentChange: number | null;
  high: number | null;
  low: number | null;
  volume: number | null;
  turnover: number | null;
  trades: number | null;
  /** naive Nepal time (a date alone for an open-ended fund: its NAV date) */
  lastUpdated: string | null;
  /**
   * Market capitalisation in NPR. Upstream publishes `market_cap` in millions of NPR (fund rows:
   * the fund size in NPR); the contract says crores. We write crores in `market_cap` and the NPR
   * value in `market_cap_npr`, and read either.
   */
  marketCapNpr: number | null;
  /** "open_ended_mutual_fund" on mapped mutual-fund rows */
  assetType: string | null;
  extra: Extra;
}

export interface MarketStatus {
  isOpen: boolean;
  /** naive UTC */
  lastChecked: string;
  extra: Extra;
}

export interface IndexRow {
  id: number | null;
  /** the index name (`index`) */
  index: string;
  /** naive Nepal time */
  generatedTime: string | null;
  close: number | null;
  high: number | null;
  low: number | null;
  previousClose: number | null;
  change: number | null;
  perChange: number | null;
  currentValue: number | null;
  fiftyTwoWeekHigh: number | null;
  fiftyTwoWeekLow: number | null;
  extra: Extra;
}

/** An index definition (the real file holds no values). */
export interface SectorIndex {
  id: number | null;
  indexCode: string;
  indexName: string;
  description: string | null;
  activeStatus: string | null;
  baseYearMarketCapitalization: number | null;
  keyIndexFlag: string | null;
  /** {id, sectorDescription, activeStatus, regulatoryBody} as published */
  sectorMaster: Extra | null;
  extra: Extra;
}

export interface TopMover {
  symbol: string;
  ltp: number | null;
  cp: number | null;
  pointChange: number | null;
  percentageChange: number | null;
  securityName: string | null;
  securityId: number | null;
  extra: Extra;
}
export interface TopTurnover {
  symbol: string;
  turnover: number | null;
  closingPrice: number | null;
  securityName: string | null;
  securityId: number | null;
  extra: Extra;
}
export interface TopTrade {
  symbol: string;
  shareTraded: number | null;
  closingPrice: number | null;
  securityName: string | null;
  securityId: number | null;
  extra: Extra;
}
export interface TopTransaction {
  symbol: string;
  totalTrades: number | null;
  lastTradedPrice: number | null;
  securityName: string | null;
  securityId: number | null;
  extra: Extra;
}
export interface TopStocks {
  topGainer: TopMover[];
  topLoser: TopMover[];
  topTurnover: TopTurnover[];
  topTrade: TopTrade[];
  topTransaction: TopTransaction[];
  extra: Extra;
}

/** `{detail, value}`; labels differ between contract and real files: see summaryKey(). */
export interface SummaryMetric {
  detail: string;
  value: number | null;
  extra: Extra;
}

export interface DailySummary {
  businessDate: string;
  totalTurnover: number | null;
  totalTradedShares: number | null;
  totalTransactions: number | null;
  tradedScrips: number | null;
}

export interface OrderRow {
  symbol: string;
  securityName: string | null;
  securityId: number | null;
  totalQuantity: number | null;
  totalOrder: number | null;
  extra: Extra;
}
export interface SupplyDemand {
  supplyList: OrderRow[];
  demandList: OrderRow[];
  extra: Extra;
}
