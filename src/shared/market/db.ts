// The market's IndexedDB database, `khoj-market`: one row per /data file (its text, and apart
// from it how its refreshes went), the settings, the refresh bookkeeping and the reader's
// watchlist. The one schema both the worker and the page open (the page writes the settings and
// the watchlist; the worker everything else).

import type { DBSchema } from 'idb';
import { DEFAULT_SETTINGS, type MarketSettings } from '../../core/market/settings.ts';
import type { Layout } from '../../core/market/types/index.ts';
import { SECTION } from '../../core/sections.ts';
import { lazyDb } from '../open-db.ts';

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
  problem?: string;
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
}

export const marketDb = lazyDb<Schema>(SECTION.market.databases.market, 1, (d) => {
  d.createObjectStore('files', { keyPath: 'path' });
  d.createObjectStore('status', { keyPath: 'path' });
  d.createObjectStore('meta');
  d.createObjectStore('watchlist', { keyPath: 'symbol' }).createIndex('at', 'at');
});

export async function readSettings(): Promise<MarketSettings> {
  const s = (await (await marketDb()).get('meta', 'settings')) as Partial<MarketSettings> | undefined;
  return { ...DEFAULT_SETTINGS, ...s };
}

export async function writeSettings(s: MarketSettings): Promise<void> {
  await (await marketDb()).put('meta', { upstream: s.upstream, layout: s.layout }, 'settings');
}
