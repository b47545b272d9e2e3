// Opening an IndexedDB database the way every store here needs it: one connection per
// database, closed as soon as a newer version of the app wants to upgrade it (so our own old
// tabs and workers never hold an upgrade up); an upgrade that someone else holds up (an old
// tab of an older build) fails every call at once instead of holding answers back, while the
// open itself goes on and is used when that tab lets go; a failed open is tried again on the
// next call rather than remembered.

import { type DBSchema, type IDBPDatabase, openDB, type OpenDBCallbacks } from 'idb';

/** The longest a call waits for an open that neither succeeds nor says it is blocked. */
const OPEN_TIMEOUT_MS = 3000;
/** The DOMException name of a blocked upgrade (StorageProblem 'blocked'). */
export const BLOCKED = 'TimeoutError';

export function lazyDb<S extends DBSchema>(name: string, version: number, upgrade: NonNullable<OpenDBCallbacks<S>['upgrade']>): () => Promise<IDBPDatabase<S>> {
  let opening: Promise<IDBPDatabase<S>> | undefined;
  let blocked = false;
  /** the calls waiting for `opening`: told at once when it turns out to be blocked */
  const waiting = new Set<() => void>();
  const blockedError = () => new DOMException(`${name}: the upgrade to version ${version} waits for another tab to close`, BLOCKED);
  const forget = (p: Promise<IDBPDatabase<S>>) => {
    if (opening === p) opening = undefined;
  };

  function open(): Promise<IDBPDatabase<S>> {
    blocked = false;
    // Through then(), so an open() that throws at once (no IndexedDB here) is a rejection too.
    const p: Promise<IDBPDatabase<S>> = Promise.resolve().then(() =>
      openDB<S>(name, version, {
        upgrade,
        blocked: () => {
          blocked = true;
          for (const tell of waiting) tell();
        },
        // A newer version wants to upgrade: let it; the next call opens again.
        blocking: () => {
          forget(p);
          void p.then((db) => db.close());
        },
        terminated: () => forget(p),
      }),
    );
    p.then(
      () => (blocked = false),
      () => forget(p),
    );
    return p;
  }

  return () => {
    const p = (opening ??= open());
    if (blocked) return Promise.reject(blockedError());
    return new Promise<IDBPDatabase<S>>((ok, fail) => {
      const timer = setTimeout(() => tell(), OPEN_TIMEOUT_MS);
      const settle = (then: () => void) => {
        clearTimeout(timer);
        waiting.delete(tell);
        then();
      };
      const tell = () => settle(() => fail(blockedError()));
      waiting.add(tell);
      p.then(
        (db) => settle(() => ok(db)),
        (e: unknown) => settle(() => fail(e)),
      );
    });
  };
}
