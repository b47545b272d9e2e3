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

export const DICTIONARY_PROTOCOL = {
  calls: {
    /** look for a newer dictionary build on the network and switch to it when complete; `force`: now, even while a failed switch waits for its back-off */
    'dictionary-check': call<{ version: string | null; problem?: string }>()({ force: 'boolean?' }),
    /** how much of the current dictionary is stored */
    'dictionary-status': call<DictionaryStatus>()({}),
    /** delete the stored files beyond the small part (index files, headwords, sample): the bytes freed */
    'dictionary-forget': call<{ freed: number }>()({}),
  },
  broadcasts: {
    /** a newer build was switched to */
    'dictionary-updated': carries<{ version: string }>(),
  },
};
