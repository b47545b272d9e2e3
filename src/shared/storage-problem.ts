// The one error policy for device storage, page and worker: every IndexedDB failure is one of
// a few problems the reader can be told about (src/core/answer-headers.ts StorageProblem).

import type { StorageProblem } from '../core/answer-headers.ts';
import { BLOCKED } from './open-db.ts';

export class StorageError extends Error {
  constructor(
    readonly problem: StorageProblem,
    cause: unknown,
  ) {
    super(`storage: ${problem}: ${(cause as Error)?.message ?? cause}`, { cause });
  }
}

export function classify(e: unknown): StorageProblem {
  const name = (e as DOMException)?.name;
  if (name === 'QuotaExceededError') return 'quota';
  if (name === BLOCKED) return 'blocked';
  if (name === 'InvalidStateError' || name === 'SecurityError' || name === 'UnknownError') return 'unavailable';
  if (e instanceof StorageError) return e.problem;
  return 'other';
}
