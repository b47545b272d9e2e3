// Opening an IndexedDB database the way every store here needs it: one connection per
// database, a blocked upgrade (an old tab) fails after a while instead of hanging every
// answer, and a failed open is tried again on the next call rather than remembered.

import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

const OPEN_TIMEOUT_MS = 3000;
/** The DOMException name of a blocked upgrade (StorageProblem 'blocked'). */
export const BLOCKED = 'TimeoutError';

export function lazyDb<S extends DBSchema>(name: string, version: number, upgrade: (db: IDBPDatabase<S>) => void): () => Promise<IDBPDatabase<S>> {
  let pending: Promise<IDBPDatabase<S>> | undefined;
  return () => {
    pending ??= new Promise<IDBPDatabase<S>>((ok, fail) => {
      const blocked = () => fail(new DOMException(`${name}: database upgrade blocked`, BLOCKED));
      const timer = setTimeout(blocked, OPEN_TIMEOUT_MS);
      openDB<S>(name, version, { upgrade, blocked, terminated: () => (pending = undefined) }).then(
        (db) => (clearTimeout(timer), ok(db)),
        (e) => (clearTimeout(timer), fail(e)),
      );
    });
    pending.catch(() => (pending = undefined));
    return pending;
  };
}
