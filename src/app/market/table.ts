// The live price table's logic, pure: which sector a symbol is in, filtering by sector and
// text, sorting by any column (missing values last, ties by symbol).

import type { SectorCodes, Security, StockRow } from '../../core/market/index.ts';

export const SORT_KEYS = ['symbol', 'ltp', 'change', 'percentChange', 'high', 'low', 'volume', 'turnover', 'trades'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDir = 'asc' | 'desc';

export const isSortKey = (s: string | null | undefined): s is SortKey => (SORT_KEYS as readonly string[]).includes(s ?? '');

/** symbol → sector name, from the sector codes file, else the securities file. */
export function sectorIndex(codes: SectorCodes | null | undefined, securities?: readonly Security[] | null): Map<string, string> {
  const out = new Map<string, string>();
  for (const s of securities ?? []) if (s.sectorName) out.set(s.symbol, s.sectorName);
  for (const [sector, items] of Object.entries(codes ?? {})) for (const i of items) out.set(i.symbol, sector);
  return out;
}

/** The sectors of the rows shown, sorted by name. */
export function sectorsOf(rows: readonly StockRow[], sectorOf: ReadonlyMap<string, string>): string[] {
  const set = new Set<string>();
  for (const r of rows) {
    const s = sectorOf.get(r.symbol);
    if (s) set.add(s);
  }
  return [...set].sort((a, b) => a.localeCompare(b));
}

export interface RowFilter {
  /** text in the symbol or name, any case */
  q?: string;
  sector?: string;
}

export function filterRows(rows: readonly StockRow[], f: RowFilter, sectorOf: ReadonlyMap<string, string>): StockRow[] {
  const q = f.q?.trim().toLowerCase() ?? '';
  return rows.filter(
    (r) => (!f.sector || sectorOf.get(r.symbol) === f.sector) && (!q || r.symbol.toLowerCase().includes(q) || r.name.toLowerCase().includes(q)),
  );
}

const bySymbol = (a: StockRow, b: StockRow) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0);

/** Sorted copy; null values (nothing traded, funds' volume) go last in either direction. */
export function sortRows(rows: readonly StockRow[], key: SortKey, dir: SortDir): StockRow[] {
  const sign = dir === 'asc' ? 1 : -1;
  if (key === 'symbol') return [...rows].sort((a, b) => sign * bySymbol(a, b));
  return [...rows].sort((a, b) => {
    const x = a[key];
    const y = b[key];
    if (x === null || y === null) return x === y ? bySymbol(a, b) : x === null ? 1 : -1;
    return x === y ? bySymbol(a, b) : sign * (x - y);
  });
}

/** The next sort after a click on a column: the same column flips, another starts descending (symbol: ascending). */
export function nextSort(current: { key: SortKey; dir: SortDir }, key: SortKey): { key: SortKey; dir: SortDir } {
  if (current.key === key) return { key, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  return { key, dir: key === 'symbol' ? 'asc' : 'desc' };
}

/**
 * The rows to draw of a table whose body starts `top` px from the top of a viewport `height` px
 * tall (negative when scrolled past), rows `rowHeight` px each, plus `overscan` either side.
 */
export function rowWindow(count: number, top: number, height: number, rowHeight: number, overscan = 12): { first: number; last: number } {
  const first = Math.min(count, Math.max(0, Math.floor(-top / rowHeight) - overscan));
  const last = Math.min(count, Math.max(first, Math.ceil((height - top) / rowHeight) + overscan));
  return { first, last };
}
