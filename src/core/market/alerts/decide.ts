// Which alerts fire now: pure, given the reader's alerts and options, the stored market files'
// values, the held and watched symbols, the events already fired and the clock. The service
// worker (src/sw/market/alerts.ts) reads the inputs, records what this returns and shows it.
//
// Each event has a stable id, so it fires once whatever the number of refreshes, windows or
// reloads: a price crossing per alert and Nepal day, a book close per symbol and date, an IPO's
// opening and closing per company and date. "Today" is Nepal's calendar date (UTC+05:45).

import { addDays, nepalTime } from '../clock.ts';
import { type IpoWindow, parseIpoWindow } from '../ipo-window.ts';
import type { DividendRecord, Ipo, StockRow } from '../types/index.ts';
import type { AlertEvent, AlertOptions, PriceAlert } from './types.ts';

export interface AlertInputs {
  alerts: readonly PriceAlert[];
  options: AlertOptions;
  /** the stored stock rows (undefined: none stored) */
  stocks?: readonly StockRow[];
  dividends?: readonly DividendRecord[];
  ipos?: readonly Ipo[];
  held: readonly string[];
  watched: readonly string[];
  /** ids of the events fired before */
  fired: ReadonlySet<string>;
  /** now (ms) */
  now: number;
}

export interface AlertDecision {
  events: AlertEvent[];
  /** the price each alert has now been checked against: stored as its lastPrice */
  seen: Map<string, number>;
}

const DAY_MS = 86_400_000;
const dayNumber = (ad: string) => Date.UTC(Number(ad.slice(0, 4)), Number(ad.slice(5, 7)) - 1, Number(ad.slice(8, 10))) / DAY_MS;

/** A book-close date as the files write it ("2026-04-09 [Closed]", "2026-04-09"); undefined otherwise. */
export function bookCloseDay(text: string | null): string | undefined {
  const m = /^(\d{4}-\d{2}-\d{2})\b/.exec(text?.trim() ?? '');
  return m?.[1];
}

/** Did the price cross the level, from `before` to `now`? A price landing on the level counts. */
export function crossed(alert: Pick<PriceAlert, 'direction' | 'level'>, before: number | null, now: number): boolean {
  if (before === null) return false;
  return alert.direction === 'above' ? before < alert.level && now >= alert.level : before > alert.level && now <= alert.level;
}

function priceEvents(inp: AlertInputs, today: string, events: AlertEvent[], seen: Map<string, number>): void {
  if (!inp.stocks) return;
  const prices = new Map(inp.stocks.flatMap((r) => (typeof r.ltp === 'number' && r.ltp > 0 ? [[r.symbol, r.ltp] as const] : [])));
  for (const a of inp.alerts) {
    const p = prices.get(a.symbol);
    if (p === undefined) continue;
    seen.set(a.id, p);
    if (!crossed(a, a.lastPrice, p)) continue;
    events.push({
      id: `price:${a.symbol}:${a.direction}:${a.level}:${today}`,
      kind: 'price',
      symbol: a.symbol,
      direction: a.direction,
      level: a.level,
      price: p,
    });
  }
}

function bookCloseEvents(inp: AlertInputs, today: string, events: AlertEvent[]): void {
  if (!inp.options.bookClose || !inp.dividends) return;
  const mine = new Set([...inp.held, ...inp.watched]);
  const last = addDays(today, Math.max(0, inp.options.bookCloseDays));
  const done = new Set<string>();
  for (const r of inp.dividends) {
    const date = bookCloseDay(r.bookcloseDate);
    if (!date || !mine.has(r.symbol) || date < today || date > last) continue;
    const id = `bookclose:${r.symbol}:${date}`;
    if (done.has(id)) continue;
    done.add(id);
    events.push({ id, kind: 'bookclose', symbol: r.symbol, date, days: dayNumber(date) - dayNumber(today) });
  }
}

function ipoEvents(inp: AlertInputs, today: string, events: AlertEvent[]): void {
  if (!inp.options.ipo || !inp.ipos) return;
  for (const ipo of inp.ipos) {
    const w: IpoWindow | undefined = parseIpoWindow(ipo.dateRange);
    if (!w) continue;
    // The opening on its first day, the closing on its last (a one-day window: both).
    if (w.opens === today) events.push({ id: `ipo-open:${ipo.company}:${w.opens}`, kind: 'ipo-open', company: ipo.company, date: w.opens });
    if (w.closes === today) events.push({ id: `ipo-close:${ipo.company}:${w.closes}`, kind: 'ipo-close', company: ipo.company, date: w.closes });
  }
}

/** The events to fire now (none fired before), and the prices the alerts were checked against. */
export function decideAlerts(inp: AlertInputs): AlertDecision {
  const today = nepalTime(inp.now).date;
  const events: AlertEvent[] = [];
  const seen = new Map<string, number>();
  priceEvents(inp, today, events, seen);
  bookCloseEvents(inp, today, events);
  ipoEvents(inp, today, events);
  const unique = new Map(events.filter((e) => !inp.fired.has(e.id)).map((e) => [e.id, e]));
  return { events: [...unique.values()], seen };
}
