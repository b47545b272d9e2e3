// The upstream's series files beyond the contract (layout A's folders since 18 Nov 2026): the
// index history (`indices/manifest.json` + `indices/monthly/YYYY-MM.json`), intraday prices
// (`ltp/daily/YYYY-MM-DD.json`, listed by `ltp/manifest.json` availableDays) and the floor sheet
// (`floor_sheet/manifest.json`, `floor_sheet/daily/YYYY-MM-DD.json`, `floor_sheet/lookups/*.json`).
// Pure checks of one parsed file each (shape and plausibility), naming file, record and problem:
// the one parser of these files. The build mirrors the files that pass (data-build/market/series.ts),
// the worker keeps them (adapters/series.ts), and the screens' readers (index-history.ts,
// intraday.ts, floor-sheet.ts) call `assertSeries` before taking the fields they show. Shapes as
// measured on the real files: ../shared/data/market/layout-a and the upstream's floor_sheet folder.

import { DataError, type Problem } from '../problems.ts';

import { type SeriesKind, seriesKindOfPath } from './series-paths.ts';

export * from './series-paths.ts';

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^\d{4}-\d{2}$/;
const TIME = /^\d{2}:\d{2}$/;
const MAX_PER_FILE = 20;

function show(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return `an array of ${v.length}`;
  if (typeof v === 'string') return `"${v.length > 30 ? `${v.slice(0, 27)}…` : v}"`;
  return typeof v === 'object' ? 'an object' : `${typeof v} ${String(v)}`;
}

class Report {
  readonly problems: Problem[] = [];
  more = 0;
  constructor(readonly file: string) {}
  add(message: string, path?: string, record?: { index: number; word?: string }): void {
    if (this.problems.length >= MAX_PER_FILE) {
      this.more++;
      return;
    }
    const p: Problem = { file: this.file, message };
    if (record) p.record = record;
    if (path) p.path = path;
    this.problems.push(p);
  }
  done(): Problem[] {
    if (this.more) this.problems.push({ file: this.file, message: `… and ${this.more} more problems` });
    return this.problems;
  }
}

/** `key` must hold a list of strings matching `re`, strictly ascending (so no repeats). */
function ascending(r: Report, o: Obj, key: string, re: RegExp, what: string, required = true): string[] {
  const v = o[key];
  if (v === undefined && !required) return [];
  if (!Array.isArray(v)) {
    r.add(`expected an array of ${what}, found ${show(v)}`, key);
    return [];
  }
  v.forEach((x, i) => {
    if (typeof x !== 'string' || !re.test(x)) r.add(`expected ${what}, found ${show(x)}`, `${key}[${i}]`);
    else if (i > 0 && typeof v[i - 1] === 'string' && x <= (v[i - 1] as string))
      r.add(`"${x}" does not come after "${v[i - 1] as string}" (must be ascending, no repeats)`, `${key}[${i}]`);
  });
  return v.filter((x): x is string => typeof x === 'string');
}

function integer(r: Report, o: Obj, key: string): void {
  if (!Number.isInteger(o[key])) r.add(`expected an integer, found ${show(o[key])}`, key);
}

function optionalString(r: Report, o: Obj, key: string, re?: RegExp): void {
  const v = o[key];
  if (v === undefined || v === null) return;
  if (typeof v !== 'string' || (re && !re.test(v))) r.add(`expected ${re ? 'a date YYYY-MM-DD' : 'a string'}, found ${show(v)}`, key);
}

/** `columns`: names, the first ones `leading` (the slot, then the value every row has). */
function columnsOf(r: Report, o: Obj, leading: readonly string[]): string[] | undefined {
  const c = o.columns;
  if (!Array.isArray(c) || !c.every((x) => typeof x === 'string') || leading.some((name, i) => c[i] !== name)) {
    r.add(`expected an array of column names starting with ${leading.map((x) => `"${x}"`).join(', ')}, found ${show(c)}`, 'columns');
    return undefined;
  }
  return c as string[];
}

