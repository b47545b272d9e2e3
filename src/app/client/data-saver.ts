// The data saver: the one switch for what the app fetches without being asked. On by default where
// the browser reports Save-Data (navigator.connection.saveData); the reader's choice, once made, is
// kept on the device. When on: no background saves unless the connection is known not to be metered
// (wifi or ethernet, where the browser says: where it does not, it is taken as metered); the market
// is refreshed only by its button; a download states its size and asks first.

import { createStore, useStore } from './store.ts';

const KEY = 'khoj.dataSaver';

type Connection = { saveData?: boolean; type?: string };
const connection = (): Connection | undefined => (navigator as Navigator & { connection?: Connection }).connection;

/** The browser's own data saver (Save-Data): the setting's default. */
export const browserSavesData = (): boolean => connection()?.saveData === true;

function stored(): boolean | undefined {
  try {
    const v = localStorage.getItem(KEY);
    return v === 'on' ? true : v === 'off' ? false : undefined;
  } catch {
    return undefined;
  }
}

export const dataSaver = createStore<boolean>(stored() ?? browserSavesData());

export function setDataSaver(on: boolean): void {
  try {
    localStorage.setItem(KEY, on ? 'on' : 'off');
  } catch {
    // Kept for this page only.
  }
  dataSaver.set(on);
}

export const useDataSaver = (): boolean => useStore(dataSaver);

/** A connection the browser says is not paid by the byte (Wi-Fi, Ethernet): where it does not say, taken as metered. */
export const unmetered = (): boolean => ['wifi', 'ethernet'].includes(connection()?.type ?? '');

/** Background saves hold back: the data saver is on and the connection may be metered. */
export const holdBack = (): boolean => dataSaver.get() && !unmetered();
