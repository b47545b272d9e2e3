// Messages between the page and the service worker. Types only: both sides import them.

import type { OfflineStatus } from './offline-promise.ts';

/** Page → service worker. */
export type ToWorker =
  | { type: 'SKIP_WAITING' }
  /** look for a newer dictionary build on the network and switch to it when complete */
  | { type: 'dictionary-check'; /** now, even while a failed switch waits for its back-off */ force?: boolean }
  /** how much of the current dictionary is stored */
  | { type: 'dictionary-status'; id?: number }
  /** what is on the device for offline use, per section */
  | { type: 'offline-status'; id?: number }
  /** save each section's small part now (src/core/offline-promise.ts), if not saved yet */
  | { type: 'offline-save' };

/** Service worker → page. */
export type FromWorker =
  | {
      type: 'dictionary-status';
      /** the id of the request answered */
      id?: number;
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
  | { type: 'dictionary-updated'; version: string }
  /** the answer to `dictionary-check`: the current build, and why a newer one was not taken */
  | { type: 'dictionary-checked'; version: string | null; problem?: string }
  | { type: 'offline-status'; id?: number; status: OfflineStatus }
  /** broadcast when the install-time saving finished (or a section's saved state changed) */
  | { type: 'offline-saved'; status: OfflineStatus };

export type StorageProblem = 'quota' | 'unavailable' | 'blocked' | 'corrupt' | 'other';

/** Header on /api/v1 answers: where the service worker found the file. */
export const SOURCE_HEADER = 'X-Khoj-Source';
/** Request header: answer from device storage only (504 if not stored), never the network. */
export const STORED_ONLY_HEADER = 'X-Khoj-Stored-Only';
/** Header on /api/v1 answers made while device storage failed: the page tells the reader. */
export const STORAGE_HEADER = 'X-Khoj-Storage-Problem';
export type AnswerSource = 'idb' | 'network';
