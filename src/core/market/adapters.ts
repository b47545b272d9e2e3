// File adapters: one per endpoint kind, reading any real or contract shape of the file into the
// model (checking its shape on the way, naming file, record and field), and writing the model back
// as each layout publishes it. The JSON Schema of each layout's file is built in schemas.ts.

import type { Problem } from '../problems.ts';
import { type At, atPath, type Codec, describeValue, hasOwn, isObject, oddity, problem, readList } from './codec.ts';
import type { FileKind } from './files.ts';
import {
  brokerCodec,
  companyMetaCodec,
  dailySummaryCodec,
  disclosureCodec,
  dividendCodec,
  dividendMetaCodec,
  fundNavCodec,
  financialsCodec,
  indexCodec,
  ipoCodec,
  ltpManifestCodec,
  messageCodec,
  noticeCodec,
  orderRowCodec,
  profileCodec,
  sectorCodeCodec,
  sectorIndexCodec,
  securityCodec,
  statusCodec,
  stockRowCodec,
  SUMMARY_COLUMNS,
  summaryCodec,
  topMoverCodec,
  topTradeCodec,
  topTransactionCodec,
  topTurnoverCodec,
} from './records.ts';
import type {
  About,
  DailySummary,
  Disclosure,
  DividendRecord,
  Dividends,
  DocumentRef,
  ExchangeMessage,
  Extra,
  Layout,
  LtpManifest,
  LtpMonth,
  MutualFunds,
  Notices,
  SectorCodes,
  StockRow,
  SupplyDemand,
  TopStocks,
} from './types.ts';

type Obj = Record<string, unknown>;

export interface FileAdapter<T> {
  kind: FileKind;
  read(value: unknown, at: At): T | undefined;
  write(part: T, layout: Layout): unknown;
}

function listAdapter<T>(kind: FileKind, c: Codec<T>, after?: (rows: T[], at: At) => void): FileAdapter<T[]> {
  return {
    kind,
    read(value, at) {
      const rows = readList(c, value, at);
      if (rows) after?.(rows, at);
      return rows;
    },
    write: (rows, layout) => rows.map((r) => c.write(r, layout)),
  };
}

function recordAdapter<T>(kind: FileKind, c: Codec<T>): FileAdapter<T> {
  return { kind, read: (value, at) => c.read(value, at), write: (r, layout) => c.write(r, layout) };
}

// --- stock rows: market_cap units ---------------------------------------------------------------

export const FUND = 'open_ended_mutual_fund';
const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/**
 * `market_cap` is in millions of NPR upstream (fund rows: the fund size in NPR); the contract says
 * crores. Our files carry `market_cap` in crores and `market_cap_npr`; a row with
 * `market_cap_npr` is ours and is read from it.
 */
function readStockRow(raw: unknown, at: At): StockRow | undefined {
  if (!isObject(raw) || !hasOwn(raw, 'market_cap')) return stockRowCodec.read(raw, at);
  const { market_cap: cap, ...rest } = raw;
  // Ours: market_cap_npr is the exact value; market_cap (crores) is derived from it.
  if (hasOwn(raw, 'market_cap_npr')) return stockRowCodec.read(rest, at);
  if (cap !== null && (typeof cap !== 'number' || !Number.isFinite(cap))) {
    problem(atPath(at, 'market_cap'), `expected a number, found ${describeValue(cap)}`);
    return undefined;
  }
  const fund = raw.asset_type === FUND;
  const npr = cap === null ? null : fund ? cap : round(cap * 1e6, 2);
  if (cap !== null) oddity(at, fund ? 'market_cap of fund rows in NPR (the fund size)' : 'market_cap in millions of NPR (the contract says crores): converted');
  return stockRowCodec.read({ ...rest, market_cap_npr: npr }, at);
}

export function writeStockRow(r: StockRow, layout: Layout): Obj {
  const o = stockRowCodec.write(r, layout);
  const out: Obj = {};
  for (const [k, v] of Object.entries(o)) {
    if (k === 'market_cap_npr') out.market_cap = r.marketCapNpr === null ? null : round(r.marketCapNpr / 1e7, 2);
    out[k] = v;
  }
  return out;
}

