// Whether the network is reachable. navigator.onLine alone says "online" wherever a network
// interface is up (lie-fi, captive portals; Chromium also starts a page loaded from the worker
// while offline with onLine true), so a page load that thinks it is online asks once: a HEAD of
// the worker script, which no section and no precache answers, so it really crosses the network.

import { createStore, useStore } from './store.ts';

const online = createStore(typeof navigator === 'undefined' ? true : navigator.onLine);

async function probe(): Promise<void> {
  try {
    await fetch('sw.js', { method: 'HEAD', cache: 'no-store' });
    online.set(navigator.onLine);
  } catch {
    online.set(false);
  }
}

if (typeof addEventListener === 'function') {
  addEventListener('online', () => online.set(true));
  addEventListener('offline', () => online.set(false));
  if (navigator.onLine) void probe();
}

export const useOnline = (): boolean => useStore(online);
