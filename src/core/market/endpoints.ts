// The file tables of both layouts: every endpoint, where it lives in each layout (all paths are
// below `{base_url}/data/`), whether a snapshot needs it, and how often it changes upstream.

import { type SeriesKind, seriesKindOfPath } from './series-paths.ts';
import type { Layout } from './types/index.ts';

export type FileKind =
  | 'stocks'
  | 'status'
  | 'indices'
  | 'sectorIndices'
  | 'topStocks'
  | 'summary'
  | 'summaryHistory'
  | 'supplyDemand'
  | 'ltpManifest'
  | 'ltpMonth'
  | 'notices'
  | 'disclosures'
  | 'messages'
  | 'brokers'
  | 'securities'
  | 'sectorCodes'
  | 'profiles'
  | 'financials'
  | 'companyMeta'
  | 'fieldDescriptions'
  | 'ipoUpcoming'
  | 'ipoOld'
  | 'dividendHistory'
  | 'dividendLatest'
  | 'dividendAllYears'
  | 'dividendMeta'
  | 'mutualFunds'
  | 'about'
  | SeriesKind;

/**
 * How often upstream changes a file (the contract's "Refresh" column):
 * live = every 30 min in market hours; daily; weekly; rare = about every 60 days; manual.
 */
export type Cadence = 'live' | 'daily' | 'weekly' | 'rare' | 'manual';

export interface Endpoint {
  kind: FileKind;
  /** paths below data/ in layout A and B (first: the contract's; then the real names); [] = not in that layout */
  a: string[];
  b: string[];
  /** a snapshot without it is not a snapshot: the build fails */
  required: boolean;
  cadence: Cadence;
  /** listed in the contract's endpoint tables (false: real extra files, and our about.json) */
  contract: boolean;
  title: string;
  /** the path the real upstream publishes, where it is not the contract's (a client fetches this one: it is in both) */
  upstream?: Partial<Record<Layout, string>>;
}

export const LTP_MONTH_PATTERN = /^ltp\/monthly\/(\d{4}-\d{2})\.json$/;
export const ltpMonthPath = (month: string): string => `ltp/monthly/${month}.json`;

