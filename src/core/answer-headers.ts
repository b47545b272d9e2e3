// Headers the service worker's answers carry, and one a page's request may carry.

export type { StorageProblem } from './errors.ts';

/** Header on /api/v1 answers: where the service worker found the file. */
export const SOURCE_HEADER = 'X-Khoj-Source';
/** Request header: answer from device storage only (504 if not stored), never the network. */
export const STORED_ONLY_HEADER = 'X-Khoj-Stored-Only';
/** Header on answers made while device storage failed: the page tells the reader. */
export const STORAGE_HEADER = 'X-Khoj-Storage-Problem';
export type AnswerSource = 'idb' | 'network';
