// The price history: its manifest and monthly files (columns + rows per symbol).

import { type At, atPath, describeValue, hasOwn, isObject, oddity, problem } from '../codec.ts';
import { ltpManifestCodec } from '../records.ts';
import type { LtpManifest, LtpMonth } from '../types/index.ts';
import { type FileAdapter, type Obj, withoutKeys } from './adapter.ts';

export const ltpManifest: FileAdapter<LtpManifest> = {
  kind: 'ltpManifest',
  read(value, at) {
    // availableDays lists the ltp/daily files: kept (in extra); the build sets it to the days it mirrors.
    if (isObject(value) && hasOwn(value, 'availableDays')) oddity(at, 'availableDays (the ltp/daily files) kept; the build lists the days it mirrors');
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
  for (const key of ['market', 'currency', 'updatedAt'])
    if (hasOwn(value, key) && value[key] !== null && typeof value[key] !== 'string')
      problem(atPath(at, key), `expected a string, found ${describeValue(value[key])}`);
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

export const ltpMonth: FileAdapter<LtpMonth> = {
  kind: 'ltpMonth',
  read: readLtpMonth,
  write: (m) => ({
    version: m.version,
    market: m.market,
    currency: m.currency,
    month: m.month,
    updatedAt: m.updatedAt,
    dates: m.dates,
    columns: m.columns,
    series: m.series,
    ...withoutKeys(m.extra, ['series']),
  }),
};
