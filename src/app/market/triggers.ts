// When the page asks the worker to refresh: on opening the market, on focus and when the page
// becomes visible, on coming back online (the files on screen, forced), when the next file falls
// due (a timer the worker sets), and in the background by periodic sync where the browser grants
// it. The worker decides what is due (the core's policy) and keeps to the rate limit. With the
// data saver on (client/data-saver.ts) none of these asks: only the refresh button does.

import type { FileKind } from '../../core/market/index.ts';
import { PERIODIC_SYNC_TAG } from '../../core/market/messages.ts';
import { invalidate, listenToWorker, onRefreshState, requestRefresh } from './api.ts';
import { dataSaver } from '../client/data-saver.ts';

const FIVE_MINUTES = 5 * 60_000;

/** The kinds the screen now shown displays: refreshed first when the page comes back online. */
let screenKinds: FileKind[] = [];
export const setScreenKinds = (kinds: FileKind[]) => {
  screenKinds = kinds;
};

/** The background refresh, registered while the data saver is off and removed while it is on. */
async function periodicSync(on: boolean): Promise<void> {
  try {
    const reg = (await navigator.serviceWorker?.getRegistration()) as
      | (ServiceWorkerRegistration & {
          periodicSync?: { register(tag: string, o: { minInterval: number }): Promise<void>; unregister(tag: string): Promise<void> };
        })
      | undefined;
    if (on) await reg?.periodicSync?.register(PERIODIC_SYNC_TAG, { minInterval: FIVE_MINUTES });
    else await reg?.periodicSync?.unregister(PERIODIC_SYNC_TAG);
  } catch {
    // Not granted (not installed, or not supported): the page's own triggers remain.
  }
}

/** Starts the triggers; returns the function that stops them. */
export function startTriggers(): () => void {
  listenToWorker();
  const due = (reason: string) => void (dataSaver.get() || requestRefresh({ reason }));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onVisible = () => {
    if (document.visibilityState === 'visible') due('visible');
  };
  const onFocus = () => due('focus');
  const onOnline = () => void (dataSaver.get() || requestRefresh({ kinds: screenKinds, reason: 'online' }));
  // A worker that takes over from another (an update) may hold other files: read everything again.
  // One that takes control of a page loaded without one (a first visit) holds what the page read:
  // it saved the same files from the same host moments before. Reading them again was a second
  // fetch of every file and a second drawing of the screen, seconds into a first visit (on a
  // phone's CPU, a symbol page's longest tasks then); its refresh says which files it changes.
  let uncontrolled = !navigator.serviceWorker?.controller;
  const onController = () => {
    if (!uncontrolled) invalidate();
    uncontrolled = false;
    due('controller');
  };
  const stopState = onRefreshState((s) => {
    if (s.busy || s.nextWake === undefined) return;
    clearTimeout(timer);
    timer = setTimeout(() => document.visibilityState === 'visible' && due('timer'), Math.max(1000, s.nextWake - Date.now()));
  });
  document.addEventListener('visibilitychange', onVisible);
  addEventListener('focus', onFocus);
  addEventListener('online', onOnline);
  navigator.serviceWorker?.addEventListener('controllerchange', onController);
  void periodicSync(!dataSaver.get());
  const stopSaver = dataSaver.subscribe((on) => void periodicSync(!on));
  due('open');
  return () => {
    clearTimeout(timer);
    stopState();
    stopSaver();
    document.removeEventListener('visibilitychange', onVisible);
    removeEventListener('focus', onFocus);
    removeEventListener('online', onOnline);
    navigator.serviceWorker?.removeEventListener('controllerchange', onController);
  };
}
