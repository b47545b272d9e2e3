// The page's side of the service worker: registration (workbox-window, loaded after the first
// paint: the start-up bundle does not need it), the update prompt, and messages about stored data.

import type { Workbox } from 'workbox-window';
import { startOffline } from './client/offline.ts';
import { watchWholeSave } from './dictionary/save-all.ts';
import { watchWanted } from './dictionary/save-word.ts';
import { createStore, useStore } from './client/store.ts';
import { askReadyWorker, onBroadcast } from './client/rpc.ts';

export interface PwaState {
  /** first install finished: the shell works offline */
  offlineReady: boolean;
  /** a new version is installed and waiting for the reader's word */
  updateWaiting: boolean;
  dictionaryUpdated: boolean;
}

const pwa = createStore<PwaState>({ offlineReady: false, updateWaiting: false, dictionaryUpdated: false });
const set = (patch: Partial<PwaState>) => pwa.set((s) => ({ ...s, ...patch }));
let wb: Workbox | undefined;

/** Runs `fn` once the page has painted (a hidden page paints nothing: then at once). */
function afterFirstPaint(fn: () => void): void {
  if (document.visibilityState === 'hidden') setTimeout(fn, 0);
  else requestAnimationFrame(() => setTimeout(fn, 0));
}

export function startPwa(): void {
  if (!('serviceWorker' in navigator)) return;
  onBroadcast('dictionary-updated', () => set({ dictionaryUpdated: true }));
  afterFirstPaint(() => void import('workbox-window').then(({ Workbox }) => register(new Workbox('sw.js', { scope: './' }))));
  watchWholeSave();
  watchWanted();
  startOffline();
  addEventListener('online', checkDictionary);
}

function register(workbox: Workbox): void {
  wb = workbox;
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
  void wb.register().then(() => {
    if (navigator.onLine) checkDictionary();
  });
}

/** Reloads into the waiting version once it has taken control. */
export function applyUpdate(): void {
  if (!wb) return;
  wb.addEventListener('controlling', () => location.reload());
  wb.messageSkipWaiting();
}

/** Looks for a newer dictionary build (the worker broadcasts `dictionary-updated` if it switched); offline or without a worker, nothing. */
const checkDictionary = () => void askReadyWorker('dictionary-check', {}, { timeoutMs: 0 }).catch(() => undefined);

export const dismiss = (key: keyof PwaState) => set({ [key]: false });

export const usePwa = (): PwaState => useStore(pwa);

export { useOnline } from './client/online.ts';
