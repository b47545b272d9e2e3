// The normalised, typed model of one market snapshot. Every adapter reads into it and
// writes from it: layout A and layout B files (read: adapters.ts → read.ts; write: write.ts).
//
// Conventions:
// - `null` means "not published" (absent key, or published null). Every field the contract or a
//   real file names has a place here; anything else a record carried is kept, verbatim, in
//   `extra` and written back out, so nothing a client may read is lost.
// - Timestamps stay the strings the source published (three conventions, see clock.ts):
//   clients parse them as they always have; clock.ts interprets them.
// - Amounts are numbers, except where the source publishes decimal text (IPO units, dividend
//   percentages), which stays text.

/** Fields a record carried that the model has no name for, written back unchanged. */
export type Extra = Record<string, unknown>;

export type Layout = 'a' | 'b';

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

export interface LtpManifest {
  version: number;
  latestDate: string | null;
  /** "provisional" while the market is open, "final" after the close */
  latestStatus: string | null;
  finalizedThrough: string | null;
  /** the months of `LtpHistory.months`, ascending (rewritten from what is really there) */
  availableMonths: string[];
  retention: string | null;
  extra: Extra;
}

/**
 * One `ltp/monthly/YYYY-MM.json`. Rows follow `columns` but are sparse and of variable length:
 * `[dateIndex, ltp]` (funds: NAV), `[dateIndex, ltp, volume]`, or all five; back-filled months
 * carry 0 for unknown turnover and trades. Days without data are absent.
 */
export interface LtpMonth {
  version: number;
  market: string | null;
  currency: string | null;
  month: string;
  /** ISO 8601 with the +05:45 offset */
  updatedAt: string | null;
  dates: string[];
  columns: string[];
  series: Record<string, number[][]>;
  extra: Extra;
}

export interface LtpHistory {
  manifest: LtpManifest;
  /** ascending by month */
  months: LtpMonth[];
}

/** A general notice. */
export interface Notice {
  id: number;
  /** A `title`, real `noticeHeading` */
  heading: string;
  /** A `body`, B `noticeDetail`, real `noticeBody` (may hold HTML) */
  body: string | null;
  /** A `filePath`, real `noticeFilePath` */
  filePath: string | null;
  /** A `expiresAt`, real `noticeExpiryDate` (date) */
  expiryDate: string | null;
  /** A `featured`, real `feature` */
  featured: boolean | null;
  /** A `type`, real `noticeTypeId.noticeType` */
  type: string | null;
  /** B `publishedDate`; the real files publish no such time */
  publishedAt: string | null;
  extra: Extra;
}

export interface DocumentRef {
  id: number | null;
  submittedDate: string | null;
  /** path below the exchange's document base URL */
  filePath: string | null;
  fileUrl: string | null;
  encryptedId: string | null;
  extra: Extra;
}

/** A company disclosure (also the `company` list of layout B notices). */
export interface Disclosure {
  id: number;
  symbol: string | null;
  /** A `title`, B `newsHeadline` */
  title: string;
  /** A `body`, B `newsBody` (may hold HTML) */
  body: string | null;
  /** A `source`, B real `newsSource` */
  source: string | null;
  /** A `publishedAt`, B `addedDate` — naive Nepal time */
  publishedAt: string | null;
  /** A `documents`, B `applicationDocumentDetailsList` */
  documents: DocumentRef[];
  extra: Extra;
}

/** An exchange message (also the `exchange` list of layout B notices). */
export interface ExchangeMessage {
  id: number;
  symbol: string | null;
  /** A `title`, B `messageTitle` */
  title: string;
  /** A `body`, B `messageBody` (may hold HTML) */
  body: string | null;
  /** A `publishedAt`, B real `addedDate` — naive Nepal time */
  publishedAt: string | null;
  /** A `expiresAt`, B `expiryDate` */
  expiryDate: string | null;
  filePath: string | null;
  fileUrl: string | null;
  extra: Extra;
}

export interface Notices {
  general: Notice[];
  company: Disclosure[];
  exchange: ExchangeMessage[];
  /** naive UTC */
  lastUpdated: string | null;
  extra: Extra;
}

export interface Broker {
  id: number | null;
  memberCode: number;
  memberName: string;
  membershipType: string | null;
  phone: string | null;
  provinces: string[];
  districts: string[];
  tmsLink: string | null;
  branchCount: number | null;
  activeStatus: string | null;
  isDealer: string | null;
  extra: Extra;
}

export interface Security {
  id: number | null;
  companyName: string | null;
  symbol: string;
  securityName: string | null;
  status: string | null;
  sectorName: string | null;
  instrumentType: string | null;
  extra: Extra;
}

export interface SectorCodeItem {
  symbol: string;
  name: string | null;
  extra: Extra;
}
/** sector name → its securities, in published order */
export type SectorCodes = Record<string, SectorCodeItem[]>;

export interface CompanyProfile {
  id: number | null;
  symbol: string;
  profile: string | null;
  email: string | null;
  phone: string | null;
  fax: string | null;
  contactPerson: string | null;
  addressType: string | null;
  address: string | null;
  imageUrl: string | null;
  status: string | null;
  logoPath: string | null;
  extra: Extra;
}

export interface ReportDocument {
  submittedDate: string | null;
  path: string | null;
  extra: Extra;
}
export interface FinancialReport {
  type: string | null;
  quarter: string | null;
  fy: string | null;
  fyNepali: string | null;
  pe: number | null;
  eps: number | null;
  paidUpCapital: number | null;
  profit: number | null;
  netWorthPerShare: number | null;
  documents: ReportDocument[];
  extra: Extra;
}
export interface CompanyFinancials {
  id: number | null;
  symbol: string;
  reports: FinancialReport[];
  extra: Extra;
}

export interface CompanyMeta {
  lastUpdated: string | null;
  source: string | null;
  documentBaseUrl: string | null;
  count: number | null;
  extra: Extra;
}

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
