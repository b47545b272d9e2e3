// A whole snapshot, and what it says about itself (about.json).

import type { Layout } from './base.ts';
import type { LtpHistory } from './history.ts';
import type { Dividends, Ipo, MutualFunds } from './listings.ts';
import type { Disclosure, ExchangeMessage, Notices } from './news.ts';
import type { DailySummary, IndexRow, MarketStatus, SectorIndex, StockRow, SummaryMetric, SupplyDemand, TopStocks } from './prices.ts';
import type { Broker, CompanyFinancials, CompanyMeta, CompanyProfile, SectorCodes, Security } from './reference.ts';

/** What the snapshot is, for people and for the app's "sample data" label (`data/about.json`). */
export interface About {
  /** true for the generated sample */
  sample: boolean;
  /** e.g. "Khoj sample market generator, seed 20260519" or the source folder/URL */
  source: string;
  /** the layout that was read; null for the generated sample */
  sourceLayout: Layout | null;
  /** ISO 8601 */
  generatedAt: string;
  notes: string[];
}

export interface MarketSnapshot {
  about: About;
  stocks: StockRow[];
  status: MarketStatus;
  indices: IndexRow[];
  summary: SummaryMetric[];
  sectorIndices: SectorIndex[] | null;
  topStocks: TopStocks | null;
  /** newest first */
  summaryHistory: DailySummary[] | null;
  supplyDemand: SupplyDemand | null;
  ltp: LtpHistory | null;
  notices: Notices | null;
  disclosures: Disclosure[] | null;
  messages: ExchangeMessage[] | null;
  brokers: Broker[] | null;
  securities: Security[] | null;
  sectorCodes: SectorCodes | null;
  profiles: CompanyProfile[] | null;
  financials: CompanyFinancials[] | null;
  companyMeta: CompanyMeta | null;
  /** shape not given by the contract: kept as published */
  fieldDescriptions: Record<string, unknown> | null;
  ipoUpcoming: Ipo[] | null;
  ipoOld: Ipo[] | null;
  dividends: Dividends | null;
  mutualFunds: MutualFunds | null;
}
