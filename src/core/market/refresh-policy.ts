// The background refresh policy, as pure functions of the stored status and the clock.
//
// - Open or closed is decided from `status.is_open` and the Nepal clock (UTC+05:45), never from
//   weekdays: the exchange moved from Sunday–Thursday to Monday–Friday in 2026 and holidays come
//   and go. Open = the status says open, it was checked today (Nepal date) and the clock is inside
//   market hours (11:00–15:00). Inside market hours with no status from today's session, the
//   state is "unconfirmed": the status file is polled at the open cadence until it answers.
// - Cadence: every 5 minutes while open, every 30 minutes otherwise, for the files upstream
//   refreshes every 30 minutes; daily, weekly, rare and manual files far less often.
// - Never more than 10 requests in any 60 seconds (a sliding window over what was really sent).

import { NAIVE_ZONE, nepalTime, parseTimestamp } from './clock.ts';
import { type Cadence, ENDPOINTS, type FileKind, ltpMonthPath, SERIES_ENDPOINTS } from './endpoints.ts';
import type { Layout } from './types/index.ts';

export const MARKET_OPENS_AT = 11 * 60;
export const MARKET_CLOSES_AT = 15 * 60;
export const MINUTE = 60_000;
export const OPEN_INTERVAL_MS = 5 * MINUTE;
export const CLOSED_INTERVAL_MS = 30 * MINUTE;
/**
 * 10 in any minute, counted over 62 s: a request held up on its way (a busy phone, a slow
 * network) reaches the upstream late, and 2 s of margin keep the upstream's own count at 10.
 */
export const RATE_LIMIT = { requests: 10, windowMs: MINUTE + 2_000 } as const;

/** How often a file of each upstream cadence is checked while the market is closed. */
export const CADENCE_INTERVAL_MS: Readonly<Record<Cadence, number>> = {
  live: CLOSED_INTERVAL_MS,
  daily: 6 * 60 * MINUTE,
  weekly: 24 * 60 * MINUTE,
  rare: 7 * 24 * 60 * MINUTE,
  manual: 7 * 24 * 60 * MINUTE,
};

export type MarketPhase = 'open' | 'closed' | 'unconfirmed';

export interface MarketState {
  phase: MarketPhase;
  /** the Nepal clock is inside 11:00–15:00 */
  inHours: boolean;
  /** why, in a few words, for logs and tests */
  reason: string;
  /** why, as a code the screens say in the reader's language (src/app/market/strings.ts `phaseWhy`) */
  why: PhaseWhy;
}

export type PhaseWhy = 'hours' | 'no-status' | 'future' | 'old-status' | 'open' | 'halt';

export interface StatusLike {
  isOpen: boolean;
  /** as published: naive UTC, or with an offset */
  lastChecked: string;
}

export function inMarketHours(now: number): boolean {
  const m = nepalTime(now).minuteOfDay;
  return m >= MARKET_OPENS_AT && m < MARKET_CLOSES_AT;
}

/** Open, closed or unconfirmed, from the stored status and the clock. */
export function marketState(status: StatusLike | null | undefined, now: number): MarketState {
  const inHours = inMarketHours(now);
  if (!inHours) return { phase: 'closed', inHours, reason: 'outside market hours (Nepal time)', why: 'hours' };
  const checked = status ? parseTimestamp(status.lastChecked, NAIVE_ZONE['status.lastChecked']!) : undefined;
  if (!status || !checked) return { phase: 'unconfirmed', inHours, reason: 'in market hours, no readable status', why: 'no-status' };
  const today = nepalTime(now).date;
  const at = nepalTime(checked.epochMs);
  if (checked.epochMs > now + 5 * MINUTE) return { phase: 'unconfirmed', inHours, reason: 'status checked in the future (clock skew)', why: 'future' };
  // The status speaks for today's session only if it was checked today, at or after the opening.
  if (at.date !== today || at.minuteOfDay < MARKET_OPENS_AT)
    return { phase: 'unconfirmed', inHours, reason: 'in market hours, status not from this session', why: 'old-status' };
  return status.isOpen
    ? { phase: 'open', inHours, reason: 'status open, in market hours', why: 'open' }
    : { phase: 'closed', inHours, reason: 'status closed during market hours (holiday or halt)', why: 'halt' };
}

