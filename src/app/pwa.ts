// The page's side of the service worker: registration (workbox-window, loaded after the first
// paint: the start-up bundle does not need it), the update prompt, and each section's start.

import type { Workbox } from 'workbox-window';
import { sectionOf } from '../core/sections.ts';
import { afterFirstPaint, afterSettled } from './client/first-paint.ts';
import { startOffline } from './client/offline.ts';
import { askWaitingWorker } from './client/rpc.ts';
import { createStore, useStore } from './client/store.ts';
import type { PageSection } from './page-section.ts';

export interface PwaState {
  /** first install finished: the shell works offline */
  offlineReady: boolean;
  /** a new version is installed and waiting for the reader's word */
  updateWaiting: boolean;
}

/**
 * A first visit: no worker controls the page, so one is about to be installed. The first-install
 * banner ("saving for offline use…", then what is saved) is then drawn from the first paint with
 * its space kept (style.css), rather than pushing the page down seconds later (a layout shift).
 */
const firstInstall = 'serviceWorker' in navigator && !navigator.serviceWorker.controller;
const pwa = createStore<PwaState>({ offlineReady: firstInstall, updateWaiting: false });
const set = (patch: Partial<PwaState>) => pwa.set((s) => ({ ...s, ...patch }));
let wb: Workbox | undefined;

export function startPwa(sections: readonly PageSection[]): void {
  if (!('serviceWorker' in navigator)) return;
  // All after the first frame, which shows none of it: the sections' starts and the offline status
  // ask the worker and read storage, and that work delayed a cold start's first frame.
  const registration = () => void import('workbox-window').then(({ Workbox }) => register(new Workbox('sw.js', { scope: './' })));
  afterFirstPaint(() => {
    // A first install waits for the first screen to have its files; an installed worker is
    // checked for updates at once.
    if (firstInstall) afterSettled(registration);
    else registration();
    started = sections;
    // Each in a task of its own: together they were one task over Lighthouse's 50 ms at a
    // phone's CPU, on every route (issue 38).
    for (const s of sections) if (s.start) setTimeout(s.start, 0);
    setTimeout(startOffline, 0);
  });
}

let started: readonly PageSection[] = [];

function register(workbox: Workbox): void {
  wb = workbox;
  wb.addEventListener('installed', (e) => {
    // Shown from the first paint already (or dismissed since) on a first visit.
    if (!e.isUpdate && !firstInstall) set({ offlineReady: true });
  });
  wb.addEventListener('waiting', () => set({ updateWaiting: true }));
  // Files read before the worker took control went past it: read them again so they
  // are kept too ("every file looked at is kept").
  wb.addEventListener('controlling', (e) => {
    if (!e.isUpdate) void keepRead(started);
  });
  // No worker after all (refused, or its script failed): nothing is being saved.
  wb.register().catch(() => firstInstall && set({ offlineReady: false }));
}

/**
 * Each section file the page read, fetched once more through the worker (which keeps it), from the
 * browser's HTTP cache where it is there, one fetch per
 * task: called in one loop they were one task of 200-300 ms at a phone's CPU on a symbol page
 * (a fetch call costs the page 10-20 ms there), seconds into a first visit. Not those the
 * worker saves by itself (PageSection.savedByWorker): that was a second fetch of the market
 * home's every file.
 */
async function keepRead(sections: readonly PageSection[]): Promise<void> {
  const base = new URL('./', location.href);
  const saved = await Promise.all(sections.map((s) => s.savedByWorker?.().catch(() => undefined)));
  const urls = new Set<string>();
  for (const r of performance.getEntriesByType('resource')) {
    const url = new URL(r.name);
    if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) continue;
    const rel = url.pathname.slice(base.pathname.length);
    if (sectionOf(rel) && !saved.some((isSaved) => isSaved?.(rel))) urls.add(r.name);
  }
  for (const url of urls) {
    // The bytes the page read, from the browser's HTTP cache (the worker's fetch keeps the cache
    // mode): the server was asked for each file a second time (issue 38, the history's months).
    void fetch(url, { cache: 'force-cache' }).catch(() => undefined);
    await new Promise((next) => setTimeout(next, 0));
  }
}

/** Reloads into the waiting version once it has taken control. */
export function applyUpdate(): void {
  if (!wb) return;
  wb.addEventListener('controlling', () => location.reload());
  void askWaitingWorker('skip-waiting', {}).catch(() => undefined);
}

export const dismiss = (key: keyof PwaState) => set({ [key]: false });

export const usePwa = (): PwaState => useStore(pwa);

export { useOnline } from './client/online.ts';