/** Non-negative columns (amounts, counts), where the file has them. */
const NON_NEGATIVE = ['ltp', 'close', 'open', 'high', 'low', 'turnover', 'volume', 'trades', 'qty', 'rate', 'amount'];

/**
 * Rows of `series` (name → rows following `columns`): 2 to columns.length finite numbers, the
 * first an index into `slots` (each at most once per name), no negative amounts, and where a row
 * has open, high, low and close (0 = not known, as in back-filled months) low ≤ open, close ≤ high.
 */
function checkSeries(r: Report, o: Obj, columns: string[], slots: number, slotName: string): void {
  if (!isObject(o.series)) {
    r.add(`expected an object of name → rows, found ${show(o.series)}`, 'series');
    return;
  }
  const col = (name: string) => columns.indexOf(name);
  const [iOpen, iHigh, iLow, iClose] = ['open', 'high', 'low', 'close'].map(col) as [number, number, number, number];
  const nonNegative = columns.map((c, i) => (NON_NEGATIVE.includes(c) ? i : -1)).filter((i) => i > 0);
  Object.entries(o.series).forEach(([name, rows], index) => {
    const record = { index, word: name };
    if (!Array.isArray(rows)) return r.add(`expected an array of rows, found ${show(rows)}`, 'series', record);
    const seen = new Set<number>();
    rows.forEach((row: unknown, i) => {
      const at = `series[${i}]`;
      if (!Array.isArray(row) || row.length < 2 || row.length > columns.length) {
        return r.add(`expected a row of 2 to ${columns.length} numbers, found ${show(row)}`, at, record);
      }
      if (!row.every((x) => typeof x === 'number' && Number.isFinite(x))) return r.add(`expected numbers, found ${JSON.stringify(row)}`, at, record);
      const v = row as number[];
      const slot = v[0]!;
      if (!Number.isInteger(slot) || slot < 0 || slot >= slots)
        r.add(`${slotName} ${slot} is outside ${slotName === 'dateIndex' ? 'dates' : 'times'} (0–${slots - 1})`, at, record);
      else if (seen.has(slot)) r.add(`${slotName} ${slot} appears twice`, at, record);
      seen.add(slot);
      for (const k of nonNegative) if (k < v.length && v[k]! < 0) r.add(`${columns[k]} is negative (${v[k]})`, at, record);
      if ([iOpen, iHigh, iLow, iClose].every((k) => k > 0 && k < v.length)) {
        const [op, hi, lo, cl] = [v[iOpen]!, v[iHigh]!, v[iLow]!, v[iClose]!];
        if (op > 0 && hi > 0 && lo > 0 && cl > 0 && !(lo <= Math.min(op, cl) && Math.max(op, cl) <= hi)) {
          r.add(`OHLC out of order: open ${op}, high ${hi}, low ${lo}, close ${cl} (needs low ≤ open, close ≤ high)`, at, record);
        }
      }
    });
  });
}

/** `indices/manifest.json`: {version, latestDate, availableMonths (ascending), retention, latestStatus, finalizedThrough}. */
function indexManifest(r: Report, o: Obj): void {
  integer(r, o, 'version');
  const months = ascending(r, o, 'availableMonths', MONTH, 'a month YYYY-MM');
  // The screens date every range from it.
  if (typeof o.latestDate !== 'string' || !DATE.test(o.latestDate)) r.add(`expected a date YYYY-MM-DD, found ${show(o.latestDate)}`, 'latestDate');
  optionalString(r, o, 'finalizedThrough', DATE);
  optionalString(r, o, 'latestStatus');
  optionalString(r, o, 'retention');
  const latest = o.latestDate;
  if (typeof latest === 'string' && months.length && latest.slice(0, 7) !== months.at(-1)) {
    r.add(`latestDate ${latest} is not in the last month listed (${months.at(-1)!})`, 'latestDate');
  }
}

