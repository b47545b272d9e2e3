// A whole snapshot from its files, in either layout: every file read and checked through its
// adapter, required files enforced, optional ones reported and skipped, missing parts derived
// where that is exact. The result is the model both layouts are written from.

import { type Problem, Tally } from '../problems.ts';
import { ADAPTERS, type AdapterValue, type FileAdapter } from './adapters/index.ts';
import { type At } from './codec.ts';
import { NAIVE_ZONE, parseTimestamp } from './clock.ts';
import { deriveLatestDividends, deriveLtpHistory, deriveTopStocks } from './derive.ts';
import { ENDPOINT_OF, ENDPOINTS, type FileKind, LTP_MONTH_PATTERN, ltpMonthPath } from './endpoints.ts';
import type { About, Dividends, Layout, LtpMonth, MarketSnapshot } from './types/index.ts';

export interface SnapshotInput {
  layout: Layout;
  /** parsed JSON by path below data/ */
  files: ReadonlyMap<string, unknown>;
  /** files that exist but could not be read or parsed: path → the problem (fatal, required or not) */
  unreadable?: ReadonlyMap<string, Problem>;
  /** names the source in about.json (folder or URL) */
  label: string;
  /** the name problems give a path (default: the path itself) */
  name?: (path: string) => string;
}

export interface SnapshotResult {
  /** undefined when there are problems */
  snapshot?: MarketSnapshot;
  /** fatal: a required file missing or invalid */
  problems: Problem[];
  /** optional files missing or invalid: reported, and left out */
  skipped: Problem[];
  /** recoverable oddities of the real files, counted */
  oddities: Tally;
  /** parts made from other files, one line each */
  derived: string[];
  /** the path each part was read from */
  readFrom: Map<FileKind, string>;
}

const MAX_PROBLEMS_PER_FILE = 20;

type Parts = Map<FileKind, unknown>;
type ReadOne = <K extends FileKind>(kind: K, path: string) => AdapterValue<K> | undefined;

export function readSnapshot(input: SnapshotInput): SnapshotResult {
  const result: SnapshotResult = { problems: [], skipped: [], oddities: new Tally(), derived: [], readFrom: new Map() };
  const readOne = fileReader(input, result);
  const parts = readParts(input, result, readOne);
  const months = input.layout === 'a' ? readMonths(input, result, readOne, parts.get('ltpManifest') as AdapterValue<'ltpManifest'> | undefined) : [];
  if (result.problems.length) return result;
  const get = <K extends FileKind>(k: K) => (parts.get(k) as AdapterValue<K> | undefined) ?? null;
  const status = get('status')!;

  const snapshot: MarketSnapshot = {
    about: get('about') ?? defaultAbout(input, status.lastChecked),
    stocks: get('stocks')!,
    status,
    indices: get('indices')!,
    summary: get('summary')!,
    sectorIndices: get('sectorIndices'),
    topStocks: get('topStocks'),
    summaryHistory: get('summaryHistory'),
    supplyDemand: get('supplyDemand'),
    ltp: null,
    notices: get('notices'),
    disclosures: get('disclosures'),
    messages: get('messages'),
    brokers: get('brokers'),
    securities: get('securities'),
    sectorCodes: get('sectorCodes'),
    profiles: get('profiles'),
    financials: get('financials'),
    companyMeta: get('companyMeta'),
    fieldDescriptions: get('fieldDescriptions'),
    ipoUpcoming: get('ipoUpcoming'),
    ipoOld: get('ipoOld'),
    dividends: null,
    mutualFunds: get('mutualFunds'),
  };
  snapshot.ltp = priceHistory(snapshot, months, get('ltpManifest'), result.derived);
  if (!snapshot.topStocks) {
    snapshot.topStocks = deriveTopStocks(snapshot.stocks, snapshot.securities);
    result.derived.push('top stocks: ranked from the stock rows');
  }

  snapshot.dividends = completeDividends(
    {
      scrapedAt: get('dividendHistory')?.scrapedAt ?? null,
      history: get('dividendHistory')?.history ?? get('dividendAllYears'),
      latest: get('dividendHistory')?.latest ?? get('dividendLatest'),
      meta: get('dividendMeta'),
    },
    result.derived,
  );
  return { ...result, snapshot };
}

