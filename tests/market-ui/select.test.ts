// Small pure helpers of the screens, and the link filter.

import { describe, expect, it } from 'vitest';
import type { DividendRecord, StockRow } from '../../src/core/market/index.ts';
import { safeUrl } from '../../src/app/market/html.ts';
import { aboutSymbol, dividendsOf, groupBySymbol, isDividends, latestDividends, newestUpdate, recordsOf } from '../../src/app/market/select.ts';

const dividend = (symbol: string, fiscalYear: string, total: string, announcementDate: string): DividendRecord => ({
  id: null,
  symbol,
  companyName: `${symbol} Ltd`,
  companyUrl: null,
  bonus: null,
  cash: total,
  total,
  announcementDate,
  bookcloseDate: null,
  distributionDate: null,
  bonusListingDate: null,
  fiscalYear,
  ltp: null,
  priceAsOf: null,
  status: null,
  scrapedAt: null,
  extra: {},
});

describe('screen helpers', () => {
  it('"as of" for the price table: the newest row time, not a fund\'s NAV date', () => {
    const rows = [
      { lastUpdated: '2026-05-06T11:40:27.1' },
      { lastUpdated: '2026-05-07' },
      { lastUpdated: '2026-05-06T12:00:00' },
      { lastUpdated: null },
    ] as StockRow[];
    expect(newestUpdate(rows)).toBe('2026-05-06T12:00:00');
    expect(newestUpdate([])).toBeUndefined();
  });

  it("finds a company's disclosures by symbol, or by the symbol in a layout B title", () => {
    expect(aboutSymbol({ symbol: 'NABIL', title: 'x' }, 'NABIL')).toBe(true);
    expect(aboutSymbol({ symbol: 'NABIL', title: 'about ADBL' }, 'ADBL')).toBe(false);
    expect(aboutSymbol({ symbol: null, title: 'Regarding AGM [ADBL]' }, 'ADBL')).toBe(true);
    expect(aboutSymbol({ symbol: null, title: 'Regarding AGM [ADBLX]' }, 'ADBL')).toBe(false);
    expect(aboutSymbol({ symbol: null, title: 'Interest of GBILD84/85 paid' }, 'GBILD84/85')).toBe(true);
  });

  it("a symbol's dividends once each, newest year first; the last year's for everyone", () => {
    const latest = [dividend('A', '2082/2083', '10', '2026-10-01'), dividend('B', '2082/2083', '5', '2026-11-01')];
    const history = [dividend('A', '2081/2082', '8', '2025-10-01'), dividend('A', '2082/2083', '10', '2026-10-01')];
    expect(dividendsOf({ latest, history }, 'A').map((r) => r.fiscalYear)).toEqual(['2082/2083', '2081/2082']);
    expect(latestDividends({ latest, history }).map((r) => r.symbol)).toEqual(['B', 'A']);
    expect(latestDividends({ latest, history }, 'a ltd').map((r) => r.symbol)).toEqual(['A']);
    expect(latestDividends({ latest: null, history }).map((r) => r.fiscalYear)).toEqual(['2082/2083']);
  });

  it("a symbol's records, the latest year's then the history's, the same when asked again or for another symbol", () => {
    const latest = [dividend('A', '2082/2083', '10', '2026-10-01'), dividend('B', '2082/2083', '5', '2026-11-01')];
    const history = [dividend('A', '2081/2082', '8', '2025-10-01'), dividend('B', '2080/2081', '3', '2024-10-01')];
    const file = { latest, history };
    expect(recordsOf(file, 'A')).toEqual([latest[0], history[0]]);
    expect(recordsOf(file, 'B')).toEqual([latest[1], history[1]]);
    expect(recordsOf(file, 'A')).toEqual([latest[0], history[0]]);
    expect(recordsOf(file, 'C')).toEqual([]);
    expect(recordsOf({ latest: null, history }, 'A')).toEqual([history[0]]);
  });

  it("takes the read worker's grouping of a dividend file as sent with it: the value's own records, grouped once", () => {
    const latest = [dividend('A', '2082/2083', '10', '2026-10-01'), dividend('B', '2082/2083', '5', '2026-11-01')];
    const history = [dividend('A', '2081/2082', '8', '2025-10-01')];
    // As the worker's answer arrives (one message: the records shared by the value and its map).
    const read = { latest, history };
    expect(isDividends(read)).toBe(true);
    const sent = structuredClone({ ...read, bySymbol: groupBySymbol(read) });
    expect(sent.bySymbol.get('A')![0]).toBe(sent.latest[0]);
    expect(recordsOf(sent, 'A')).toBe(sent.bySymbol.get('A'));
    expect(recordsOf(sent, 'A')).toEqual([latest[0], history[0]]);
    expect(dividendsOf(sent, 'B')).toEqual([latest[1]]);
    expect(isDividends({ latest: 'x', history: null })).toBe(false);
  });

  it('uses links from the data only if they are http(s)', () => {
    expect(safeUrl('https://example.com/a b')).toBe('https://example.com/a%20b');
    expect(safeUrl(' http://x.test/ ')).toBe('http://x.test/');
    for (const bad of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,<script>', 'files/a.pdf', '', null, undefined])
      expect(safeUrl(bad)).toBeUndefined();
  });
});
