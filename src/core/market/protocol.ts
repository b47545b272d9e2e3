// What the page and the service worker say to each other about market data: messages, the
// headers on /data/** answers, the upstream setting. No DOM, no worker globals: both sides import it.

import type { FileKind } from './endpoints.ts';
import type { Layout } from './types.ts';
import type { StorageProblem } from '../sw-protocol.ts';

/** The public upstream (the scraper's static host, layout A); files live at `{base}/data/…`. */
export const PUBLIC_UPSTREAM = 'https://shubhamnpk.github.io/yonepse';

// `VITE_MARKET_UPSTREAM` at build time replaces the public upstream as the default.
const env = (import.meta as unknown as { env?: Record<string, string | undefined> }).env;
export const DEFAULT_UPSTREAM = normaliseUpstream(env?.VITE_MARKET_UPSTREAM ?? '') ?? PUBLIC_UPSTREAM;

export type LayoutSetting = 'auto' | Layout;

/** The reader's choice, stored in IndexedDB (`meta` row "settings"); "" = the default upstream. */
export interface MarketSettings {
  upstream: string;
  layout: LayoutSetting;
}
export const DEFAULT_SETTINGS: MarketSettings = { upstream: '', layout: 'auto' };

/**
 * A base URL as people type it: trimmed, http(s) only, without a trailing slash, `/data` or a
 * file name under it (`…/yonepse/data/market/status.json` → `…/yonepse`). Undefined when it is
 * blank or not an absolute http(s) URL.
 */
export function normaliseUpstream(text: string): string | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  let url: URL;
  try {
    url = new URL(t);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  url.hash = '';
  url.search = '';
  let path = url.pathname.replace(/\/+$/, '');
  const data = path.search(/\/data(\/|$)/);
  if (data >= 0) path = path.slice(0, data);
  return `${url.origin}${path}`;
}

/** The upstream a setting means. */
export const upstreamOf = (s: MarketSettings): string => normaliseUpstream(s.upstream) ?? DEFAULT_UPSTREAM;

/** Page → worker. */
export type MarketToWorker =
  /**
   * Refresh: the files that are due, plus (forced) the files of these kinds or paths below data/,
   * whether due or not. Sent on focus, visibility, coming online, by the refresh button and by tests.
   */
  | { type: 'market-refresh'; kinds?: FileKind[]; paths?: string[]; reason?: string }
  /**
   * The settings in IndexedDB changed: read them again, answer with a `market-status` (same id)
   * that shows the new upstream, then refresh everything from it.
   */
  | { type: 'market-settings'; id?: number }
  /** what is stored, and when the next refresh is (the reply carries the same id) */
  | { type: 'market-status'; id?: number };

export interface FileState {
  path: string;
  /** when the stored text was fetched (ms); undefined: nothing stored */
  fetchedAt?: number;
  /** "bundled" or the upstream base URL it came from */
  source?: string;
  stale: boolean;
  problem?: string;
  /** the last refresh attempt at the upstream */
  checkedAt?: number;
}

/** Worker → page (to every window). */
export type MarketFromWorker =
  /** files changed (new text or stale flag); `done` at the end of a refresh, with when the next is due */
  | {
      type: 'market-updated';
      touched: string[];
      failed: Array<{ path: string; problem: string }>;
      pending: number;
      done: boolean;
      nextWake?: number;
      nextRequestAt?: number;
      /** a device storage failure standing after this step (null: storage works) */
      storage?: StorageProblem | null;
    }
  | {
      type: 'market-status';
      /** the id of the request answered */
      id?: number;
      upstream: string;
      settings: MarketSettings;
      layout: Layout | null;
      phase: string;
      reason: string;
      files: FileState[];
      pending: number;
      nextWake: number | null;
      /** requests sent to the upstream in the last 60 s */
      sentLastMinute: number;
      /** the standing device storage failure, or null */
      storage: StorageProblem | null;
    };

/** Headers on every /data/** answer of the worker. */
export const HEADERS = {
  /** ISO 8601: when the answered text was fetched */
  fetchedAt: 'X-Khoj-Fetched-At',
  /** "1" when the last refresh of this file failed: the text is the last good one */
  stale: 'X-Khoj-Stale',
  /** why it is stale (percent-encoded) */
  problem: 'X-Khoj-Problem',
  /** "bundled" or the upstream base URL */
  origin: 'X-Khoj-Origin',
  /** ISO 8601: the last refresh attempt */
  checkedAt: 'X-Khoj-Checked-At',
} as const;

/** The tag of the periodic background sync. */
export const PERIODIC_SYNC_TAG = 'khoj-market-refresh';
