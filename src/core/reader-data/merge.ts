// Merging an imported file into what the device holds. Nothing already there is lost: records
// are joined by their key; when both sides have one key with different content, the newer by
// its time (`at`) wins and a tie keeps the device's; portfolio transactions, which have no
// shared key, are joined by content (each distinct transaction as many times as the side with
// more of it has it); a setting is taken only where the device has none. So importing the same
// file twice adds nothing the second time.

import { holdingsOf } from '../market/portfolio/ledger.ts';
import type { Transaction } from '../market/portfolio/types.ts';
import type { PartName, Parts, PortfolioPart, SettingsPart } from './format.ts';
import { DEFAULT_UPSTREAM, normaliseUpstream } from '../market/settings.ts';

export interface PartSummary {
  /** records that were not on the device */
  added: number;
  /** records on both sides with different content, where the file's was newer and replaced the device's */
  updated: number;
  /** records of the file already on the device, or on it in a newer or equal version */
  kept: number;
  /** of updated and kept: the records that differed */
  conflicts: number;
}
export type Summary = Record<PartName, PartSummary>;

export interface Merged {
  /** the device's data after the import */
  parts: Parts;
  /** what to write: per keyed part the rows to put; new transactions to add; settings to set */
  writes: Parts;
  summary: Summary;
}

