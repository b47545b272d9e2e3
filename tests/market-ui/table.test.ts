// The price table's pure logic: sectors, filters, sorting with missing values last.

import { describe, expect, it } from 'vitest';
import type { StockRow } from '../../src/core/market/index.ts';
import { filterRows, nextSort, rowWindow, sectorIndex, sectorsOf, sortRows } from '../../src/app/market/table.ts';

const row = (symbol: string, ltp: number | null, more: Partial<StockRow> = {}): StockRow => ({
  symbol,
  name: `${symbol} Limited`,
  ltp,
  previousClose: null,
  change: ltp === null ? null : ltp / 100,
  percentChange: null,
  high: null,
  low: null,
  volume: null,
  turnover: null,
  trades: null,
  lastUpdated: null,
  marketCapNpr: null,
  assetType: null,
  extra: {},
  ...more,
});

const rows = [row('NABIL', 500), row('ADBL', 300), row('GBILD84/85', null), row('ZZZ', 300), row('HDL', 1200, { name: 'Himalayan Distillery' })];
const sectors = sectorIndex(
  { 'Commercial Banks': [{ symbol: 'NABIL', name: null, extra: {} }], 'Development Banks': [{ symbol: 'ADBL', name: null, extra: {} }] },
  [
    { id: 1, companyName: null, symbol: 'HDL', securityName: null, status: null, sectorName: 'Manufacturing', instrumentType: null, extra: {} },
    { id: 2, companyName: null, symbol: 'NABIL', securityName: null, status: null, sectorName: 'Banks (securities file)', instrumentType: null, extra: {} },
  ],
);

describe('price table', () => {
  it('knows sectors from the sector codes first, then the securities file', () => {
    expect(sectors.get('NABIL')).toBe('Commercial Banks');
    expect(sectors.get('HDL')).toBe('Manufacturing');
    expect(sectors.get('ZZZ')).toBeUndefined();
    expect(sectorsOf(rows, sectors)).toEqual(['Commercial Banks', 'Development Banks', 'Manufacturing']);
  });

  it('filters by sector and by text in the symbol or name, any case', () => {
    expect(filterRows(rows, { sector: 'Commercial Banks' }, sectors).map((r) => r.symbol)).toEqual(['NABIL']);
    expect(filterRows(rows, { q: 'distill' }, sectors).map((r) => r.symbol)).toEqual(['HDL']);
    expect(filterRows(rows, { q: ' gbild' }, sectors).map((r) => r.symbol)).toEqual(['GBILD84/85']);
    expect(filterRows(rows, { q: 'bank', sector: 'Manufacturing' }, sectors)).toEqual([]);
    expect(filterRows(rows, {}, sectors)).toHaveLength(rows.length);
  });

  it('sorts by a number either way, missing values last, ties by symbol', () => {
    expect(sortRows(rows, 'ltp', 'desc').map((r) => r.symbol)).toEqual(['HDL', 'NABIL', 'ADBL', 'ZZZ', 'GBILD84/85']);
    expect(sortRows(rows, 'ltp', 'asc').map((r) => r.symbol)).toEqual(['ADBL', 'ZZZ', 'NABIL', 'HDL', 'GBILD84/85']);
    expect(sortRows(rows, 'symbol', 'asc').map((r) => r.symbol)).toEqual(['ADBL', 'GBILD84/85', 'HDL', 'NABIL', 'ZZZ']);
    expect(sortRows(rows, 'symbol', 'desc').map((r) => r.symbol)[0]).toBe('ZZZ');
    // A copy: the input keeps its order.
    expect(rows[0]!.symbol).toBe('NABIL');
  });

  it('a click on the sorted column flips it; another column starts descending, symbol ascending', () => {
    expect(nextSort({ key: 'ltp', dir: 'desc' }, 'ltp')).toEqual({ key: 'ltp', dir: 'asc' });
    expect(nextSort({ key: 'ltp', dir: 'asc' }, 'volume')).toEqual({ key: 'volume', dir: 'desc' });
    expect(nextSort({ key: 'ltp', dir: 'asc' }, 'symbol')).toEqual({ key: 'symbol', dir: 'asc' });
  });
});

describe('rows drawn', () => {
  it('draws the rows in view and a margin, never past either end', () => {
    // The table body starts 400px down a 720px viewport: 10 rows of 32px show, plus 12 either side.
    expect(rowWindow(350, 400, 720, 32)).toEqual({ first: 0, last: 22 });
    // Scrolled 3,200px past its top: rows 100–122 show.
    expect(rowWindow(350, -3200, 720, 32)).toEqual({ first: 88, last: 135 });
    expect(rowWindow(350, -20_000, 720, 32)).toEqual({ first: 350, last: 350 });
    expect(rowWindow(5, 0, 720, 32)).toEqual({ first: 0, last: 5 });
    expect(rowWindow(0, 0, 720, 32)).toEqual({ first: 0, last: 0 });
    // Below the viewport: nothing but the margin.
    expect(rowWindow(350, 2000, 720, 32, 3)).toEqual({ first: 0, last: 0 });
  });
});