const stocks: FileAdapter<StockRow[]> = {
  kind: 'stocks',
  read(value, at) {
    if (!Array.isArray(value)) {
      problem(at, `expected an array of stock rows, found ${describeValue(value)}`);
      return undefined;
    }
    const before = at.problems.length;
    const rows: StockRow[] = [];
    value.forEach((raw, index) => {
      const word = isObject(raw) && typeof raw.symbol === 'string' ? raw.symbol : undefined;
      const r = readStockRow(raw, { ...at, record: word === undefined ? { index } : { index, word } });
      if (r) rows.push(r);
    });
    if (at.problems.length > before) return undefined;
    const seen = new Set<string>();
    for (const r of rows) {
      if (seen.has(r.symbol)) oddity(at, 'duplicate symbols');
      seen.add(r.symbol);
      if (r.assetType === FUND) oddity(at, 'open-ended mutual fund rows (ltp = NAV, previous_close = last week\'s NAV, no high/low/volume/turnover/trades)');
      else if (r.volume === null) oddity(at, 'rows without volume/turnover/trades');
      if (r.ltp === null) oddity(at, 'rows with ltp null');
      else if (r.ltp === 0) oddity(at, 'rows with ltp 0 (nothing traded)');
      if (r.marketCapNpr === null) oddity(at, 'rows with market_cap null');
      if (r.symbol.includes('/')) oddity(at, 'symbols containing "/"');
      if (r.lastUpdated !== null && /^\d{4}-\d{2}-\d{2}$/.test(r.lastUpdated)) oddity(at, 'last_updated holding a date alone (fund NAV dates)');
    }
    return rows;
  },
  write: (rows, layout) => rows.map((r) => writeStockRow(r, layout)),
};

// --- market ---------------------------------------------------------------------------------------

export const TOP_KEYS = [
  ['topGainer', 'top_gainer', topMoverCodec],
  ['topLoser', 'top_loser', topMoverCodec],
  ['topTurnover', 'top_turnover', topTurnoverCodec],
  ['topTrade', 'top_trade', topTradeCodec],
  ['topTransaction', 'top_transaction', topTransactionCodec],
] as const;

const topStocks: FileAdapter<TopStocks> = {
  kind: 'topStocks',
  read(value, at) {
    if (!isObject(value)) {
      problem(at, `expected an object with top_gainer, top_loser, top_turnover, top_trade and top_transaction, found ${describeValue(value)}`);
      return undefined;
    }
    const out: Obj = {};
    let ok = true;
    const extra: Extra = { ...value };
    for (const [key, name, c] of TOP_KEYS) {
      delete extra[name];
      if (!hasOwn(value, name)) {
        oddity(at, `no ${name} list (read as empty)`);
        out[key] = [];
        continue;
      }
      const rows = readList(c as Codec<unknown>, value[name], atPath(at, name));
      if (!rows) ok = false;
      out[key] = rows ?? [];
    }
    out.extra = extra;
    return ok ? (out as unknown as TopStocks) : undefined;
  },
  write(t, layout) {
    const o: Obj = {};
    for (const [key, name, c] of TOP_KEYS) o[name] = (t[key] as unknown[]).map((r) => (c as Codec<unknown>).write(r, layout));
    return { ...o, ...withoutKeys(t.extra, Object.keys(o)) };
  },
};

const withoutKeys = (o: Extra, keys: string[]): Extra => Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)));

