// The one error policy for device storage, page and worker: every IndexedDB failure is one of
// a few problems the reader can be told about (src/core/errors.ts STORAGE_PROBLEMS), carried by a
// KhojError "storage".

import { KhojError, type StorageProblem } from '../core/errors.ts';
import { BLOCKED } from './open-db.ts';

/** A storage failure: KhojError "storage" with its problem, and what caused it. */
export const storageError = (problem: StorageProblem, cause: unknown): KhojError =>
  new KhojError('storage', `${problem}: ${(cause as Error)?.message ?? cause}`, { storage: problem, cause });

export function classify(e: unknown): StorageProblem {
  const name = (e as DOMException)?.name;
  if (name === 'QuotaExceededError') return 'quota';
  if (name === BLOCKED) return 'blocked';
  if (name === 'InvalidStateError' || name === 'SecurityError' || name === 'UnknownError') return 'unavailable';
  if (e instanceof KhojError && e.storage) return e.storage;
  return 'other';
}
