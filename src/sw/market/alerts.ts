/// <reference lib="webworker" />
// The market alerts in the worker: after each refresh (refresh.ts) and periodic sync, the stored
// files, the reader's alerts, watchlist and holdings go through the core's decision
// (core/market/alerts/decide.ts); each event is recorded as fired in IndexedDB before it is shown,
// so no refresh, reload or second window shows it again. Only where the reader granted
// notifications; nothing leaves the device. A tap on a notification opens its screen.

import { type FiredEvent, type AlertOptions, DEFAULT_ALERT_OPTIONS } from '../../core/market/alerts/types.ts';
import type { AlertEvent } from '../../core/market/alerts/types.ts';
import { ENDPOINT_OF, type FileKind } from '../../core/market/endpoints.ts';
import type { AdapterValue } from '../../core/market/adapters/index.ts';
import { marketDb } from '../../databases/market/db.ts';
import { portfolioDb } from '../../databases/market/user-db.ts';
import type { MarketCore } from './core-script.ts';
import { readText } from './store.ts';

declare const self: ServiceWorkerGlobalScope;

/** Fired events are forgotten after this long: by then none of them can come again (each id holds its day). */
const KEEP_FIRED_MS = 60 * 86_400_000;
/** Marks our notifications' data. */
const DATA_KEY = 'khojAlert';

export interface AlertDeps {
  now(): number;
  core(): MarketCore;
}

/** Layout A's path of a kind (the app's; stored for either upstream layout: convert.ts), then layout B's. */
const pathsOf = (kind: FileKind): string[] => {
  const e = ENDPOINT_OF[kind];
  return [...new Set([e.upstream?.a ?? e.a[0], ...e.a, ...e.b].filter((p): p is string => p !== undefined))];
};

async function readStored<K extends FileKind>(core: MarketCore, kind: K): Promise<AdapterValue<K> | undefined> {
  for (const path of pathsOf(kind)) {
    const text = await readText(path).catch(() => undefined);
    if (text === undefined) continue;
    try {
      const v = core.read(kind, JSON.parse(text), path).value;
      if (v !== undefined) return v;
    } catch {
      // unreadable: as if absent
    }
  }
  return undefined;
}

export const notificationsGranted = (): boolean => typeof Notification !== 'undefined' && Notification.permission === 'granted';

async function check({ now, core: coreOf }: AlertDeps): Promise<AlertEvent[]> {
  if (!notificationsGranted()) return [];
  const db = await marketDb();
  const [alerts, optionsRow, watchRows] = await Promise.all([db.getAll('alerts'), db.get('meta', 'alert-options'), db.getAll('watchlist')]);
  const options: AlertOptions = { ...DEFAULT_ALERT_OPTIONS, ...(optionsRow as Partial<AlertOptions> | undefined) };
  if (!alerts.length && !options.bookClose && !options.ipo) return [];
  const core = coreOf();
  const at = now();
  const stocks = alerts.length ? await readStored(core, 'stocks') : undefined;
  let dividends: AdapterValue<'dividendLatest'> | undefined;
  let held: string[] = [];
  if (options.bookClose) {
    const d = await readStored(core, 'dividendHistory');
    dividends = d ? [...(d.latest ?? []), ...(d.history ?? [])] : await readStored(core, 'dividendLatest');
    held = core.heldSymbols(await (await portfolioDb()).getAll('transactions')).filter(Boolean);
  }
  const ipos = options.ipo ? await readStored(core, 'ipoUpcoming') : undefined;
  const fired = new Set(await db.getAllKeys('fired'));
  const decision = core.decideAlerts({
    alerts,
    options,
    ...(stocks ? { stocks } : {}),
    ...(dividends ? { dividends } : {}),
    ...(ipos ? { ipos } : {}),
    held,
    watched: watchRows.map((w) => w.symbol),
    fired,
    now: at,
  });

  // Recorded before shown, in one transaction that looks again: once, whoever else checks.
  const tx = db.transaction(['fired', 'alerts'], 'readwrite');
  const firedStore = tx.objectStore('fired');
  const fresh: AlertEvent[] = [];
  for (const e of decision.events) {
    if (await firedStore.get(e.id)) continue;
    const row: FiredEvent = { id: e.id, at };
    void firedStore.put(row);
    fresh.push(e);
  }
  for (const [id, price] of decision.seen) {
    const a = await tx.objectStore('alerts').get(id);
    if (a && a.lastPrice !== price) void tx.objectStore('alerts').put({ ...a, lastPrice: price });
  }
  for (const f of await firedStore.getAll()) if (f.at < at - KEEP_FIRED_MS) void firedStore.delete(f.id);
  await tx.done;

  for (const e of fresh) {
    const n = core.alertNotice(e, options.lang);
    await self.registration.showNotification(n.title, {
      body: n.body,
      tag: e.id,
      lang: options.lang,
      icon: new URL('icons/icon-192.png', self.registration.scope).href,
      data: { [DATA_KEY]: { route: n.route, id: e.id } },
    });
  }
  return fresh;
}

let running: Promise<unknown> = Promise.resolve();
/** Checks the alerts, one check at a time; resolves with the events shown. Never rejects: alerts never hold up a refresh. */
export function checkAlerts(deps: AlertDeps): Promise<AlertEvent[]> {
  const next = running.then(() => check(deps)).catch(() => [] as AlertEvent[]);
  running = next;
  return next;
}

/** A tap on one of our notifications: the window already open goes to its screen, or a new one opens there. */
export function onAlertClick(event: NotificationEvent): void {
  const data = (event.notification.data as Record<string, { route?: unknown } | undefined> | null)?.[DATA_KEY];
  if (typeof data?.route !== 'string') return;
  event.notification.close();
  const url = new URL(data.route, self.registration.scope).href;
  event.waitUntil(
    (async () => {
      const wins = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const w = wins.find((c) => c.url.startsWith(self.registration.scope));
      if (!w) return void (await self.clients.openWindow(url));
      // Focus needs the tap's user activation; the window goes to the screen either way.
      await w.focus().catch(() => undefined);
      if (!(await w.navigate(url).catch(() => null))) await self.clients.openWindow(url).catch(() => null);
    })(),
  );
}
