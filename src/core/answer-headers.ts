// Every X-Khoj-* header: those the service worker's answers carry, and one a page's request may
// carry (tests/core/answer-headers.test.ts keeps them here).

export type { StorageProblem } from './errors.ts';

/** Header on /api/v1 answers: where the service worker found the file. */
export const SOURCE_HEADER = 'X-Khoj-Source';
/** Request header: answer from device storage only (504 if not stored), never the network. */
export const STORED_ONLY_HEADER = 'X-Khoj-Stored-Only';
/** Header on answers made while device storage failed: the page tells the reader. */
export const STORAGE_HEADER = 'X-Khoj-Storage-Problem';
export type AnswerSource = 'idb' | 'network';

/** What every one of them begins with (lower case, as Headers gives names): the read worker passes these on. */
export const HEADER_PREFIX = 'x-khoj-';

/** Headers on every market /data/** answer of the worker. */
export const FILE_HEADERS = {
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