function rowsToObjects(value: Obj, at: At, rowsKey = 'rows'): Obj[] | undefined {
  const columns = value.columns;
  const rows = value[rowsKey];
  if (!Array.isArray(columns) || !columns.every((c) => typeof c === 'string')) {
    problem(atPath(at, 'columns'), `expected an array of column names, found ${describeValue(columns)}`);
    return undefined;
  }
  if (!Array.isArray(rows)) {
    problem(atPath(at, rowsKey), `expected an array of rows, found ${describeValue(rows)}`);
    return undefined;
  }
  const out: Obj[] = [];
  let ok = true;
  rows.forEach((row, i) => {
    if (!Array.isArray(row) || row.length > columns.length) {
      problem(atPath(atPath(at, rowsKey), i), `expected an array of at most ${columns.length} values (one per column), found ${Array.isArray(row) ? `${row.length} values` : describeValue(row)}`);
      ok = false;
      return;
    }
    const o: Obj = {};
    columns.forEach((c, j) => {
      if (j < row.length) o[c as string] = row[j];
    });
    out.push(o);
  });
  return ok ? out : undefined;
}

const summaryHistory: FileAdapter<DailySummary[]> = {
  kind: 'summaryHistory',
  read(value, at) {
    let objects: unknown;
    if (Array.isArray(value)) {
      objects = value;
      if (at.file.includes('market/history')) oddity(at, 'an array of daily objects, not the contract\'s {columns, rows}');
    } else if (isObject(value) && hasOwn(value, 'columns')) {
      objects = rowsToObjects(value, at);
      if (!objects) return undefined;
    } else {
      problem(at, `expected an array of daily summaries or {columns, rows}, found ${describeValue(value)}`);
      return undefined;
    }
    const rows = readList(dailySummaryCodec, objects, at);
    if (!rows) return undefined;
    const out: DailySummary[] = rows.map(({ extra, ...r }) => {
      if (extra && Object.keys(extra).length) oddity(at, `fields not in the contract, dropped: ${Object.keys(extra).join(', ')}`);
      return r;
    });
    const sorted = [...out].sort((x, y) => (x.businessDate < y.businessDate ? 1 : x.businessDate > y.businessDate ? -1 : 0));
    if (sorted.some((r, i) => r !== out[i])) oddity(at, 'days not newest first (sorted)');
    return sorted;
  },
  write(rows, layout) {
    const objects = rows.map((r) => dailySummaryCodec.write({ ...r, extra: {} }, layout));
    if (layout === 'b') return objects;
    return { columns: [...SUMMARY_COLUMNS], rows: objects.map((o) => SUMMARY_COLUMNS.map((c) => o[c] ?? null)) };
  },
};

const supplyDemand: FileAdapter<SupplyDemand> = {
  kind: 'supplyDemand',
  read(value, at) {
    if (!isObject(value)) {
      problem(at, `expected an object with supplyList and demandList, found ${describeValue(value)}`);
      return undefined;
    }
    const lists: Obj = {};
    let ok = true;
    for (const name of ['supplyList', 'demandList']) {
      if (!hasOwn(value, name)) {
        oddity(at, `no ${name} (read as empty)`);
        lists[name] = [];
        continue;
      }
      const rows = readList(orderRowCodec, value[name], atPath(at, name));
      if (!rows) ok = false;
      lists[name] = rows ?? [];
    }
    if (!ok) return undefined;
    return { supplyList: lists.supplyList, demandList: lists.demandList, extra: withoutKeys(value, ['supplyList', 'demandList']) } as SupplyDemand;
  },
  write: (s, layout) => ({ supplyList: s.supplyList.map((r) => orderRowCodec.write(r, layout)), demandList: s.demandList.map((r) => orderRowCodec.write(r, layout)), ...withoutKeys(s.extra, ['supplyList', 'demandList']) }),
};

// --- price history ------------------------------------------------------------------------------------

const ltpManifest: FileAdapter<LtpManifest> = {
  kind: 'ltpManifest',
  read(value, at) {
    if (isObject(value) && hasOwn(value, 'availableDays')) {
      oddity(at, 'availableDays (the ltp/daily files, which are not mirrored) dropped');
      const { availableDays: _days, ...rest } = value;
      value = rest;
    }
    const m = ltpManifestCodec.read(value, at);
    if (!m) return undefined;
    m.availableMonths.forEach((month, i) => {
      if (!/^\d{4}-\d{2}$/.test(month)) problem(atPath(atPath(at, 'availableMonths'), i), `expected a month YYYY-MM, found "${month}"`);
    });
    return at.problems.length ? undefined : m;
  },
  write: (m, layout) => ltpManifestCodec.write(m, layout),
};