/** Reads one file through its adapter; its problems go to the result (fatal for a required file, skipped for an optional one). */
function fileReader(input: SnapshotInput, result: SnapshotResult): ReadOne {
  const name = input.name ?? ((p: string) => p);
  return <K extends FileKind>(kind: K, path: string): AdapterValue<K> | undefined => {
    const e = ENDPOINT_OF[kind];
    const sink = e.required ? result.problems : result.skipped;
    // A file that is there but cannot be read (truncated, not JSON, a folder, a link out of the
    // source) is fatal even when optional: skipping it would drop the file the last build had.
    const broken = input.unreadable?.get(path);
    if (broken) {
      result.problems.push(e.required ? broken : { ...broken, message: `${broken.message} (optional file, present but unreadable)` });
      return undefined;
    }
    const at: At = { file: name(path), key: kind === 'ltpMonth' ? 'ltp/monthly/*.json' : path, path: '', problems: [], oddities: result.oddities };
    const value = (ADAPTERS[kind] as FileAdapter<AdapterValue<K>>).read(input.files.get(path), at);
    if (value !== undefined && !at.problems.length) return value;
    const found = at.problems.length ? at.problems : [{ file: name(path), message: 'invalid' }];
    sink.push(...found.slice(0, MAX_PROBLEMS_PER_FILE));
    if (found.length > MAX_PROBLEMS_PER_FILE) sink.push({ file: name(path), message: `… and ${found.length - MAX_PROBLEMS_PER_FILE} more problems` });
    if (!e.required) sink.push({ file: name(path), message: 'invalid optional file: skipped' });
    return undefined;
  };
}

/** Every file of the layout but the monthly price history: the first of its paths there, by kind. */
function readParts(input: SnapshotInput, result: SnapshotResult, readOne: ReadOne): Parts {
  const { layout, files } = input;
  const name = input.name ?? ((p: string) => p);
  const parts: Parts = new Map();
  for (const e of ENDPOINTS) {
    if (e.kind === 'ltpMonth' || !e[layout].length) continue;
    const paths = e[layout];
    const path = paths.find((p) => files.has(p) || input.unreadable?.has(p));
    if (path === undefined) {
      if (e.required) result.problems.push({ file: name(paths[0]!), message: `missing: a layout ${layout.toUpperCase()} snapshot needs this file` });
      else if (e.contract) result.skipped.push({ file: name(paths[0]!), message: 'missing (optional file: skipped)' });
      continue;
    }
    for (const other of paths) if (other !== path && files.has(other)) result.oddities.add(`${other}: also present, not read (${path} was)`);
    const value = readOne(e.kind, path);
    if (value !== undefined) {
      parts.set(e.kind, value);
      result.readFrom.set(e.kind, path);
    }
  }
  return parts;
}

/** Monthly price history: every month file present; the manifest says which should be. */
function readMonths(input: SnapshotInput, result: SnapshotResult, readOne: ReadOne, manifest: AdapterValue<'ltpManifest'> | undefined): LtpMonth[] {
  const { files } = input;
  const name = input.name ?? ((p: string) => p);
  const months: LtpMonth[] = [];
  for (const path of [...files.keys(), ...(input.unreadable?.keys() ?? [])].sort()) {
    const m = LTP_MONTH_PATTERN.exec(path);
    if (!m) continue;
    const month = readOne('ltpMonth', path);
    if (!month) continue;
    if (month.month !== m[1]) {
      result.skipped.push({ file: name(path), path: 'month', message: `says "${month.month}", the file name ${m[1]}: skipped` });
      continue;
    }
    months.push(month);
  }
  if (manifest) {
    const have = new Set(months.map((m) => m.month));
    const listed = new Set(manifest.availableMonths);
    const missing = manifest.availableMonths.filter((m) => !have.has(m));
    if (missing.length) {
      const shown = missing.length > 6 ? `${missing.slice(0, 3).join(', ')} … ${missing.slice(-2).join(', ')}` : missing.join(', ');
      result.skipped.push({
        file: name(ltpMonthPath('YYYY-MM')),
        message: `${missing.length} of the ${listed.size} months listed in ${name('ltp/manifest.json')} are missing (${shown}): the manifest lists only the months there are`,
      });
    }
    for (const m of months) if (!listed.has(m.month)) result.oddities.add(`${ltpMonthPath(m.month)}: not listed in the manifest (listed now)`);
  } else if (months.length) {
    result.skipped.push({
      file: name('ltp/manifest.json'),
      message: `missing or invalid, but ${months.length} monthly files are there: a manifest is made for them`,
    });
  }
  return months;
}

