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

/** One symbol's dividends, latest year and history together, each once, newest fiscal year first. */
export function dividendsOf(d: { latest: readonly DividendRecord[] | null; history: readonly DividendRecord[] | null }, symbol: string): DividendRecord[] {
  const seen = new Set<string>();
  const out: DividendRecord[] = [];
  for (const r of [...(d.latest ?? []), ...(d.history ?? [])]) {
    if (r.symbol !== symbol) continue;
    const key = `${r.fiscalYear}|${r.bonus}|${r.cash}|${r.total}|${r.bookcloseDate}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(r);
  }
  return out.sort((a, b) => (b.fiscalYear ?? '').localeCompare(a.fiscalYear ?? ''));
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
    .sort((a, b) => (b.announcementDate ?? '').localeCompare(a.announcementDate ?? ''));
}
