// IPOs, dividends and open-ended funds.

import type { Extra } from './base.ts';

export interface Ipo {
  company: string;
  /** digit-grouped decimal text, e.g. "14,27,600.00" */
  units: string | null;
  dateRange: string | null;
  announcementDate: string | null;
  fullText: string | null;
  url: string | null;
  isReservedShare: boolean | null;
  reservedFor: string | null;
  /** naive UTC */
  scrapedAt: string | null;
  extra: Extra;
}

/** A dividend record: the union of the latest-year record, the compact record and the columns. */
export interface DividendRecord {
  /** the company's id upstream (repeats across fiscal years) */
  id: number | null;
  symbol: string;
  companyName: string | null;
  companyUrl: string | null;
  /** percentages as decimal text; "" is read as null */
  bonus: string | null;
  cash: string | null;
  total: string | null;
  announcementDate: string | null;
  /** e.g. "2026-04-09 [Closed]" */
  bookcloseDate: string | null;
  distributionDate: string | null;
  bonusListingDate: string | null;
  /** Bikram Sambat "2081/2082" */
  fiscalYear: string | null;
  ltp: string | null;
  priceAsOf: string | null;
  status: number | null;
  /** naive UTC */
  scrapedAt: string | null;
  extra: Extra;
}

export interface DividendMeta {
  lastRunAt: string | null;
  mode: string | null;
  latestCount: number | null;
  historyCount: number | null;
  /** layout A's name for the history count */
  recordCount: number | null;
  smokePassed: boolean | null;
  extra: Extra;
}

export interface Dividends {
  /** naive UTC; the newest record's scrape time when the source gives none */
  scrapedAt: string | null;
  /** all fiscal years (B `history_all_years.json`, A `dividend/history.json`) */
  history: DividendRecord[] | null;
  /** the rolling last year (B `latest_1y.json`) */
  latest: DividendRecord[] | null;
  meta: DividendMeta | null;
}

/** Open-ended mutual fund NAVs (B `OMF.json`, A `market/omf.json`: real files outside the contract). */
export interface FundNav {
  symbol: string;
  fundName: string | null;
  companyId: number | null;
  fundSize: number | null;
  dailyNav: number | null;
  dailyNavDate: string | null;
  weeklyNav: number | null;
  weeklyNavDate: string | null;
  monthlyNav: number | null;
  /** a date, or a Nepali month name such as "Chaitra 2082" */
  monthlyNavDate: string | null;
  ltp: number | null;
  priceAsOf: string | null;
  premiumDiscountPercent: number | null;
  refundNav: number | null;
  sourceUrl: string | null;
  scrapedAt: string | null;
  extra: Extra;
}
export interface MutualFunds {
  scrapedAt: string | null;
  records: FundNav[];
}
