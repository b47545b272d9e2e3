// A newer dictionary build: the page asks the worker to look (on start and when back online), and
// the worker says when it switched (`dictionary-updated`); the notice shows in every section.

import { reachable } from '../client/online.ts';
import { askReadyWorker, onBroadcast } from '../client/rpc.ts';
import { createStore, useStore } from '../client/store.ts';

const updated = createStore(false);

/** Looks for a newer dictionary build; offline (the network did not answer) or without a worker, nothing. */
export const checkDictionary = (): void =>
  void reachable().then((ok) => (ok ? askReadyWorker('dictionary-check', {}, { timeoutMs: 0 }).catch(() => undefined) : undefined));

export function watchUpdates(): void {
  onBroadcast('dictionary-updated', () => updated.set(true));
  addEventListener('online', checkDictionary);
  // The worker's registration may still be on its way: askReadyWorker waits for it.
  checkDictionary();
}

export const useDictionaryUpdated = (): boolean => useStore(updated);
export const dismissUpdated = (): void => updated.set(false);
