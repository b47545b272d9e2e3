// What the page asks the service worker about market data, what the worker broadcasts, and the
// headers on its /data/** answers.

import type { StorageProblem } from '../errors.ts';
import { call, carries } from '../rpc/protocol.ts';
import type { MarketSettings } from './settings.ts';
import type { Layout } from './types/index.ts';
import type { PhaseWhy } from './refresh-policy.ts';
import type { RefreshProblem } from './refresh-problem.ts';

export interface FileState {
  path: string;
  /** when the stored text was fetched (ms); undefined: nothing stored */
  fetchedAt?: number;
  /** "bundled" or the upstream base URL it came from */
  source?: string;
  stale: boolean;
  problem?: RefreshProblem;
  /** the last refresh attempt at the upstream */
  checkedAt?: number;
}

/** What is stored, and when the next refresh is. */
export interface MarketStatusReply {
  upstream: string;
  settings: MarketSettings;
  layout: Layout | null;
  phase: string;
  reason: string;
  /** the reason as a code the screens translate: the state's (core/market/refresh-policy.ts PhaseWhy), 'no-layout' or 'storage' */
  why: PhaseWhy | 'no-layout' | 'storage';
  files: FileState[];
  pending: number;
  nextWake: number | null;
  /** requests sent to the upstream in the last 60 s */
  sentLastMinute: number;
  /** the standing device storage failure, or null */
  storage: StorageProblem | null;
}

/** Files changed (new text or stale flag); `done` at the end of a refresh, with when the next is due. */
export interface MarketUpdated {
  touched: string[];
  /**
   * Of `touched`, the paths whose text did not change: a failed refresh only marked them stale,
   * with `failed`'s problem. A page holding them updates their status without reading them again.
   */
  markedStale?: string[];
  failed: Array<{ path: string; problem: RefreshProblem }>;
  pending: number;
  done: boolean;
  nextWake?: number;
  nextRequestAt?: number;
  /** a device storage failure standing after this step (null: storage works) */
  storage?: StorageProblem | null;
}

export const MARKET_PROTOCOL = {
  calls: {
    /**
     * Refresh: the files that are due, plus (forced) the files of these kinds or paths below data/,
     * whether due or not. Sent on focus, visibility, coming online, by the refresh button and by
     * tests; answered when the refresh has run.
     */
    'market-refresh': call<null>()({ kinds: 'string[]?', paths: 'string[]?', reason: 'string?' }),
    /** The settings in IndexedDB changed: read them again, answer with the status that shows the new upstream, then refresh everything from it. */
    'market-settings': call<MarketStatusReply>()({}),
    /** what is stored, and when the next refresh is */
    'market-status': call<MarketStatusReply>()({}),
  },
  broadcasts: {
    'market-updated': carries<MarketUpdated>(),
  },
};

/** Headers on every /data/** answer of the worker (core/answer-headers.ts names every X-Khoj-* header). */
export { FILE_HEADERS as HEADERS } from '../answer-headers.ts';

/** The tag of the periodic background sync. */
export const PERIODIC_SYNC_TAG = 'khoj-market-refresh';
