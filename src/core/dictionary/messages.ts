// What the page asks the service worker about the dictionary, and what it broadcasts.

import type { StorageProblem } from '../errors.ts';
import { call, carries } from '../rpc/protocol.ts';

export interface DictionaryStatus {
  build: string;
  version: string | null;
  files: number;
  paths: string[];
  bytes: number;
  writeMs: number;
  storage: StorageProblem | null;
  /** a newer build that failed its checks: why, and when it is tried again (ms) without being asked */
  retry?: { version: string; attempts: number; retryAt: number; problem: string } | null;
}

/**
 * "Save the whole dictionary", as the worker runs it (src/sw/dictionary/save-whole.ts): its step,
 * and the bytes received of what it has to fetch (what crosses the network).
 */
export interface WholeSaveProgress {
  /**
   * `letters`: making the letters' word lists from the headword list; `pack`: fetching the pack;
   * `files`: fetching files one by one (a build without a pack, or a damaged one); `meanings`:
   * making the meaning index from the entries; then how it ended: `done`, `cancelled`, `offline`
   * (carried on when the connection comes back), `failed`
   */
  step: 'letters' | 'pack' | 'files' | 'meanings' | 'done' | 'cancelled' | 'offline' | 'failed';
  received: number;
  /** bytes to fetch in all (0 when nothing is left to fetch, or the size is not known) */
  total: number;
  /** why it failed, or why the pack was set aside for the files */
  problem?: string;
}

export const DICTIONARY_PROTOCOL = {
  calls: {
    /** look for a newer dictionary build on the network and switch to it when complete; `force`: now, even while a failed switch waits for its back-off */
    'dictionary-check': call<{ version: string | null; problem?: string }>()({ force: 'boolean?' }),
    /** how much of the current dictionary is stored */
    'dictionary-status': call<DictionaryStatus>()({}),
    /** save the whole dictionary (its pack, or its files), one run at a time (a second ask joins it); answered when it ends, with how */
    'dictionary-save-whole': call<WholeSaveProgress>()({}),
    /** stop a save of the whole dictionary under way (what is stored stays: a later save resumes) */
    'dictionary-save-cancel': call<void>()({}),
    /** delete the stored files beyond the small part (index files, headwords, sample): the bytes freed */
    'dictionary-forget': call<{ freed: number }>()({}),
  },
  broadcasts: {
    /** a newer build was switched to */
    'dictionary-updated': carries<{ version: string }>(),
    /** a save of the whole dictionary moved on (every window hears it) */
    'dictionary-save-progress': carries<WholeSaveProgress>(),
  },
};
