// What the refresher's parts share: what it is given (RefresherDeps), what one refresh knows
// (Context), and the parts themselves, so each seam lives in its own file and the refresher
// (../refresher.ts) only wires them.

import type { FileKind } from '../../../core/market/endpoints.ts';
import type { Layout, MarketStatus } from '../../../core/market/types/index.ts';
import type { MarketCore } from '../core-script.ts';
import type { FileBody, FileStatus, RefreshMeta } from '../../../databases/market/db.ts';
import type { Produced } from '../../../core/market/convert.ts';
import type { MarketSettings } from '../../../core/market/settings.ts';
import type { MarketUpdated } from '../../../core/market/messages.ts';
import type { StorageTracker } from '../../storage.ts';
import type { Fetched } from '../store.ts';
import type { RefreshQueue } from './queue.ts';
import type { RateWindow } from './rate-window.ts';
import type { SettingsEpoch } from './settings-epoch.ts';
import type { RefreshProblem } from '../../../core/market/refresh-problem.ts';

export const MINUTE = 60_000;

export interface Context {
  settings: MarketSettings;
  upstream: string;
  /** the upstream's layout: set, or found from its status file; undefined until then */
  layout?: Layout;
  meta: RefreshMeta;
}

export interface Ask {
  kinds?: FileKind[];
  paths?: string[];
}

export interface Outcome {
  touched: string[];
  /** of touched, marked stale only (their text unchanged) */
  markedStale?: string[];
  failed?: { path: string; problem: RefreshProblem };
}

/** What the refresher reads and writes, and how it reaches the world: the worker's (refresh.ts) or a test's. */
export interface RefresherDeps {
  store: {
    readFile(path: string): Promise<{ file?: FileBody; status?: FileStatus }>;
    readText(path: string): Promise<string | undefined>;
    storeFetched(produced: readonly Produced[], fetched: Fetched): Promise<void>;
    markStale(paths: readonly string[], problem: RefreshProblem, checked?: { paths: readonly string[]; at: number; upstream: string }): Promise<void>;
    allStatus(): Promise<FileStatus[]>;
    readMeta(): Promise<RefreshMeta>;
    writeMeta(m: RefreshMeta): Promise<void>;
    readSettings(): Promise<MarketSettings>;
  };
  /** the validators and converters (loaded on first use in the worker) */
  core(): Pick<MarketCore, 'validate' | 'read' | 'filesFrom' | 'keptAside'>;
  fetch(url: string, init: RequestInit): Promise<Response>;
  clock: {
    now(): number;
    /** resolves at `at`, or sooner (the caller looks again) */
    sleepUntil(at: number): Promise<void>;
    fetchTimeout(ms: number): number;
    fileLimit(bytes: number): number;
  };
  storage: StorageTracker;
  /** tells every window what changed */
  updated(m: MarketUpdated): Promise<void>;
}

/** One refresher's parts: its queue, rate-limit window and settings epoch, and what plans the queue. */
export interface Parts {
  deps: RefresherDeps;
  queue: RefreshQueue;
  window: RateWindow;
  epoch: SettingsEpoch;
  /** the stored status, as the refresh policy reads it */
  storedStatus(layout: Layout): Promise<MarketStatus | null>;
  /** queues what is due and what is asked for */
  plan(c: Context, ask: Ask): Promise<void>;
}

export const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));
