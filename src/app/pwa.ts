// The page's side of the service worker: registration (workbox-window), the update
// prompt, and messages about stored data.

import { useEffect, useState } from 'preact/hooks';
import { Workbox } from 'workbox-window';
import type { FromWorker, StorageProblem, ToWorker } from '../core/sw-protocol.ts';

export interface PwaState {
  /** first install finished: the shell works offline */
  offlineReady: boolean;
  /** a new version is installed and waiting for the reader's word */
  updateWaiting: boolean;
  storageProblem: StorageProblem | null;
  dictionaryUpdated: boolean;
}

let state: PwaState = { offlineReady: false, updateWaiting: false, storageProblem: null, dictionaryUpdated: false };
const listeners = new Set<(s: PwaState) => void>();
const set = (patch: Partial<PwaState>) => {
  state = { ...state, ...patch };
  for (const l of listeners) l(state);
};
let wb: Workbox | undefined;
const replies = new Set<(m: FromWorker) => void>();

export function startPwa(): void {
  if (!('serviceWorker' in navigator)) return;
  wb = new Workbox('sw.js', { scope: './' });
  wb.addEventListener('installed', (e) => {
    if (!e.isUpdate) set({ offlineReady: true });
  });
  wb.addEventListener('waiting', () => set({ updateWaiting: true }));
  // Files read before the worker took control went past it: read them again so they
  // are kept too ("every file looked at is kept").
  wb.addEventListener('controlling', (e) => {
    if (e.isUpdate) return;
    for (const r of performance.getEntriesByType('resource')) if (r.name.includes('/api/v1/')) void fetch(r.name).catch(() => undefined);
  });
  wb.addEventListener('message', (e) => {
    const m = e.data as FromWorker;
    if (m.type === 'dictionary-updated') set({ dictionaryUpdated: true });
    for (const r of replies) r(m);
  });
  void wb.register().then(() => {
    if (navigator.onLine) void send({ type: 'dictionary-check' });
  });
  addEventListener('online', () => void send({ type: 'dictionary-check' }));
}

/** Reloads into the waiting version once it has taken control. */
export function applyUpdate(): void {
  if (!wb) return;
  wb.addEventListener('controlling', () => location.reload());
  wb.messageSkipWaiting();
}

export async function send(message: ToWorker): Promise<void> {
  const reg = await navigator.serviceWorker?.ready;
  reg?.active?.postMessage(message);
}

/** Asks the worker something and waits for the first reply of the given type. */
export function ask<T extends FromWorker['type']>(message: ToWorker, type: T, timeoutMs = 5000): Promise<Extract<FromWorker, { type: T }> | undefined> {
  return new Promise((ok) => {
    const done = (m?: FromWorker) => {
      replies.delete(on);
      clearTimeout(timer);
      ok(m as Extract<FromWorker, { type: T }> | undefined);
    };
    const on = (m: FromWorker) => m.type === type && done(m);
    const timer = setTimeout(() => done(), timeoutMs);
    replies.add(on);
    void send(message);
  });
}

/** Called by data readers when the worker says device storage failed for an answer. */
export const noteStorageProblem = (problem: StorageProblem) => {
  if (state.storageProblem !== problem) set({ storageProblem: problem });
};

export const dismiss = (key: keyof PwaState) => set({ [key]: key === 'storageProblem' ? null : false });

export function usePwa(): PwaState {
  const [s, setS] = useState(state);
  useEffect(() => {
    listeners.add(setS);
    return () => void listeners.delete(setS);
  }, []);
  return s;
}

export function useOnline(): boolean {
  const [online, setOnline] = useState(navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(navigator.onLine);
    addEventListener('online', on);
    addEventListener('offline', on);
    return () => {
      removeEventListener('online', on);
      removeEventListener('offline', on);
    };
  }, []);
  return online;
}