/** Price history: as published (months ascending, the manifest listing exactly those), or derived. */
function priceHistory(snapshot: MarketSnapshot, months: LtpMonth[], manifest: AdapterValue<'ltpManifest'> | null, derived: string[]): MarketSnapshot['ltp'] {
  months.sort((x, y) => (x.month < y.month ? -1 : 1));
  if (manifest || months.length) {
    const last = months.at(-1)?.dates.at(-1) ?? null;
    const m = manifest
      ? { ...manifest, availableMonths: months.map((x) => x.month) }
      : { version: 1, latestDate: last, latestStatus: null, finalizedThrough: null, availableMonths: months.map((x) => x.month), retention: null, extra: {} };
    // The manifest may only point at days there are files for.
    if (m.latestDate !== last) {
      derived.push(`ltp/manifest.json: latestDate ${m.latestDate ?? 'null'} is not in the months there are; set to ${last ?? 'null'}`);
      m.latestDate = last;
    }
    if (m.finalizedThrough !== null && (last === null || m.finalizedThrough > last)) m.finalizedThrough = last;
    return { manifest: m, months };
  }
  const ltp = deriveLtpHistory(snapshot.stocks, snapshot.status, snapshot.summaryHistory);
  if (ltp)
    derived.push(
      `ltp/manifest.json, ${ltpMonthPath(ltp.months[0]!.month)}: the source has no price history; one day (${ltp.manifest.latestDate}, ${ltp.manifest.latestStatus}) made from the stock rows`,
    );
  return ltp ?? null;
}

function defaultAbout(input: SnapshotInput, lastChecked: string): About {
  const t = parseTimestamp(lastChecked, NAIVE_ZONE['status.lastChecked']!);
  return {
    sample: false,
    source: input.label,
    sourceLayout: input.layout,
    generatedAt: t ? new Date(t.epochMs).toISOString().replace(/\.\d{3}Z$/, 'Z') : '',
    notes: ['Mirrored by Khoj data-build from a real snapshot: the data is scraped from the exchange by a public project; its rights are unclear.'],
  };
}

/** Fills what one layout lacks and the other has a name for: scrape time, latest year, counts. */
export function completeDividends(d: Dividends, derived: string[]): Dividends | null {
  if (!d.history && !d.latest && !d.meta) return null;
  const all = [...(d.history ?? []), ...(d.latest ?? [])];
  if (d.scrapedAt === null)
    d.scrapedAt =
      all
        .map((r) => r.scrapedAt)
        .filter((t): t is string => t !== null)
        .sort()
        .at(-1) ?? null;
  for (const r of all) r.scrapedAt ??= d.scrapedAt;
  if (!d.history && d.latest) {
    d.history = d.latest.map((r) => ({ ...r, extra: { ...r.extra } }));
    derived.push('dividends of all years: only the latest year is published; all-years file made from it');
  }
  if (d.history && !d.latest) {
    d.latest = deriveLatestDividends(d.history, d.scrapedAt);
    derived.push(
      `dividends of the last year: ${d.latest.length} records announced within 365 days of ${d.scrapedAt?.slice(0, 10) ?? 'the newest announcement'}`,
    );
  }
  if (d.meta) {
    d.meta.latestCount ??= d.latest?.length ?? null;
    d.meta.historyCount ??= d.meta.recordCount ?? d.history?.length ?? null;
    d.meta.recordCount ??= d.meta.historyCount;
  }
  return d;
}
