// The reader's watchlist, kept in IndexedDB (khoj-market, store "watchlist"). If storage is
// unavailable it quietly holds nothing: prices never depend on it.

import { useEffect, useState } from 'preact/hooks';
import { marketDb } from '../../databases/market/db.ts';
import { createStore } from '../client/store.ts';

/** Counts changes: the screens showing the list read it again on each. */
const changes = createStore(0);

export async function watched(): Promise<string[]> {
  try {
    const rows = await (await marketDb()).getAllFromIndex('watchlist', 'at');
    return rows.map((r) => r.symbol);
  } catch {
    return [];
  }
}

export async function setWatched(symbol: string, on: boolean): Promise<void> {
  try {
    const d = await marketDb();
    if (on) await d.put('watchlist', { symbol, at: Date.now() });
    else await d.delete('watchlist', symbol);
  } catch {
    // storage unavailable
  }
  changes.set((n) => n + 1);
}

/** The watched symbols, oldest first, updated when they change. */
export function useWatchlist(): string[] | undefined {
  const [list, setList] = useState<string[]>();
  useEffect(() => {
    const load = () => void watched().then(setList);
    load();
    return changes.subscribe(load);
  }, []);
  return list;
}