export const ENDPOINTS: readonly Endpoint[] = [
  {
    kind: 'stocks',
    a: ['exchange_data.json', 'nepse_data.json', 'market/live.json'],
    b: ['exchange_data.json', 'nepse_data.json'],
    required: true,
    cadence: 'live',
    contract: true,
    title: 'Stock rows: every active security',
    upstream: { a: 'nepse_data.json', b: 'nepse_data.json' },
  },
  { kind: 'status', a: ['market/status.json'], b: ['market_status.json'], required: true, cadence: 'live', contract: true, title: 'Market status' },
  { kind: 'indices', a: ['market/indices.json'], b: ['indices.json'], required: true, cadence: 'live', contract: true, title: 'Main indices' },
  { kind: 'summary', a: ['market/summary.json'], b: ['market_summary.json'], required: true, cadence: 'live', contract: true, title: 'Market summary' },
  {
    kind: 'sectorIndices',
    a: ['market/sector_indices.json'],
    b: ['sector_indices.json'],
    required: false,
    cadence: 'live',
    contract: true,
    title: 'Sector index definitions',
  },
  {
    kind: 'topStocks',
    a: ['market/top_stocks.json'],
    b: ['top_stocks.json'],
    required: false,
    cadence: 'live',
    contract: true,
    title: 'Top stocks (full-market rankings)',
  },
  {
    kind: 'summaryHistory',
    a: ['market/history.json'],
    b: ['market_summary_history.json'],
    required: false,
    cadence: 'live',
    contract: true,
    title: 'Daily market summary history',
  },
  {
    kind: 'supplyDemand',
    a: ['market/supply_demand.json'],
    b: ['supply_demand.json'],
    required: false,
    cadence: 'live',
    contract: true,
    title: 'Supply and demand',
  },
  { kind: 'ltpManifest', a: ['ltp/manifest.json'], b: [], required: false, cadence: 'live', contract: true, title: 'Price history manifest' },
  { kind: 'ltpMonth', a: ['ltp/monthly/{month}.json'], b: [], required: false, cadence: 'live', contract: true, title: 'Monthly price history' },
  { kind: 'notices', a: ['notify/notices.json'], b: ['notices.json'], required: false, cadence: 'live', contract: true, title: 'Notices' },
  {
    kind: 'disclosures',
    a: ['notify/disclosures.json'],
    b: ['disclosures.json'],
    required: false,
    cadence: 'live',
    contract: true,
    title: 'Company disclosures',
  },
  {
    kind: 'messages',
    a: ['notify/exchange_messages.json'],
    b: ['exchange_messages.json'],
    required: false,
    cadence: 'live',
    contract: true,
    title: 'Exchange messages',
  },
  { kind: 'brokers', a: ['other/brokers.json'], b: ['brokers.json'], required: false, cadence: 'rare', contract: true, title: 'Brokers' },
  { kind: 'securities', a: ['other/securities.json'], b: ['all_securities.json'], required: false, cadence: 'rare', contract: true, title: 'Securities' },
  {
    kind: 'sectorCodes',
    a: ['other/sector_codes.json'],
    b: ['exchange_sector_wise_codes.json', 'nepse_sector_wise_codes.json'],
    required: false,
    cadence: 'weekly',
    contract: true,
    title: 'Sector codes',
    upstream: { b: 'nepse_sector_wise_codes.json' },
  },
  { kind: 'profiles', a: ['company/profiles.json'], b: [], required: false, cadence: 'manual', contract: true, title: 'Company profiles (columns and rows)' },
  { kind: 'financials', a: ['company/financials.json'], b: [], required: false, cadence: 'manual', contract: true, title: 'Company financials' },
  { kind: 'companyMeta', a: ['company/metadata.json'], b: [], required: false, cadence: 'manual', contract: true, title: 'Company dataset metadata' },
  {
    kind: 'fieldDescriptions',
    a: ['company/field_descriptions.json'],
    b: [],
    required: false,
    cadence: 'manual',
    contract: true,
    title: 'Financial field descriptions',
  },
  { kind: 'ipoUpcoming', a: ['ipo/upcoming.json'], b: ['upcoming_ipo.json'], required: false, cadence: 'daily', contract: true, title: 'Upcoming IPOs' },
  { kind: 'ipoOld', a: ['ipo/old.json'], b: ['oldipo.json'], required: false, cadence: 'daily', contract: true, title: 'Past IPOs' },
  { kind: 'dividendHistory', a: ['dividend/history.json'], b: [], required: false, cadence: 'daily', contract: true, title: 'Dividend history (columnar)' },
  {
    kind: 'dividendLatest',
    a: [],
    b: ['proposed_dividend/latest_1y.json'],
    required: false,
    cadence: 'daily',
    contract: true,
    title: 'Dividends of the last year',
  },
  {
    kind: 'dividendAllYears',
    a: [],
    b: ['proposed_dividend/history_all_years.json'],
    required: false,
    cadence: 'daily',
    contract: true,
    title: 'Dividends of all years',
  },
  {
    kind: 'dividendMeta',
    a: ['dividend/meta.json'],
    b: ['proposed_dividend/meta.json'],
    required: false,
    cadence: 'daily',
    contract: true,
    title: 'Dividend run metadata',
  },
  {
    kind: 'mutualFunds',
    a: ['market/omf.json'],
    b: ['OMF.json'],
    required: false,
    cadence: 'daily',
    contract: false,
    title: 'Open-ended mutual fund NAVs (real extra file)',
  },
  {
    kind: 'about',
    a: ['about.json'],
    b: ['about.json'],
    required: false,
    cadence: 'daily',
    contract: false,
    title: 'About this snapshot (Khoj): sample or mirror, source, notes',
  },
];