export const LTP_COLUMNS = ['dateIndex', 'ltp', 'volume', 'turnover', 'trades'];

export function readLtpMonth(value: unknown, at: At): LtpMonth | undefined {
  if (!isObject(value)) {
    problem(at, `expected a monthly price history object, found ${describeValue(value)}`);
    return undefined;
  }
  const before = at.problems.length;
  const need = (key: string, ok: (v: unknown) => boolean, what: string) => {
    if (!hasOwn(value, key)) problem(at, `missing required field "${key}"`);
    else if (!ok(value[key])) problem(atPath(at, key), `expected ${what}, found ${describeValue(value[key])}`);
  };
  const isStrings = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === 'string');
  need('version', (v) => Number.isInteger(v), 'an integer');
  need('month', (v) => typeof v === 'string' && /^\d{4}-\d{2}$/.test(v), 'a month YYYY-MM');
  need('dates', isStrings, 'an array of dates');
  need('columns', (v) => isStrings(v) && (v as string[])[0] === 'dateIndex', 'an array of column names starting with "dateIndex"');
  need('series', isObject, 'an object of symbol → rows');
  for (const key of ['market', 'currency', 'updatedAt']) if (hasOwn(value, key) && value[key] !== null && typeof value[key] !== 'string') problem(atPath(at, key), `expected a string, found ${describeValue(value[key])}`);
  if (at.problems.length > before) return undefined;
  const month = value.month as string;
  const dates = value.dates as string[];
  const columns = value.columns as string[];
  dates.forEach((d, i) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(d) || !d.startsWith(month)) problem(atPath(atPath(at, 'dates'), i), `expected a date in ${month}, found "${d}"`);
  });
  const series: Record<string, number[][]> = {};
  let short = 0;
  let zeroFill = 0;
  let slash = 0;
  for (const [symbol, rows] of Object.entries(value.series as Obj)) {
    const where = { ...at, record: { index: Object.keys(series).length, word: symbol }, path: 'series' };
    if (!Array.isArray(rows)) {
      problem(where, `expected an array of rows, found ${describeValue(rows)}`);
      continue;
    }
    rows.forEach((row, i) => {
      const w = atPath(where, i);
      if (!Array.isArray(row) || row.length < 2 || row.length > columns.length) {
        problem(w, `expected a row of 2 to ${columns.length} numbers, found ${Array.isArray(row) ? `${row.length} values` : describeValue(row)}`);
        return;
      }
      if (!row.every((x) => typeof x === 'number' && Number.isFinite(x))) {
        problem(w, `expected numbers, found ${JSON.stringify(row)}`);
        return;
      }
      if (!Number.isInteger(row[0]) || row[0] < 0 || row[0] >= dates.length) problem(w, `dateIndex ${row[0]} is outside dates (0–${dates.length - 1})`);
      if (row.length < columns.length) short++;
      if (row.length === columns.length && row[2]! > 0 && row[3] === 0) zeroFill++;
    });
    if (symbol.includes('/')) slash++;
    series[symbol] = rows as number[][];
  }
  if (at.problems.length > before) return undefined;
  // Counted once per month file.
  if (slash) oddity(at, 'months with symbols containing "/"');
  if (short) oddity(at, 'months with sparse rows shorter than columns ([i, ltp] for funds, [i, ltp, volume] in old months)');
  if (zeroFill) oddity(at, 'months with back-filled rows: 0 for unknown turnover and trades');
  const extra = withoutKeys(value, ['version', 'market', 'currency', 'month', 'updatedAt', 'dates', 'columns', 'series']);
  return {
    version: value.version as number,
    market: (value.market as string | undefined) ?? null,
    currency: (value.currency as string | undefined) ?? null,
    month,
    updatedAt: (value.updatedAt as string | undefined) ?? null,
    dates,
    columns,
    series,
    extra,
  };
}

