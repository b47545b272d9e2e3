// Whether the network is reachable. navigator.onLine alone says "online" wherever a network
// interface is up (lie-fi, captive portals; Chromium also starts a page loaded from the worker
// while offline with onLine true), so a page load that thinks it is online asks once, after its
// first frame: a HEAD of the worker script, which no section and no precache answers, so it
// really crosses the network. Work that needs the network (saving, looking for a new build)
// waits for that answer rather than trusting navigator.onLine: offline, it would only keep the
// worker busy while the next page waits for its files.

import { afterFirstPaint } from './first-paint.ts';
import { createStore, useStore } from './store.ts';

/** A network that takes longer than this to answer a HEAD is no use for saving anything. */
const PROBE_MS = 10_000;

const online = createStore(typeof navigator === 'undefined' ? true : navigator.onLine);

async function probe(): Promise<boolean> {
  if (!navigator.onLine) return false;
  try {
    // Bounded: on lie-fi the answer may never come, and saving and the offline status wait for it.
    await fetch('sw.js', { method: 'HEAD', cache: 'no-store', signal: AbortSignal.timeout?.(PROBE_MS) });
  } catch {
    online.set(false);
    return false;
  }
  online.set(navigator.onLine);
  return navigator.onLine;
}

/** The last check, kept until the browser says the connection changed. */
let checked: Promise<boolean> | undefined;

/** Whether the network answers (checked once, and again after each change the browser reports). */
export const reachable = (): Promise<boolean> => (checked ??= probe());

if (typeof addEventListener === 'function') {
  // Registered first: the other 'online' listeners (client/offline.ts, dictionary/updates.ts) ask again.
  addEventListener('online', () => {
    checked = undefined;
    online.set(true);
  });
  addEventListener('offline', () => {
    checked = undefined;
    online.set(false);
  });
  if (navigator.onLine) afterFirstPaint(() => void reachable());
}

export const useOnline = (): boolean => useStore(online);
