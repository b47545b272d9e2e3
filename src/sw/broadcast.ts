/// <reference lib="webworker" />
// The worker's one way to tell every window of the app something (core/worker-protocol.ts names
// what it may say); sections reach it through their context (worker-section.ts).

import type { BroadcastName, BroadcastOf, WireBroadcast } from '../core/rpc/protocol.ts';
import type { WorkerProtocol } from '../core/worker-protocol.ts';

declare const self: ServiceWorkerGlobalScope;

export type Broadcast = <K extends BroadcastName<WorkerProtocol>>(type: K, data: BroadcastOf<WorkerProtocol, K>) => Promise<void>;

export const broadcast: Broadcast = async (type, data) => {
  for (const client of await self.clients.matchAll({ type: 'window', includeUncontrolled: true }))
    client.postMessage({ rpc: 'broadcast', type, data } satisfies WireBroadcast);
};