/**
 * Layout A's series files beyond the contract (src/core/market/series-files.ts): mirrored as
 * published, refreshed on the upstream's cadence, kept apart from ENDPOINTS (the files every
 * snapshot and both layouts are built from). `{month}`/`{date}` are the current ones when tracked.
 */
export const SERIES_ENDPOINTS: readonly Endpoint[] = [
  { kind: 'indexManifest', a: ['indices/manifest.json'], b: [], required: false, cadence: 'live', contract: false, title: 'Index history manifest' },
  {
    kind: 'indexMonth',
    a: ['indices/monthly/{month}.json'],
    b: [],
    required: false,
    cadence: 'live',
    contract: false,
    title: 'Index history: one month, every index',
  },
  { kind: 'ltpDay', a: ['ltp/daily/{date}.json'], b: [], required: false, cadence: 'live', contract: false, title: 'Intraday prices of one day' },
  { kind: 'floorManifest', a: ['floor_sheet/manifest.json'], b: [], required: false, cadence: 'daily', contract: false, title: 'Floor sheet manifest' },
  { kind: 'floorDay', a: ['floor_sheet/daily/{date}.json'], b: [], required: false, cadence: 'daily', contract: false, title: 'Floor sheet of one day' },
  {
    kind: 'floorLookup',
    a: ['floor_sheet/lookups/stocks.json', 'floor_sheet/lookups/brokers.json'],
    b: [],
    required: false,
    cadence: 'weekly',
    contract: false,
    title: 'Floor sheet look-ups (two files: stock ids, broker ids; not the same data under two names)',
  },
];

/** The index history's manifest (index-history.ts), here so that the start-up bundle's early reads (app/market/early.ts) name it without that module. */
export const INDEX_MANIFEST_PATH = 'indices/manifest.json';

export const ENDPOINT_OF: Readonly<Record<FileKind, Endpoint>> = Object.fromEntries([...ENDPOINTS, ...SERIES_ENDPOINTS].map((e) => [e.kind, e])) as Record<
  FileKind,
  Endpoint
>;
/** Whether `v` names a market file kind (a read worker's ask, say). */
export const isFileKind = (v: unknown): v is FileKind => typeof v === 'string' && Object.hasOwn(ENDPOINT_OF, v);

/** The endpoint a path below data/ belongs to, in a layout (or in either). */
export function kindOfPath(path: string, layout?: Layout): { kind: FileKind; layout: Layout; month?: string } | undefined {
  const rel = path.replace(/^\/+/, '').replace(/^data\//, '');
  const m = LTP_MONTH_PATTERN.exec(rel);
  if (m && layout !== 'b') return { kind: 'ltpMonth', layout: 'a', month: m[1]! };
  const series = layout !== 'b' ? seriesKindOfPath(rel) : undefined;
  if (series) return { kind: series.kind, layout: 'a' };
  for (const l of layout ? [layout] : (['a', 'b'] as const)) {
    const e = ENDPOINTS.find((x) => x.kind !== 'ltpMonth' && x[l].includes(rel));
    if (e) return { kind: e.kind, layout: l };
  }
  return undefined;
}

/** The status file of each layout: what detection looks for. */
export const STATUS_PATH: Readonly<Record<Layout, string>> = { a: 'market/status.json', b: 'market_status.json' };

/** Which layout a set of paths (below data/) is in, from the files only one layout has. */
export function detectLayout(paths: Iterable<string>): Layout | undefined {
  const set = new Set([...paths].map((p) => p.replace(/^data\//, '')));
  const score = (l: Layout) => ENDPOINTS.filter((e) => e[l].some((p) => set.has(p) && !e[l === 'a' ? 'b' : 'a'].includes(p))).length;
  const a = score('a') + [...set].filter((p) => LTP_MONTH_PATTERN.test(p)).length;
  const b = score('b');
  return a === b ? undefined : a > b ? 'a' : 'b';
}
