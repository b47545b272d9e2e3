// Small pure questions the screens ask of the model.

import type { Disclosure, DividendRecord, StockRow } from '../../core/market/index.ts';

/** The newest `last_updated` of the rows with a time (funds carry a date alone), for "as of". */
export function newestUpdate(rows: readonly StockRow[]): string | undefined {
  let best: string | undefined;
  for (const r of rows) if (r.lastUpdated && r.lastUpdated.length > 10 && (!best || r.lastUpdated > best)) best = r.lastUpdated;
  return best;
}

/** A disclosure names its company in `symbol` (layout A) or, as layout B publishes it, only in its title. */
export function aboutSymbol(d: Pick<Disclosure, 'symbol' | 'title'>, symbol: string): boolean {
  if (d.symbol !== null) return d.symbol === symbol;
  const esc = symbol.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return new RegExp(`(^|[^A-Za-z0-9])${esc}([^A-Za-z0-9]|$)`).test(d.title);
}

type Dividends = {
  latest: readonly DividendRecord[] | null;
  history: readonly DividendRecord[] | null;
  /**
   * Its records by symbol, when the read worker grouped them (read.worker.ts) and sent them with the
   * file, the records shared: on the page, grouping the real 640 KB file just after it arrived was
   * 30 ms at CPU 1x (120 ms at 4x) of a symbol page's longest task (bench/trace.ts, issue 38).
   */
  bySymbol?: Map<string, DividendRecord[]>;
};

/** Per dividend file read, its records by symbol (built once: see recordsOf). */
const bySymbol = new WeakMap<Dividends, Map<string, DividendRecord[]>>();

/** The file's records grouped by symbol in one pass, the latest year's then the history's, as the file has them. */
export function groupBySymbol(d: Dividends): Map<string, DividendRecord[]> {
  const map = new Map<string, DividendRecord[]>();
  for (const list of [d.latest ?? [], d.history ?? []])
    for (const r of list) {
      const mine = map.get(r.symbol);
      if (mine) mine.push(r);
      else map.set(r.symbol, [r]);
    }
  return map;
}

/** Whether `v` is a dividend file's value (its latest year and history, each a list or null). */
export const isDividends = (v: unknown): v is Dividends =>
  typeof v === 'object' &&
  v !== null &&
  ['latest', 'history'].every((k) => {
    const l = (v as Record<string, unknown>)[k];
    return l === null || Array.isArray(l);
  });

/**
 * One symbol's dividend records, the latest year's then the history's, as the file has them.
 * The file's records grouped by symbol in one pass, kept while the file is: a symbol page scanned
 * every record of the file (thousands) twice, for its table and its chart's adjustments, 160 ms
 * at CPU 4× in a trace.
 */
export function recordsOf(d: Dividends, symbol: string): readonly DividendRecord[] {
  let map = d.bySymbol ?? bySymbol.get(d);
  if (!map) bySymbol.set(d, (map = groupBySymbol(d)));
  return map.get(symbol) ?? [];
}

/**
 * The file with only `symbol`'s records (its latest year's and its history's, in the file's order):
 * what a symbol page needs of the 640 KB dividend history, picked in the read worker (read.worker.ts
 * pick). Copying the whole value to the page was 10–19 ms of its main thread (issue 38).
 */
export function pickSymbol<D extends Dividends>(d: D, symbol: string): D {
  const mine = (list: readonly DividendRecord[] | null) => list && list.filter((r) => r.symbol === symbol);
  const { bySymbol: _grouped, ...rest } = d;
  return { ...rest, latest: mine(d.latest), history: mine(d.history) } as D;
}

/**
 * Fiscal years and ISO dates in the file's digits sort by their code units. localeCompare's first
 * call builds the locale's collator: 15-40 ms at CPU 1x of a symbol page's longest task (bench/trace.ts, issue 38).
 */
const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** One symbol's dividends, latest year and history together, each once, newest fiscal year first. */
export function dividendsOf(d: Dividends, symbol: string): DividendRecord[] {
  const seen = new Set<string>();
  const out: DividendRecord[] = [];
  for (const r of recordsOf(d, symbol)) {
    const key = `${r.fiscalYear}|${r.bonus}|${r.cash}|${r.total}|${r.bookcloseDate}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(r);
  }
  return out.sort((a, b) => byCodeUnits(b.fiscalYear ?? '', a.fiscalYear ?? ''));
}

/** The last year's dividends: the latest list, else the newest fiscal year of the history; text filter; newest announcement first. */
export function latestDividends(d: { latest: readonly DividendRecord[] | null; history: readonly DividendRecord[] | null }, q = ''): DividendRecord[] {
  const history = d.history ?? [];
  const newestYear = history
    .map((x) => x.fiscalYear ?? '')
    .sort()
    .at(-1);
  const rows = d.latest ?? history.filter((r) => r.fiscalYear === newestYear);
  const t = q.trim().toLowerCase();
  return rows
    .filter((r) => !t || r.symbol.toLowerCase().includes(t) || (r.companyName ?? '').toLowerCase().includes(t))
    .sort((a, b) => byCodeUnits(b.announcementDate ?? '', a.announcementDate ?? ''));
}