/** `indices/monthly/YYYY-MM.json`: dates of that month; series by index code; OHLC rows. */
function indexMonth(r: Report, o: Obj, month: string | undefined): void {
  integer(r, o, 'version');
  if (typeof o.month !== 'string' || !MONTH.test(o.month)) r.add(`expected a month YYYY-MM, found ${show(o.month)}`, 'month');
  else if (month !== undefined && o.month !== month) r.add(`says "${o.month}", the file name ${month}`, 'month');
  const m = month ?? (o.month as string);
  const dates = ascending(r, o, 'dates', DATE, 'a date YYYY-MM-DD');
  dates.forEach((d, i) => {
    if (!d.startsWith(`${m}-`)) r.add(`date ${d} is outside the month ${m}`, `dates[${i}]`);
  });
  optionalString(r, o, 'updatedAt');
  const columns = columnsOf(r, o, ['dateIndex', 'close']);
  if (columns) checkSeries(r, o, columns, dates.length, 'dateIndex');
}

/** `ltp/daily/YYYY-MM-DD.json`: intraday rows [timeIndex, ltp, volume, turnover, trades] by symbol. */
function ltpDay(r: Report, o: Obj, date: string | undefined): void {
  integer(r, o, 'version');
  if (typeof o.date !== 'string' || !DATE.test(o.date)) r.add(`expected a date YYYY-MM-DD, found ${show(o.date)}`, 'date');
  else if (date !== undefined && o.date !== date) r.add(`says "${o.date}", the file name ${date}`, 'date');
  const times = ascending(r, o, 'times', TIME, 'a time HH:MM');
  optionalString(r, o, 'updatedAt');
  const columns = columnsOf(r, o, ['timeIndex', 'ltp']);
  if (columns) checkSeries(r, o, columns, times.length, 'timeIndex');
}

/** `floor_sheet/manifest.json`: {version, latestDate, availableDates (ascending), retention, columns}. */
function floorManifest(r: Report, o: Obj): void {
  integer(r, o, 'version');
  const dates = ascending(r, o, 'availableDates', DATE, 'a date YYYY-MM-DD');
  optionalString(r, o, 'latestDate', DATE);
  optionalString(r, o, 'retention');
  if (o.columns !== undefined && !(Array.isArray(o.columns) && o.columns.every((c) => typeof c === 'string')))
    r.add(`expected an array of column names, found ${show(o.columns)}`, 'columns');
  if (typeof o.latestDate === 'string' && dates.length && o.latestDate !== dates.at(-1))
    r.add(`latestDate ${o.latestDate} is not the last date listed (${dates.at(-1)!})`, 'latestDate');
}

/** The columns every trade needs (the screens show them). */
const FLOOR_COLUMNS = ['contractId', 'stockId', 'buyer', 'seller', 'qty', 'rate', 'amount'];

/** Columns of a trade that are ids (whole numbers ≥ 0). */
const ID_COLUMNS = new Set(['contractId', 'stockId', 'buyer', 'seller']);

/** `floor_sheet/daily/YYYY-MM-DD.json`: {date, totals, columns, transactions: rows following columns}. */
function floorDay(r: Report, o: Obj, date: string | undefined): void {
  if (typeof o.date !== 'string' || !DATE.test(o.date)) r.add(`expected a date YYYY-MM-DD, found ${show(o.date)}`, 'date');
  else if (date !== undefined && o.date !== date) r.add(`says "${o.date}", the file name ${date}`, 'date');
  for (const k of ['totalAmount', 'totalQty', 'totalTrades']) {
    const v = o[k];
    if (v !== undefined && v !== null && !(typeof v === 'number' && Number.isFinite(v) && v >= 0)) r.add(`expected a number ≥ 0, found ${show(v)}`, k);
  }
  const c = o.columns;
  if (!Array.isArray(c) || !c.length || !c.every((x) => typeof x === 'string')) {
    r.add(`expected an array of column names, found ${show(c)}`, 'columns');
    return;
  }
  const columns = c as string[];
  const missing = FLOOR_COLUMNS.filter((name) => !columns.includes(name));
  if (missing.length) {
    r.add(`has no ${missing.map((x) => `"${x}"`).join(', ')} (${JSON.stringify(columns)})`, 'columns');
    return;
  }
  if (!Array.isArray(o.transactions)) {
    r.add(`expected an array of trades, found ${show(o.transactions)}`, 'transactions');
    return;
  }
  o.transactions.forEach((row: unknown, index) => {
    const record = { index };
    if (!Array.isArray(row) || row.length !== columns.length)
      return r.add(`expected a row of ${columns.length} values (${columns.join(', ')}), found ${show(row)}`, 'transactions', record);
    row.forEach((v: unknown, k) => {
      const name = columns[k]!;
      if (name === 'time') {
        if (typeof v !== 'string' && v !== null) r.add(`expected a time as text, found ${show(v)}`, name, record);
      } else if (ID_COLUMNS.has(name)) {
        if (!(Number.isInteger(v) && (v as number) >= 0)) r.add(`expected an id (a whole number ≥ 0), found ${show(v)}`, name, record);
      } else if (NON_NEGATIVE.includes(name) && !(typeof v === 'number' && Number.isFinite(v) && v >= 0))
        r.add(`expected a number ≥ 0, found ${show(v)}`, name, record);
    });
  });
}

