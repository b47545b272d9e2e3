// The pure market core: model, adapters of both layouts, validators, Nepal clock, refresh
// policy and formatting. No DOM, no Node: the app, the service worker, the server and
// data-build all import it.

export type * from './types/index.ts';
export { ADAPTERS, readFileValue, type FileAdapter } from './adapters/index.ts';
export { DOCUMENT_BASE_URL, documentPath, documentUrl } from './adapters/news.ts';
export { FUND } from './adapters/stocks.ts';
export {
  addDays,
  fromNepal,
  NAIVE_ZONE,
  naiveNepal,
  naiveUtc,
  nepalDateOf,
  nepalIso,
  nepalTime,
  NEPAL_OFFSET_MINUTES,
  parseTimestamp,
  type NaiveZone,
  type NepalTime,
  type ParsedTime,
  type TimeConvention,
} from './clock.ts';
export { deriveLatestDividends, deriveLtpHistory, deriveTopStocks } from './derive.ts';
export {
  detectLayout,
  ENDPOINT_OF,
  ENDPOINTS,
  isFileKind,
  kindOfPath,
  ltpMonthPath,
  STATUS_PATH,
  type Cadence,
  type Endpoint,
  type FileKind,
} from './endpoints.ts';
export {
  formatAsOf,
  formatLarge,
  formatNepalDateTime,
  formatNumber,
  formatPercent,
  formatRupees,
  groupLakh,
  groupThousands,
  toDevanagariDigits,
  type Lang,
} from './format.ts';
export { isOpenEndedFund, pricePoints, summaryKey, summaryValue, type PricePoint, type SummaryKey } from './queries.ts';
export { readSnapshot, type SnapshotInput, type SnapshotResult } from './read.ts';
export {
  dueFiles,
  filesOfCadence,
  inMarketHours,
  marketState,
  nextRequestAt,
  nextWake,
  RATE_LIMIT,
  refreshInterval,
  scheduleRequests,
  trackedFiles,
  type MarketPhase,
  type MarketState,
  type TrackedFile,
} from './refresh-policy.ts';
export { outputSchema } from './schemas.ts';
export { factsOf, implausible, MANY_ROWS, newerDay, type Facts } from './plausible.ts';
export { keptAside, parseJsonText, validateMarketFile, validateSnapshot, type Validation } from './validate.ts';
export { layoutFiles, snapshotFiles, unwritten } from './write.ts';
