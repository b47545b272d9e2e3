// The reader's watchlist, kept in IndexedDB (khoj-market, store "watchlist"). If storage is
// unavailable it quietly holds nothing: prices never depend on it.

import { useEffect, useState } from 'preact/hooks';
import { marketDb } from '../../browser/market-db.ts';

const listeners = new Set<() => void>();

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
  for (const l of listeners) l();
}

/** The watched symbols, oldest first, updated when they change. */
export function useWatchlist(): string[] | undefined {
  const [list, setList] = useState<string[]>();
  useEffect(() => {
    const load = () => void watched().then(setList);
    load();
    listeners.add(load);
    return () => void listeners.delete(load);
  }, []);
  return list;
}
