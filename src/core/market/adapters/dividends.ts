// Dividends: the history (columnar in layout A) and the plain lists.

import { type At, atPath, describeValue, hasOwn, isObject, oddity, problem, readList } from '../codec.ts';
import type { FileKind } from '../endpoints.ts';
import { dividendCodec } from '../records.ts';
import type { DividendRecord, Dividends } from '../types/index.ts';
import { columnsFor, dropNullExtras, type FileAdapter, type Obj, rowsToObjects } from './adapter.ts';

/** Layout A's columns: the real file's seven, the contract's compact names, then every other field. */
export const DIVIDEND_COLUMNS_A = [
  'symbol',
  'bonus',
  'cash',
  'total',
  'announce',
  'bookclose',
  'fiscalYear',
  'fiscal_year',
  'total_dividend',
  'announcement_date',
];

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

export const dividendHistory: FileAdapter<Omit<Dividends, 'meta'>> = {
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
    const aliasOf: Record<string, string> = {
      bonus: 'bonus_share',
      cash: 'cash_dividend',
      total: 'total_dividend',
      announce: 'announcement_date',
      bookclose: 'bookclose_date',
      fiscalYear: 'fiscal_year',
    };
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

export const dividendArray = (kind: FileKind): FileAdapter<DividendRecord[]> => ({
  kind,
  read: (value, at) => readList(dividendCodec, value, at)?.map(dropNullExtras),
  write: (rows, layout) => rows.map((r) => dividendCodec.write(r, layout)),
});
