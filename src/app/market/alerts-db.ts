// The reader's alerts on the device (IndexedDB khoj-market, stores "alerts" and meta row
// "alert-options": src/databases/market/db.ts). The page writes them; the worker checks them after
// each refresh (src/sw/market/alerts.ts) and moves each alert's last checked price on.

import { useEffect, useState } from 'preact/hooks';
import { marketDb } from '../../databases/market/db.ts';
import { type AlertOptions, alertId, DEFAULT_ALERT_OPTIONS, type Direction, type PriceAlert } from '../../core/market/alerts/types.ts';
import { createStore } from '../client/store.ts';
import { KhojError } from '../../core/errors.ts';

/** Counts changes: the screens showing alerts read them again on each. */
const changes = createStore(0);
const changed = () => changes.set((n) => n + 1);

export async function priceAlerts(): Promise<PriceAlert[]> {
  return (await marketDb()).getAll('alerts');
}

/** Sets (or sets again) an alert; `price` is the last price the reader saw, the point a crossing is measured from. */
export async function setPriceAlert(symbol: string, direction: Direction, level: number, price: number | null): Promise<void> {
  const a: PriceAlert = { id: alertId(symbol, direction, level), symbol, direction, level, lastPrice: price, at: Date.now() };
  await (await marketDb()).put('alerts', a);
  changed();
}

export async function deletePriceAlert(id: string): Promise<void> {
  await (await marketDb()).delete('alerts', id);
  changed();
}

export async function alertOptions(): Promise<AlertOptions> {
  const o = (await (await marketDb()).get('meta', 'alert-options')) as Partial<AlertOptions> | undefined;
  return { ...DEFAULT_ALERT_OPTIONS, ...o };
}

/**
 * Changes some options, over the stored ones, in one transaction: two changes made before the
 * screen had read the first back (an option ticked, then the days chosen) both stay. Written over
 * the options the screen showed, the second undid the first.
 */
export async function setAlertOptions(patch: Partial<AlertOptions>): Promise<void> {
  const tx = (await marketDb()).transaction('meta', 'readwrite');
  const stored = (await tx.store.get('alert-options')) as Partial<AlertOptions> | undefined;
  await tx.store.put({ ...DEFAULT_ALERT_OPTIONS, ...stored, ...patch }, 'alert-options');
  await tx.done;
  changed();
}

export interface AlertsState {
  alerts: PriceAlert[];
  options: AlertOptions;
}

/** The stored alerts and options, read again on each change; an Error when storage fails. */
export function useAlerts(): AlertsState | Error | undefined {
  const [state, setState] = useState<AlertsState | Error>();
  useEffect(() => {
    const load = () =>
      void Promise.all([priceAlerts(), alertOptions()]).then(
        ([alerts, options]) => setState({ alerts: alerts.sort((a, b) => a.symbol.localeCompare(b.symbol) || a.level - b.level), options }),
        (e: unknown) => setState(e instanceof Error ? e : KhojError.from(e)),
      );
    load();
    return changes.subscribe(load);
  }, []);
  return state;
}

export type Permission = NotificationPermission | 'unsupported';

/** The browser's notification permission, asked for only from a reader's tap (`ask`). */
export function usePermission(): { state: Permission; ask: () => Promise<void> } {
  const read = (): Permission => (typeof Notification === 'undefined' ? 'unsupported' : Notification.permission);
  const [state, setState] = useState<Permission>(read);
  useEffect(() => {
    // The reader may change it in the browser's site settings meanwhile.
    let status: PermissionStatus | undefined;
    const update = () => setState(read());
    void navigator.permissions
      ?.query({ name: 'notifications' })
      .then((s) => {
        status = s;
        s.addEventListener('change', update);
      })
      .catch(() => undefined);
    return () => status?.removeEventListener('change', update);
  }, []);
  const ask = async () => {
    if (typeof Notification === 'undefined') return;
    setState(await Notification.requestPermission());
  };
  return { state, ask };
}
