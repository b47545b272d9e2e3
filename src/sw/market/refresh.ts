/// <reference lib="webworker" />
// The market refresher (refresher.ts) wired into the worker: its IndexedDB store, the on-demand
// core, the network, the test hooks' clock, the section's storage tracker and broadcasts; and
// the market's calls (core/market/messages.ts) answered by it. At the end of every refresh the
// alerts are checked (alerts.ts) before the windows are told it is done.

import { readSettings } from '../../databases/market/db.ts';
import { type MARKET_PROTOCOL, PERIODIC_SYNC_TAG } from '../../core/market/messages.ts';
import type { FileKind } from '../../core/market/endpoints.ts';
import type { Handlers } from '../../core/rpc/serve.ts';
import type { WorkerContext } from '../worker-section.ts';
import { fetchTimeout, fileLimit, now, sleepUntil } from '../test-hooks.ts';
import { marketCore } from './core.ts';
import { checkAlerts } from './alerts.ts';
import { createRefresher, type Refresher } from './refresher.ts';
import { allStatus, markStale, readFile, readMeta, readText, storeFetched, writeMeta } from './store.ts';

let refresher: Refresher | undefined;
/** The worker's one refresher, made with the first context that asks. */
export const refresherOf = (ctx: WorkerContext): Refresher =>
  (refresher ??= createRefresher({
    store: { readFile, readText, storeFetched, markStale, allStatus, readMeta, writeMeta, readSettings },
    core: marketCore,
    fetch: (url, init) => fetch(url, init),
    clock: { now, sleepUntil, fetchTimeout, fileLimit },
    storage: ctx.storage,
    updated: async (m) => {
      if (m.done) await checkAlerts({ now, core: marketCore });
      await ctx.broadcast('market-updated', m);
    },
  }));

/** The market's calls (core/market/messages.ts). */
export const marketCalls = ({ refresh, status, settingsChanged }: Refresher): Handlers<typeof MARKET_PROTOCOL> => ({
  'market-refresh': async ({ kinds, paths }) => {
    await refresh({ kinds: (kinds ?? []) as FileKind[], paths: paths ?? [] });
    return null;
  },
  'market-settings': async (_, { keep }) => {
    const { reply, then } = await settingsChanged();
    keep(then);
    return reply;
  },
  'market-status': () => status(),
});

/** A periodic background sync the browser granted; undefined for other tags. */
export const onPeriodicSync = (r: Refresher, tag: string): Promise<void> | undefined =>
  tag === PERIODIC_SYNC_TAG ? r.refresh({}).catch(() => undefined) : undefined;
