// The search worker's calls (core/rpc/protocol.ts). A words search is answered once; a meanings
// search is answered as it goes (files fetched, results filled in: its steps), the last answer
// `done`; a failure is the call's KhojError. The headword list is the worker's alone: the word of the day and pattern search ask it too. Each ask carries the absolute URL of the /api/v1/ folder: the page knows where it is hosted.

import type { Snippet } from '../../core/dictionary/meanings/snippet.ts';
import { PATTERN_MODES, type PatternResult } from '../../core/dictionary/search/pattern.ts';
import { call, oneOf } from '../../core/rpc/protocol.ts';

/** One result of a meanings search: the entry's word and the sense that matched. */
export interface MeaningHit {
  word: string;
  snippet?: Snippet;
}

export interface SearchAnswer {
  words: string[];
  /** how much of the dictionary was indexed when this answer was made (letters, for words) */
  partial?: { indexed: number; total: number };
  /** what the query needs that is not on the device (offline): letters for words, `meanings` for the meaning index */
  unsaved?: string[];
  /** what the query needs that failed its check even fetched again: `meanings` for a meaning shard */
  damaged?: string[];
  // ---- meanings ----
  /** the results so far, best first; null where the entry's file has not arrived (or is not saved) */
  hits?: Array<MeaningHit | null>;
  /** entries that match in all (more than `hits` when the limit cut them) */
  total?: number;
  /** no entry holds every word of the query: these hold some of them, most first */
  someWords?: boolean;
  /** the query as searched, when it was read as romanised Nepali */
  searchedAs?: string;
  /** files this answer needed from the network or device storage, and how many have arrived */
  progress?: { done: number; total: number };
  /** results whose entries are not saved on this device (offline) */
  missing?: number;
  /** the last answer to this request */
  done?: boolean;
}

export const SEARCH_PROTOCOL = {
  calls: {
    /** reads the headword list and its index now, so the first keystroke finds them ready */
    warm: call<{ ready: boolean }>()({ base: 'string' }),
    /** `count` headwords from dictionary position `from` on, wrapping round (the word of the day, a random word: offline, where their chunk is not stored) */
    at: call<{ words: string[] }>()({ base: 'string', from: 'number', count: 'number' }),
    pattern: call<PatternResult>()({ base: 'string', q: 'string', mode: oneOf(PATTERN_MODES), limit: 'number' }),
    words: call<SearchAnswer>()({ base: 'string', q: 'string', limit: 'number' }),
    /** the words answers for the keystrokes likely after `q` (core/dictionary/search/ahead.ts), each a word a line; none where the list has no shipped index */
    ahead: call<{ answers: Array<[query: string, words: string]> }>()({ base: 'string', q: 'string', limit: 'number' }),
    meanings: call<SearchAnswer, SearchAnswer>()({ base: 'string', q: 'string', limit: 'number' }, true),
  },
  broadcasts: {},
};