/** `floor_sheet/lookups/*.json`: id → name, or id → {symbol, name}. */
function floorLookup(r: Report, o: Obj): void {
  Object.entries(o).forEach(([id, v], index) => {
    const record = { index, word: id };
    if (!/^\d+$/.test(id)) r.add('expected a numeric id as the key', undefined, record);
    if (typeof v === 'string') return;
    if (!isObject(v) || typeof v.symbol !== 'string' || (v.name !== undefined && v.name !== null && typeof v.name !== 'string')) {
      r.add(`expected a name or {symbol, name}, found ${show(v)}`, undefined, record);
    }
  });
}

/**
 * The problems of one parsed series file (`path` below data/, named `file` in problems): none when
 * it has its shape and passes the plausibility rules.
 */
export function seriesProblems(path: string, value: unknown, file = path): Problem[] {
  const where = seriesKindOfPath(path);
  if (!where) return [{ file, message: 'not a series file (indices/, ltp/daily/, floor_sheet/)' }];
  return seriesProblemsOf(where.kind, value, file, where.key);
}

/** The same, by kind; `key` is the month or day the file's name gives (checked against its content when known). */
export function seriesProblemsOf(kind: SeriesKind, value: unknown, file: string, key?: string): Problem[] {
  const r = new Report(file);
  if (!isObject(value)) return [{ file, message: `expected an object, found ${show(value)}` }];
  switch (kind) {
    case 'indexManifest':
      indexManifest(r, value);
      break;
    case 'indexMonth':
      indexMonth(r, value, key);
      break;
    case 'ltpDay':
      ltpDay(r, value, key);
      break;
    case 'floorManifest':
      floorManifest(r, value);
      break;
    case 'floorDay':
      floorDay(r, value, key);
      break;
    case 'floorLookup':
      floorLookup(r, value);
      break;
  }
  return r.done();
}

/**
 * The screens' reading of a series file: the same checks, thrown as one error naming the file,
 * the record and each problem (the month or day in `file`'s name checked against the content).
 */
export function assertSeries(kind: SeriesKind, value: unknown, file: string): asserts value is Record<string, unknown> {
  const problems = seriesProblemsOf(kind, value, file, seriesKindOfPath(file)?.key);
  if (problems.length) throw new DataError(problems);
}

/** The months (or days) a manifest lists that are not `present`, and those present it does not list. */
export function listingProblems(file: string, key: string, listed: readonly string[], present: readonly string[]): Problem[] {
  const have = new Set(present);
  const says = new Set(listed);
  const out: Problem[] = [];
  const missing = listed.filter((x) => !have.has(x));
  const unlisted = present.filter((x) => !says.has(x));
  if (missing.length)
    out.push({ file, path: key, message: `lists ${missing.length} not published (${missing.slice(0, 3).join(', ')}${missing.length > 3 ? ', …' : ''})` });
  if (unlisted.length)
    out.push({
      file,
      path: key,
      message: `does not list ${unlisted.length} published (${unlisted.slice(0, 3).join(', ')}${unlisted.length > 3 ? ', …' : ''})`,
    });
  return out;
}
