// Stock rows (live prices), with market capitalisation in the contract's unit.

import { type At, atPath, describeValue, hasOwn, isObject, oddity, problem } from '../codec.ts';
import { stockRowCodec } from '../records.ts';
import type { Layout, StockRow } from '../types/index.ts';
import { type FileAdapter, type Obj } from './adapter.ts';

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

export const stocks: FileAdapter<StockRow[]> = {
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
      if (r.assetType === FUND) oddity(at, "open-ended mutual fund rows (ltp = NAV, previous_close = last week's NAV, no high/low/volume/turnover/trades)");
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
