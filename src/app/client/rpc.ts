// The page's side of the service worker's protocol (core/worker-protocol.ts): asking it (through
// core/rpc/ask.ts) and hearing what it broadcasts.

import { asker } from '../../core/rpc/ask.ts';
import { type BroadcastName, type BroadcastOf, isWireBroadcast } from '../../core/rpc/protocol.ts';
import { WORKER_PROTOCOL, type WorkerProtocol } from '../../core/worker-protocol.ts';

export const workerAvailable = () => !!navigator.serviceWorker?.controller;

/** The service worker controlling this page. */
export const askWorker = asker(WORKER_PROTOCOL, () => navigator.serviceWorker?.controller);
/** The active service worker once there is one, controlling this page or not (the first visit). */
export const askReadyWorker = asker(WORKER_PROTOCOL, async () => (await navigator.serviceWorker?.ready)?.active);
/** The installed worker waiting to take over (an update). */
export const askWaitingWorker = asker(WORKER_PROTOCOL, async () => (await navigator.serviceWorker?.getRegistration())?.waiting);

type Listener = (type: string, data: unknown) => void;
const listeners = new Set<Listener>();
let listening = false;

/** Each `type` broadcast of the service worker; returns the unsubscribe. */
export function onBroadcast<K extends BroadcastName<WorkerProtocol>>(type: K, listener: (data: BroadcastOf<WorkerProtocol, K>) => void): () => void {
  if (!listening && 'serviceWorker' in navigator) {
    listening = true;
    navigator.serviceWorker.addEventListener('message', (e: MessageEvent) => {
      if (isWireBroadcast(e.data)) for (const l of [...listeners]) l(e.data.type, e.data.data);
    });
  }
  const l: Listener = (t, data) => t === type && listener(data as BroadcastOf<WorkerProtocol, K>);
  listeners.add(l);
  return () => void listeners.delete(l);
}
