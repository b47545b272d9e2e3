// What the page asks the service worker about the dictionary, and what it broadcasts.

import type { StorageProblem } from '../errors.ts';
import { call, carries, checked } from '../rpc/protocol.ts';
import type { PackedFile, PackIndexFile } from './pack/files.ts';

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

/** What a content pack's dictionary part would hold (core/packs/dictionary-part.ts): the stored build's files, in the part's order and blocks. */
export interface DictionaryPartPlan {
  version: string | null;
  /** every file of the whole dictionary is stored (only then is the part offered) */
  whole: boolean;
  files: PackedFile[];
  /** how many of `files` each block holds */
  counts: number[];
  /** the files' bytes, stored */
  bytes: number;
}

/** How the worker takes a pack's dictionary part: into this build, staged for a switch to a newer one, or not at all (an older build). */
export type DictionaryPartStart = { take: 'same' | 'newer'; id: string } | { skip: 'older' };

const isBytes = (v: unknown): v is Uint8Array => v instanceof Uint8Array;
const isIndex = (v: unknown): v is PackIndexFile => typeof v === 'object' && v !== null && !Array.isArray(v);

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
    /** what a content pack's dictionary part would hold */
    'dictionary-part-plan': call<DictionaryPartPlan>()({}),
    /** one block of that part, compressed: the stored files `paths` (`files`: block 0, which begins with the pack's header naming how many files the part holds) */
    'dictionary-part-block': call<Uint8Array>()({ version: 'string', paths: 'string[]', files: 'number?' }),
    /** a pack's dictionary part coming in: its index (checked again here); older builds are skipped */
    'dictionary-part-start': call<DictionaryPartStart>()({ index: checked(isIndex, 'a pack index') }),
    /** one block of it: verified by its SHA-256, each file checked as a new build's, then stored; a KhojError 'damaged' names what is wrong */
    'dictionary-part-take': call<void>()({ id: 'string', block: 'number', bytes: checked(isBytes, 'bytes') }),
    /** the part ended with its digest matching: every file must be stored, then a newer build is switched to through the build check's switch */
    'dictionary-part-end': call<{ version: string; switched: boolean }>()({ id: 'string' }),
    /** the part was refused: what was staged for another build is dropped */
    'dictionary-part-drop': call<void>()({ id: 'string' }),
  },
  broadcasts: {
    /** a newer build was switched to */
    'dictionary-updated': carries<{ version: string }>(),
    /** a save of the whole dictionary moved on (every window hears it) */
    'dictionary-save-progress': carries<WholeSaveProgress>(),
  },
};
