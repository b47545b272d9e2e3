/// <reference lib="webworker" />
// The market in the worker: /data answered from IndexedDB (route.ts), refreshed from the upstream
// on the page's messages and on periodic syncs (refresh.ts), its alerts checked after each
// refresh and their notifications opening the screen they are about (alerts.ts).

import type { WorkerSection } from '../worker-section.ts';
import { onAlertClick } from './alerts.ts';
import { marketCore } from './core.ts';
import { marketOffline, saveMarketSnapshot } from './offline.ts';
import { marketCalls, onPeriodicSync, refresherOf } from './refresh.ts';
import { answerMarket } from './route.ts';

declare const self: ServiceWorkerGlobalScope;
// Registered as the worker starts (a listener added later would not be called).
self.addEventListener('notificationclick', onAlertClick);

export const marketWorker: WorkerSection<'market'> = {
  id: 'market',
  // Every market file from its store, the series files too (index months, intraday days, the
  // floor sheet: core/market/series-paths.ts): each one read is kept, so the ranges viewed stay offline.
  answer: (rel, _prefix, request, ctx) =>
    request.method === 'GET' ? answerMarket(rel, request, { storage: ctx.storage, fetchNow: (p) => refresherOf(ctx).fetchNow(p) }) : undefined,
  calls: (ctx) => marketCalls(refresherOf(ctx)),
  // The validators and converters are imported here, so the browser stores them with the worker.
  onInstall: () => void marketCore(),
  onPeriodicSync: (tag, ctx) => onPeriodicSync(refresherOf(ctx), tag),
  saveOffline: (ctx) => saveMarketSnapshot(ctx.base, ctx.storage),
  offlineStatus: () => marketOffline(),
};
