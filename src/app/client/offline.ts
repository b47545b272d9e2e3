// What is on the device for offline use (the worker's `offline-status`, renewed when it says the
// small parts were saved), and whether an error means
// "offline, and not saved on this device".

import type { OfflineStatus } from '../../core/offline-status.ts';
import { KhojError } from '../../core/errors.ts';
import { createStore, useStore } from './store.ts';
import { reachable } from './online.ts';
import { askReadyWorker, onBroadcast } from './rpc.ts';

export const offlineStatus = createStore<OfflineStatus | null>(null);

/** Bumped by each `offline-saved`: a reply to a question asked before it is older news. */
let news = 0;

export async function refreshOfflineStatus(): Promise<void> {
  const asked = news;
  const status = await askReadyWorker('offline-status', {}, { timeoutMs: 10_000 }).catch(() => undefined);
  if (status && asked === news) offlineStatus.set(status);
}

/** Asks the worker to save each section's small part (it skips what is there), and follows what is saved. */
export function startOffline(): void {
  if (!('serviceWorker' in navigator)) return;
  onBroadcast('offline-saved', (status) => {
    news++;
    offlineStatus.set(status);
  });
  // The worker broadcasts what it saved (every window hears it): the answer itself is not needed.
  // Only where the network answers: offline, saving would only keep the worker busy.
  const save = () => void askReadyWorker('offline-save', {}, { timeoutMs: 0 }).catch(() => undefined);
  // The status is asked after the save, so that it says "saving" while the run is on (the first
  // visit's banner lists what is saved only once it is).
  void reachable().then((ok) => {
    if (ok) save();
    void refreshOfflineStatus();
  });
  addEventListener('online', () => void reachable().then((ok) => ok && save()));
}

export const useOfflineStatus = (): OfflineStatus | null => useStore(offlineStatus);

/** The error stands for "offline, and not saved on this device" (the worker's 503/504, or no worker and no network). */
export const isNotSaved = (e: unknown): boolean =>
  KhojError.is(e, 'http', 503) || KhojError.is(e, 'http', 504) || ((e instanceof TypeError || KhojError.is(e, 'network')) && !navigator.onLine);