const ltpMonth: FileAdapter<LtpMonth> = {
  kind: 'ltpMonth',
  read: readLtpMonth,
  write: (m) => ({ version: m.version, market: m.market, currency: m.currency, month: m.month, updatedAt: m.updatedAt, dates: m.dates, columns: m.columns, series: m.series, ...withoutKeys(m.extra, ['series']) }),
};

// --- notices, disclosures, messages ---------------------------------------------------------------------

export const DOCUMENT_BASE_URL = 'https://www.nepalstock.com.np/api/nots/security/fetchFiles?fileLocation=';

/** Percent-encodes a document path as the exchange's URLs do (spaces, brackets; `/` kept). */
export function documentUrl(path: string, base = DOCUMENT_BASE_URL): string {
  const enc = path
    .split('/')
    .map((s) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`))
    .join('/');
  return base + enc;
}

export function documentPath(url: string, base = DOCUMENT_BASE_URL): string | undefined {
  if (!url.startsWith(base)) return undefined;
  try {
    return decodeURIComponent(url.slice(base.length));
  } catch {
    return undefined;
  }
}

/** Each of filePath and fileUrl is derived from the other where only one is published. */
function completeLinks<T extends { filePath: string | null; fileUrl: string | null }>(r: T): void {
  if (r.fileUrl === null && r.filePath !== null) r.fileUrl = documentUrl(r.filePath);
  if (r.filePath === null && r.fileUrl !== null) r.filePath = documentPath(r.fileUrl) ?? null;
}

function afterDisclosures(rows: Disclosure[]): void {
  for (const d of rows) d.documents.forEach((doc: DocumentRef) => completeLinks(doc));
}
function afterMessages(rows: ExchangeMessage[]): void {
  for (const m of rows) completeLinks(m);
}

const disclosures = listAdapter('disclosures', disclosureCodec, afterDisclosures);
const messages = listAdapter('messages', messageCodec, afterMessages);

const notices: FileAdapter<Notices> = {
  kind: 'notices',
  read(value, at) {
    if (!isObject(value)) {
      problem(at, `expected an object with a general list and last_updated, found ${describeValue(value)}`);
      return undefined;
    }
    if (!hasOwn(value, 'general')) {
      problem(at, 'missing required field "general"');
      return undefined;
    }
    const general = readList(noticeCodec, value.general, atPath(at, 'general'));
    const company = hasOwn(value, 'company') ? readList(disclosureCodec, value.company, atPath(at, 'company')) : [];
    const exchange = hasOwn(value, 'exchange') ? readList(messageCodec, value.exchange, atPath(at, 'exchange')) : [];
    const lastUpdated = value.last_updated ?? null;
    if (lastUpdated !== null && typeof lastUpdated !== 'string') problem(atPath(at, 'last_updated'), `expected a string, found ${describeValue(lastUpdated)}`);
    if (!general || !company || !exchange || (lastUpdated !== null && typeof lastUpdated !== 'string')) return undefined;
    if (!hasOwn(value, 'company') && !hasOwn(value, 'exchange')) oddity(at, 'only a general list (no company or exchange lists)');
    for (const n of general) if (n.type === null) oddity(at, 'general notices without a notice type');
    afterDisclosures(company);
    afterMessages(exchange);
    return { general, company, exchange, lastUpdated: lastUpdated as string | null, extra: withoutKeys(value, ['general', 'company', 'exchange', 'last_updated']) };
  },
  write(n, layout) {
    const o: Obj = { general: n.general.map((x) => noticeCodec.write(x, layout)) };
    // Layout B's contract lists company and exchange too; layout A writes them only when there are some.
    if (layout === 'b' || n.company.length) o.company = n.company.map((x) => disclosureCodec.write(x, layout));
    if (layout === 'b' || n.exchange.length) o.exchange = n.exchange.map((x) => messageCodec.write(x, layout));
    o.last_updated = n.lastUpdated;
    return { ...o, ...withoutKeys(n.extra, Object.keys(o)) };
  },
};

// --- reference data ----

const brokerList = listAdapter('brokers', brokerCodec);
const brokers: FileAdapter<import('./types.ts').Broker[]> = {
  ...brokerList,
  read(value, at) {
    if (Array.isArray(value) && value.some((b) => isObject(b) && typeof b.provinces === 'string')) oddity(at, 'provinces published as text ("3"), not an array: read as a list');
    const rows = brokerList.read(value, at);
    // An empty memberBranchMappings is what layout B writes when there are none: nothing to keep.
    for (const b of rows ?? []) if (Array.isArray(b.extra.memberBranchMappings) && b.extra.memberBranchMappings.length === 0) delete b.extra.memberBranchMappings;
    return rows;
  },
  write(rows, layout) {
    const out = brokerList.write(rows, layout) as Obj[];
    if (layout === 'b') for (const o of out) o.memberBranchMappings ??= [];
    return out;
  },
};

const sectorCodes: FileAdapter<SectorCodes> = {
  kind: 'sectorCodes',
  read(value, at) {
    if (!isObject(value)) {
      problem(at, `expected an object of sector name → securities, found ${describeValue(value)}`);
      return undefined;
    }
    const out: SectorCodes = {};
    let ok = true;
    for (const [sector, list] of Object.entries(value)) {
      const rows = readList(sectorCodeCodec, list, atPath(at, sector));
      if (!rows) ok = false;
      else out[sector] = rows;
    }
    return ok ? out : undefined;
  },
  write: (s, layout) => Object.fromEntries(Object.entries(s).map(([k, rows]) => [k, rows.map((r) => sectorCodeCodec.write(r, layout))])),
};

const dropNullExtras = <T extends { extra: Extra }>(r: T): T => {
  for (const [k, v] of Object.entries(r.extra)) if (v === null) delete r.extra[k];
  return r;
};

/** Columns of a columnar file: the codec's names, then every other key the records carry. */
function columnsFor<T extends { extra: Extra }>(c: Codec<T>, rows: T[], layout: Layout, first: string[] = []): string[] {
  const cols = [...first];
  for (const f of c.fields) for (const n of f[layout]) if (!cols.includes(n)) cols.push(n);
  for (const r of rows) for (const k of Object.keys(r.extra)) if (!cols.includes(k)) cols.push(k);
  return cols;
}

/** Company profiles: the contract's shared columns plus row arrays; the real file is an array of objects. */
const profiles: FileAdapter<import('./types.ts').CompanyProfile[]> = {
  kind: 'profiles',
  read(value, at) {
    let objects: unknown = value;
    if (isObject(value)) {
      objects = rowsToObjects(value, at);
      if (!objects) return undefined;
    } else if (Array.isArray(value)) oddity(at, 'an array of objects, not the contract\'s columns and rows');
    const rows = readList(profileCodec, objects, at);
    return rows?.map(dropNullExtras);
  },
  write(rows, layout) {
    const columns = columnsFor(profileCodec, rows, layout);
    return { columns, rows: rows.map((r) => { const o = profileCodec.write(r, layout); return columns.map((c) => o[c] ?? null); }) };
  },
};

const fieldDescriptions: FileAdapter<Record<string, unknown>> = {
  kind: 'fieldDescriptions',
  read(value, at) {
    if (!isObject(value)) {
      problem(at, `expected an object, found ${describeValue(value)}`);
      return undefined;
    }
    return value;
  },
  write: (v) => v,
};

// --- dividends ----------------------------------------------------------------------------------------

/** Layout A's columns: the real file's seven, the contract's compact names, then every other field. */
export const DIVIDEND_COLUMNS_A = ['symbol', 'bonus', 'cash', 'total', 'announce', 'bookclose', 'fiscalYear', 'fiscal_year', 'total_dividend', 'announcement_date'];

function readDividendColumns(value: Obj, key: string, symbols: string[], at: At): DividendRecord[] | undefined {
  const objects = rowsToObjects(value, at, key);
  if (!objects) return undefined;
  let ok = true;
  objects.forEach((o, i) => {
    const s = o.symbol;
    if (typeof s === 'number') {
      if (!Number.isInteger(s) || s < 0 || s >= symbols.length) {
        problem(atPath(atPath(at, key), i), `symbol index ${s} is outside symbols (0–${symbols.length - 1})`);
        ok = false;
      } else o.symbol = symbols[s];
    }
  });
  if (!ok) return undefined;
  return readList(dividendCodec, objects, atPath(at, key))?.map(dropNullExtras);
}

const dividendHistory: FileAdapter<Omit<Dividends, 'meta'>> = {
  kind: 'dividendHistory',
  read(value, at) {
    if (Array.isArray(value)) {
      oddity(at, 'an array of compact records, not the columnar object');
      const history = readList(dividendCodec, value, at)?.map(dropNullExtras);
      return history && { scrapedAt: null, history, latest: null };
    }
    if (!isObject(value)) {
      problem(at, `expected the columnar dividend object or an array of records, found ${describeValue(value)}`);
      return undefined;
    }
    const symbols = value.symbols ?? [];
    if (!Array.isArray(symbols) || !symbols.every((s) => typeof s === 'string')) {
      problem(atPath(at, 'symbols'), `expected an array of symbols, found ${describeValue(symbols)}`);
      return undefined;
    }
    if (value.scraped_at !== undefined && value.scraped_at !== null && typeof value.scraped_at !== 'string') {
      problem(atPath(at, 'scraped_at'), `expected a string, found ${describeValue(value.scraped_at)}`);
      return undefined;
    }
    const history = readDividendColumns(value, 'records', symbols, at);
    const latest = hasOwn(value, 'latest_records') ? readDividendColumns(value, 'latest_records', symbols, at) : null;
    if (!history || latest === undefined) return undefined;
    const seen = new Set<string>();
    for (const r of history) {
      const key = JSON.stringify([r.symbol, r.fiscalYear, r.bonus, r.cash, r.announcementDate, r.bookcloseDate]);
      if (seen.has(key)) oddity(at, 'duplicate records (kept)');
      seen.add(key);
    }
    return { scrapedAt: (value.scraped_at as string | undefined) ?? null, history, latest };
  },
  write(d) {
    const all = [...(d.history ?? []), ...(d.latest ?? [])];
    const symbols = [...new Set(all.map((r) => r.symbol))].sort();
    const index = new Map(symbols.map((s, i) => [s, i]));
    const aliasOf: Record<string, string> = { bonus: 'bonus_share', cash: 'cash_dividend', total: 'total_dividend', announce: 'announcement_date', bookclose: 'bookclose_date', fiscalYear: 'fiscal_year' };
    const covered = new Set(DIVIDEND_COLUMNS_A.map((c) => aliasOf[c] ?? c));
    const columns = [...DIVIDEND_COLUMNS_A, ...columnsFor(dividendCodec, all, 'a').filter((c) => !covered.has(c))];
    const row = (r: DividendRecord) => {
      const o = dividendCodec.write(r, 'a');
      return columns.map((c) => (c === 'symbol' ? index.get(r.symbol)! : (o[aliasOf[c] ?? c] ?? null)));
    };
    const out: Obj = { scraped_at: d.scrapedAt, symbols, columns, records: (d.history ?? []).map(row) };
    if (d.latest) out.latest_records = d.latest.map(row);
    return out;
  },
};

const dividendArray = (kind: FileKind): FileAdapter<DividendRecord[]> => ({
  kind,
  read: (value, at) => readList(dividendCodec, value, at)?.map(dropNullExtras),
  write: (rows, layout) => rows.map((r) => dividendCodec.write(r, layout)),
});

// --- mutual funds -------------------------------------------------------------------------------------

const mutualFunds: FileAdapter<MutualFunds> = {
  kind: 'mutualFunds',
  read(value, at) {
    if (Array.isArray(value)) {
      const records = readList(fundNavCodec, value, at);
      if (!records) return undefined;
      const times = records.map((r) => r.scrapedAt).filter((t): t is string => t !== null).sort();
      return { scrapedAt: times.at(-1) ?? null, records };
    }
    if (!isObject(value)) {
      problem(at, `expected {scraped_at, records} or an array of funds, found ${describeValue(value)}`);
      return undefined;
    }
    const records = readList(fundNavCodec, value.records, atPath(at, 'records'));
    if (!records) return undefined;
    const scrapedAt = typeof value.scraped_at === 'string' ? value.scraped_at : null;
    for (const r of records) r.scrapedAt ??= scrapedAt;
    return { scrapedAt, records };
  },
  write: (m, layout) => (layout === 'b' ? m.records.map((r) => fundNavCodec.write(r, layout)) : { scraped_at: m.scrapedAt, records: m.records.map((r) => fundNavCodec.write(r, layout)) }),
};

// --- about.json (ours) ------------------------------------------------------------------------------------

const about: FileAdapter<About> = {
  kind: 'about',
  read(value, at) {
    if (!isObject(value)) {
      problem(at, `expected an object, found ${describeValue(value)}`);
      return undefined;
    }
    const before = at.problems.length;
    const want = (k: string, ok: boolean, what: string) => ok || problem(atPath(at, k), `expected ${what}, found ${describeValue(value[k])}`);
    want('sample', typeof value.sample === 'boolean', 'true or false');
    want('source', typeof value.source === 'string', 'a string');
    want('sourceLayout', value.sourceLayout === null || value.sourceLayout === 'a' || value.sourceLayout === 'b', '"a", "b" or null');
    want('generatedAt', typeof value.generatedAt === 'string', 'a string');
    want('notes', Array.isArray(value.notes) && value.notes.every((n) => typeof n === 'string'), 'an array of strings');
    if (at.problems.length > before) return undefined;
    return { sample: value.sample as boolean, source: value.source as string, sourceLayout: value.sourceLayout as Layout | null, generatedAt: value.generatedAt as string, notes: value.notes as string[] };
  },
  write: (a) => ({ sample: a.sample, source: a.source, sourceLayout: a.sourceLayout, generatedAt: a.generatedAt, notes: a.notes }),
};

// ---------------------------------------------------------------------------------------------

export const ADAPTERS = {
  stocks,
  status: recordAdapter('status', statusCodec),
  indices: listAdapter('indices', indexCodec),
  summary: listAdapter('summary', summaryCodec),
  sectorIndices: listAdapter('sectorIndices', sectorIndexCodec),
  topStocks,
  summaryHistory,
  supplyDemand,
  ltpManifest,
  ltpMonth,
  notices,
  disclosures,
  messages,
  brokers,
  securities: listAdapter('securities', securityCodec),
  sectorCodes,
  profiles,
  financials: listAdapter('financials', financialsCodec),
  companyMeta: recordAdapter('companyMeta', companyMetaCodec),
  fieldDescriptions,
  ipoUpcoming: listAdapter('ipoUpcoming', ipoCodec),
  ipoOld: listAdapter('ipoOld', ipoCodec),
  dividendHistory,
  dividendLatest: dividendArray('dividendLatest'),
  dividendAllYears: dividendArray('dividendAllYears'),
  dividendMeta: recordAdapter('dividendMeta', dividendMetaCodec),
  mutualFunds,
  about,
// eslint-disable-next-line @typescript-eslint/no-explicit-any
} satisfies Record<FileKind, FileAdapter<any>>;

export type AdapterValue<K extends FileKind> = (typeof ADAPTERS)[K] extends FileAdapter<infer T> ? T : never;

/** Reads one file's parsed JSON; problems name the file, record and field. */
export function readFileValue<K extends FileKind>(kind: K, value: unknown, file: string, oddities?: At['oddities']): { value?: AdapterValue<K>; problems: Problem[] } {
  const at: At = { file, path: '', problems: [], oddities };
  const v = (ADAPTERS[kind] as FileAdapter<AdapterValue<K>>).read(value, at);
  return at.problems.length || v === undefined ? { problems: at.problems.length ? at.problems : [{ file, message: 'invalid' }] } : { value: v, problems: [] };
}