/** The interval of a file of this cadence in this market state. */
export function refreshInterval(cadence: Cadence, phase: MarketPhase, kind?: FileKind): number {
  if (cadence !== 'live') return CADENCE_INTERVAL_MS[cadence];
  if (phase === 'open') return OPEN_INTERVAL_MS;
  // Unconfirmed: only the status is polled fast, to find out.
  if (phase === 'unconfirmed' && kind === 'status') return OPEN_INTERVAL_MS;
  return CLOSED_INTERVAL_MS;
}

export interface TrackedFile {
  /** path below data/ */
  path: string;
  kind: FileKind;
  cadence: Cadence;
}

/**
 * The files a client of one layout keeps fresh, each once: the path the real upstream publishes
 * (our files have it too), else the contract's; the current month of price history;
 * `market/live.json` is left out (it mirrors the stock rows).
 */
export function trackedFiles(layout: Layout, now: number): TrackedFile[] {
  const out: TrackedFile[] = [];
  for (const e of ENDPOINTS) {
    const path = e.upstream?.[layout] ?? e[layout][0];
    if (!path || e.kind === 'about') continue;
    out.push({ path: e.kind === 'ltpMonth' ? ltpMonthPath(nepalTime(now).date.slice(0, 7)) : path, kind: e.kind, cadence: e.cadence });
  }
  // Layout A's series files: the manifests, this month of index history, today's intraday prices
  // and floor sheet (Nepal date), and both floor-sheet look-ups; older months are fetched when asked.
  if (layout === 'a') {
    const today = nepalTime(now).date;
    for (const e of SERIES_ENDPOINTS) {
      for (const p of e.a) out.push({ path: p.replace('{month}', today.slice(0, 7)).replace('{date}', today), kind: e.kind, cadence: e.cadence });
    }
  }
  return out;
}

/** The files of one cadence ("which files belong to which cadence"). */
export function filesOfCadence(layout: Layout, cadence: Cadence, now: number): string[] {
  return trackedFiles(layout, now)
    .filter((f) => f.cadence === cadence)
    .map((f) => f.path);
}

/** Files due now: never fetched, or fetched longer ago than their interval. Status first. */
export function dueFiles(files: readonly TrackedFile[], lastFetched: Readonly<Record<string, number>>, state: MarketState, now: number): TrackedFile[] {
  const due = files.filter((f) => {
    const last = lastFetched[f.path];
    return last === undefined || now - last >= refreshInterval(f.cadence, state.phase, f.kind);
  });
  return due.sort((x, y) => Number(y.kind === 'status') - Number(x.kind === 'status'));
}

/** When the next request may go, given the times of requests already sent. */
export function nextRequestAt(sent: readonly number[], now: number, limit = RATE_LIMIT): number {
  const inWindow = sent.filter((t) => t > now - limit.windowMs && t <= now).sort((a, b) => a - b);
  if (inWindow.length < limit.requests) return now;
  // The window frees up when the oldest of the last `requests` requests leaves it.
  return inWindow[inWindow.length - limit.requests]! + limit.windowMs;
}

/**
 * Spreads requests so that, with those already sent, no 60-second window holds more than 10:
 * each as early as allowed, in the order given.
 */
export function scheduleRequests<T>(items: readonly T[], sent: readonly number[], now: number, limit = RATE_LIMIT): Array<{ item: T; at: number }> {
  const times = sent.filter((t) => t > now - limit.windowMs).sort((a, b) => a - b);
  const out: Array<{ item: T; at: number }> = [];
  let t = now;
  for (const item of items) {
    // The earliest time ≥ t at which fewer than `requests` of `times` fall in (time − window, time].
    const k = times.length - limit.requests;
    const at = k >= 0 ? Math.max(t, times[k]! + limit.windowMs) : t;
    out.push({ item, at });
    times.push(at);
    t = at;
  }
  return out;
}

/** When to wake next: the soonest time any tracked file becomes due. */
export function nextWake(files: readonly TrackedFile[], lastFetched: Readonly<Record<string, number>>, state: MarketState, now: number): number {
  let soonest = Number.POSITIVE_INFINITY;
  for (const f of files) {
    const last = lastFetched[f.path];
    const at = last === undefined ? now : last + refreshInterval(f.cadence, state.phase, f.kind);
    soonest = Math.min(soonest, Math.max(at, now));
  }
  return soonest;
}
