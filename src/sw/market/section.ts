/// <reference lib="webworker" />
// The market in the worker: /data answered from IndexedDB (route.ts), refreshed from the upstream
// on the page's messages and on periodic syncs (refresh.ts).

import type { WorkerSection } from '../section.ts';
import { marketCore } from './core.ts';
import { marketOffline, saveMarketSnapshot } from './offline.ts';
import { onMarketMessage, onPeriodicSync } from './refresh.ts';
import { answerHistory } from './history-route.ts';
import { answerMarket } from './route.ts';

export const marketSection: WorkerSection = {
  id: 'market',
  // The index history, intraday and floor sheet files first: kept as they are viewed (history-route.ts).
  answer: (rel, _prefix, request, ctx) => (request.method === 'GET' ? (answerHistory(rel, request, ctx.base) ?? answerMarket(rel, request)) : undefined),
  onMessage: (message) => onMarketMessage(message),
  // The validators and converters are imported here, so the browser stores them with the worker.
  onInstall: () => void marketCore(),
  onPeriodicSync: (tag) => onPeriodicSync(tag),
  saveOffline: (ctx) => saveMarketSnapshot(ctx.base, ctx.storage),
  offlineStatus: () => marketOffline(),
};
