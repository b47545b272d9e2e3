// The market's IndexedDB database, `khoj-market`: one row per /data file (its text, and apart
// from it how its refreshes went), the settings, the refresh bookkeeping and the reader's
// watchlist, and the reader's alerts with the alert events already fired. The one schema both the
// worker and the page open (the page writes the settings, the watchlist and the alerts; the
// worker everything else, and each alert's last checked price).

import type { DBSchema, IDBPObjectStore, StoreNames } from 'idb';
import { DEFAULT_SETTINGS, type MarketSettings } from '../../core/market/settings.ts';
import type { Layout } from '../../core/market/types/index.ts';
import type { FiredEvent, PriceAlert } from '../../core/market/alerts/types.ts';
import { SECTION } from '../../core/sections.ts';
import { lazyDb } from '../open-db.ts';
import { readRefreshProblem, type RefreshProblem } from '../../core/market/refresh-problem.ts';
import { oldReason } from '../../core/market/reasons.ts';

/** The text of one /data file, by its path below data/ (either layout). */
export interface FileBody {
  path: string;
  body: string;
  /** the layout of the text */
  layout: Layout;
  /** when the text was fetched (ms) */
  fetchedAt: number;
  /** "bundled" (the app's own origin) or the upstream base URL */
  source: string;
  /** made from the other layout's file (same data, this path's names) */
  converted?: boolean;
  etag?: string;
  lastModified?: string;
}

/** How the refreshes of one file went (small: the refresh policy reads every one of them). */
export interface FileStatus {
  path: string;
  /** the last refresh failed: the stored text is the last good one */
  stale: boolean;
  /** why the last refresh failed, as data (core/market/refresh-problem.ts) */
  problem?: RefreshProblem;
  /** the last refresh attempt of this file (ms), at `checkedUpstream` */
  checkedAt?: number;
  checkedUpstream?: string;
  /** copies of the stored text's fetchedAt and source, so status never reads the texts */
  fetchedAt?: number;
  source?: string;
}

/** What the worker remembers between runs. */
export interface RefreshMeta {
  /** the upstream the layout was found at, and its layout */
  upstream?: string;
  layout?: Layout;
  /** times of the requests sent to upstreams (the 10-a-minute window) */
  sent: number[];
}

export interface WatchItem {
  symbol: string;
  at: number;
}

interface Schema extends DBSchema {
  files: { key: string; value: FileBody };
  status: { key: string; value: FileStatus };
  meta: { key: string; value: unknown };
  watchlist: { key: string; value: WatchItem; indexes: { at: number } };
  /** price alerts (core/market/alerts/types.ts), by `symbol:direction:level`; the other alerts' options are `meta` row "alert-options" */
  alerts: { key: string; value: PriceAlert };
  /** alert events fired, by event id: each fires once */
  fired: { key: string; value: FiredEvent };
}

/**
 * A status row as a version before 3 stored it, its problem an English sentence: the same row with
 * the problem as data (core/market/reasons.ts reads the sentence, once). Any other row as it is.
 */
export function oldStatusRow(row: Omit<FileStatus, 'problem'> & { problem?: unknown }): FileStatus {
  const was = row.problem;
  if (was === undefined || readRefreshProblem(was)) return row as FileStatus;
  return { ...row, problem: oldReason(typeof was === 'string' ? was : '') };
}

/**
 * Version 2 added the alerts and the fired events; each step creates only what is missing.
 * Version 3 stores a refresh problem as data: the status rows of an older version are converted.
 */
/** The market database's version (3: refresh problems stored as data, older English reasons converted). */
export const MARKET_DB_VERSION = 3;
export const marketDb = lazyDb<Schema>(SECTION.market.databases.market, MARKET_DB_VERSION, (d, oldVersion, _newVersion, tx) => {
  const has = (name: string) => d.objectStoreNames.contains(name as 'files');
  if (!has('files')) d.createObjectStore('files', { keyPath: 'path' });
  if (!has('status')) d.createObjectStore('status', { keyPath: 'path' });
  if (!has('meta')) d.createObjectStore('meta');
  if (!has('watchlist')) d.createObjectStore('watchlist', { keyPath: 'symbol' }).createIndex('at', 'at');
  if (!has('alerts')) d.createObjectStore('alerts', { keyPath: 'id' });
  if (!has('fired')) d.createObjectStore('fired', { keyPath: 'id' });
  if (oldVersion > 0 && oldVersion < 3) void convertOldProblems(tx.objectStore('status'));
});

// Within the upgrade's transaction: the database opens once every row is written.
async function convertOldProblems(status: IDBPObjectStore<Schema, ArrayLike<StoreNames<Schema>>, 'status', 'versionchange'>) {
  for (let c = await status.openCursor(); c; c = await c.continue()) {
    const row = oldStatusRow(c.value);
    if (row !== c.value) void c.update(row);
  }
}

export async function readSettings(): Promise<MarketSettings> {
  const s = (await (await marketDb()).get('meta', 'settings')) as Partial<MarketSettings> | undefined;
  return { ...DEFAULT_SETTINGS, ...s };
}

export async function writeSettings(s: MarketSettings): Promise<void> {
  await (await marketDb()).put('meta', { upstream: s.upstream, layout: s.layout }, 'settings');
}

/**
 * The stored files' size (their texts' length: the JSON is ASCII but for names, so about its bytes),
 * for the storage screen; read row by row, never all texts at once.
 */
export async function storedBytes(): Promise<{ files: number; bytes: number }> {
  const tx = (await marketDb()).transaction('files');
  let files = 0;
  let bytes = 0;
  for (let c = await tx.store.openCursor(); c; c = await c.continue()) {
    files++;
    bytes += c.value.body.length;
  }
  return { files, bytes };
}
