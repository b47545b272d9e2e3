/// <reference lib="webworker" />
// Each section's device storage as the worker sees it: the latest failure, classified by the one
// policy (src/databases/storage-problem.ts), kept until a write works again (or a read, unless the
// disk is full: reads work then). One tracker per section, shared by its answers, its background
// work and its status; the section context carries it (worker-section.ts).

import { classify } from '../databases/storage-problem.ts';
import { STORAGE_HEADER } from '../core/answer-headers.ts';
import { isStorageProblem, type StorageProblem } from '../core/errors.ts';

export interface StorageTracker {
  /** the standing failure, or null */
  problem(): StorageProblem | null;
  /** notes a failure: an error (classified) or a problem; returns the problem */
  failed(e: unknown): StorageProblem;
  /** notes a read or write of device storage that worked */
  worked(op: 'read' | 'write'): void;
  /** `headers` with the standing failure added (STORAGE_HEADER), so the page tells the reader */
  mark(headers: Record<string, string>): Record<string, string>;
}

export function storageTracker(): StorageTracker {
  let standing: StorageProblem | null = null;
  return {
    problem: () => standing,
    failed(e) {
      standing = isStorageProblem(e) ? e : classify(e);
      return standing;
    },
    worked(op) {
      if (op === 'write' || standing !== 'quota') standing = null;
    },
    mark: (headers) => (standing ? { ...headers, [STORAGE_HEADER]: standing } : headers),
  };
}

const trackers = new Map<string, StorageTracker>();
/** The section's one tracker. */
export function storageOf(section: string): StorageTracker {
  let t = trackers.get(section);
  if (!t) trackers.set(section, (t = storageTracker()));
  return t;
}
