// Persistent storage for the reader's saved files: asked of the browser once, when the reader
// first saves a file (downloads.ts), so that the browser does not clear them under storage
// pressure without asking; My downloads shows whether it is granted.

import { useEffect, useState } from 'preact/hooks';

const ASKED = 'khoj.books.persistAsked';

/** Asks for persistent storage the first time only (the browser may grant it silently or not at all). */
export async function askPersistOnce(): Promise<boolean | undefined> {
  const storage = navigator.storage;
  if (!storage?.persist) return undefined;
  try {
    if (localStorage.getItem(ASKED)) return undefined;
    localStorage.setItem(ASKED, String(Date.now()));
  } catch {
    // No localStorage: asking each time is harmless, the browser remembers its answer.
  }
  if (await storage.persisted?.().catch(() => false)) return true;
  return storage.persist().catch(() => false);
}

/** Whether the app's storage is persistent (undefined: the browser cannot say). */
export function usePersisted(deps: unknown[]): boolean | undefined {
  const [persisted, set] = useState<boolean>();
  useEffect(() => {
    void navigator.storage
      ?.persisted?.()
      .then(set)
      .catch(() => undefined);
  }, deps);
  return persisted;
}

/** The browser's figures for the app's storage (navigator.storage.estimate), read again when `deps` change. */
export function useEstimate(deps: unknown[]): { usage: number; quota: number } | null {
  const [estimate, set] = useState<{ usage: number; quota: number } | null>(null);
  useEffect(() => {
    void navigator.storage
      ?.estimate?.()
      .then((e) => set({ usage: e.usage ?? 0, quota: e.quota ?? 0 }))
      .catch(() => undefined);
  }, deps);
  return estimate;
}