const zero = (): PartSummary => ({ added: 0, updated: 0, kept: 0, conflicts: 0 });
const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);
/** JSON with keys sorted and undefined fields left out: one text per content. */
export function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (typeof v === 'object' && v !== null)
    return `{${Object.keys(v)
      .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v);
}

/** Rows keyed by `key`; returns the merged rows (device order, new ones after) and the rows to write. */
export function mergeKeyed<T extends { at: number }>(
  existing: readonly T[],
  incoming: readonly T[],
  key: (r: T) => string,
): { rows: T[]; writes: T[]; summary: PartSummary } {
  const summary = zero();
  const byKey = new Map(existing.map((r) => [key(r), r]));
  const writes = new Map<string, T>();
  for (const r of incoming) {
    const k = key(r);
    const have = byKey.get(k);
    if (!have) summary.added++;
    else if (same(have, r)) {
      summary.kept++;
      continue;
    } else {
      summary.conflicts++;
      if (r.at > have.at) summary.updated++;
      else {
        summary.kept++;
        continue;
      }
    }
    byKey.set(k, r);
    writes.set(k, r);
  }
  return { rows: [...byKey.values()], writes: [...writes.values()], summary };
}

/** Transactions joined by content; `existing` may carry the device's ids, which are not content. */
export function mergeTransactions(existing: readonly Transaction[], incoming: readonly Transaction[]): { added: Transaction[]; summary: PartSummary } {
  const summary = zero();
  const content = (t: Transaction) => {
    const { id: _id, ...rest } = t as Transaction & { id?: unknown };
    return canonical(rest);
  };
  const have = new Map<string, number>();
  for (const t of existing) have.set(content(t), (have.get(content(t)) ?? 0) + 1);
  const added: Transaction[] = [];
  for (const t of incoming) {
    const c = content(t);
    const n = have.get(c) ?? 0;
    if (n > 0) {
      have.set(c, n - 1);
      summary.kept++;
    } else {
      added.push(t);
      summary.added++;
    }
  }
  return { added, summary };
}

/** A setting comes from the file only where the device has none. */
function mergeSettings(existing: SettingsPart, incoming: SettingsPart): { settings: SettingsPart; writes: SettingsPart; summary: PartSummary } {
  const summary = zero();
  const settings: SettingsPart = { ...existing };
  const writes: SettingsPart = {};
  for (const k of ['lang', 'market'] as const) {
    if (incoming[k] === undefined) continue;
    if (existing[k] === undefined) {
      (writes as Record<string, unknown>)[k] = (settings as Record<string, unknown>)[k] = incoming[k];
      summary.added++;
    } else {
      summary.kept++;
      if (!same(existing[k], incoming[k])) summary.conflicts++;
    }
  }
  return { settings, writes, summary };
}

function mergePortfolio(existing: PortfolioPart, incoming: PortfolioPart): { portfolio: PortfolioPart; writes: PortfolioPart; summary: PartSummary } {
  const { added, summary } = mergeTransactions(existing.transactions, incoming.transactions);
  const portfolio: PortfolioPart = { ...existing, transactions: [...existing.transactions, ...added] };
  const writes: PortfolioPart = { transactions: added };
  // The investor type is a setting of the portfolio: taken only where the device has none.
  if (incoming.investor !== undefined) {
    if (existing.investor === undefined) {
      portfolio.investor = writes.investor = incoming.investor;
      summary.added++;
    } else {
      summary.kept++;
      if (existing.investor !== incoming.investor) summary.conflicts++;
    }
  }
  return { portfolio, writes, summary };
}

export function mergeParts(existing: Parts, incoming: Parts): Merged {
  const word = (r: { word: string }) => r.word;
  const id = (r: { id: string }) => r.id;
  const bookmarks = mergeKeyed(existing.bookmarks, incoming.bookmarks, word);
  const history = mergeKeyed(existing.history, incoming.history, word);
  const shelves = mergeKeyed(existing.shelves, incoming.shelves, id);
  const positions = mergeKeyed(existing.positions, incoming.positions, id);
  const listening = mergeKeyed(existing.listening ?? [], incoming.listening ?? [], id);
  // Like the alerts: absent on both sides stays absent.
  const withListening = existing.listening !== undefined || incoming.listening !== undefined;
  const watchlist = mergeKeyed(existing.watchlist, incoming.watchlist, (r) => r.symbol);
  const alerts = mergeKeyed(existing.alerts ?? [], incoming.alerts ?? [], id);
  // Absent on both sides (a file from before the alerts, a device without any): left absent.
  const withAlerts = existing.alerts !== undefined || incoming.alerts !== undefined;
  const portfolio = mergePortfolio(existing.portfolio, incoming.portfolio);
  const settings = mergeSettings(existing.settings, incoming.settings);
  return {
    parts: {
      bookmarks: bookmarks.rows,
      history: history.rows,
      shelves: shelves.rows,
      positions: positions.rows,
      ...(withListening ? { listening: listening.rows } : {}),
      watchlist: watchlist.rows,
      ...(withAlerts ? { alerts: alerts.rows } : {}),
      portfolio: portfolio.portfolio,
      settings: settings.settings,
    },
    writes: {
      bookmarks: bookmarks.writes,
      history: history.writes,
      shelves: shelves.writes,
      positions: positions.writes,
      ...(withListening ? { listening: listening.writes } : {}),
      watchlist: watchlist.writes,
      ...(withAlerts ? { alerts: alerts.writes } : {}),
      portfolio: portfolio.writes,
      settings: settings.writes,
    },
    summary: {
      bookmarks: bookmarks.summary,
      history: history.summary,
      shelves: shelves.summary,
      positions: positions.summary,
      listening: listening.summary,
      watchlist: watchlist.summary,
      alerts: alerts.summary,
      portfolio: portfolio.summary,
      settings: settings.summary,
    },
  };
}

/**
 * The market source an import would start using, when it differs from the one the device uses:
 * then the reader is asked first (an imported file could send every market refresh to its
 * author's host). Undefined when the import leaves the source as it is: the device has a setting
 * of its own (kept), or the file's is the default.
 */
export function marketSourceChange(device: SettingsPart, incoming: SettingsPart): string | undefined {
  const m = incoming.market;
  if (!m || device.market !== undefined || m.upstream === '' || normaliseUpstream(m.upstream) === DEFAULT_UPSTREAM) return undefined;
  return m.upstream;
}

/**
 * Throws the portfolio's own DataError (core/market/portfolio/ledger.ts) when the merged
 * transactions do not add up (a sell of more shares than held once both lists are joined): the
 * portfolio screen could not show them, so such an import is refused before anything is written.
 */
export function checkMerged(parts: Parts): void {
  holdingsOf(parts.portfolio.transactions, { investor: parts.portfolio.investor ?? 'individual' });
}
