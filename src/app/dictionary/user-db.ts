// The reader's own data on the device: recently viewed words and bookmarks (IndexedDB).
// If storage is unavailable these quietly do nothing: lookups never depend on them.

import type { DBSchema, IDBPDatabase } from 'idb';
import { lazyDb } from '../../databases/open-db.ts';
import { SECTION } from '../../core/sections.ts';
import { noteSaved } from '../client/install.ts';

interface Schema extends DBSchema {
  history: { key: string; value: { word: string; at: number }; indexes: { at: number } };
  bookmarks: { key: string; value: { word: string; at: number }; indexes: { at: number } };
}

type Store = 'history' | 'bookmarks';
const HISTORY_LIMIT = 200;
/** The database itself: for the reader's data file (src/app/data/reader-data-io.ts). */
export const userDb = lazyDb<Schema>(SECTION.dictionary.databases.user, 1, (d) => {
  for (const name of ['history', 'bookmarks'] as const) d.createObjectStore(name, { keyPath: 'word' }).createIndex('at', 'at');
});

async function safe<T>(op: (d: IDBPDatabase<Schema>) => Promise<T>, fallback: T): Promise<T> {
  try {
    return await op(await userDb());
  } catch {
    return fallback;
  }
}

export const listWords = (store: Store, limit = 50) =>
  safe(async (d) => {
    const out: string[] = [];
    for await (const c of d.transaction(store).store.index('at').iterate(null, 'prev')) {
      out.push(c.value.word);
      if (out.length >= limit) break;
    }
    return out;
  }, [] as string[]);

export const remember = (word: string) =>
  safe(async (d) => {
    await d.put('history', { word, at: Date.now() });
    const n = await d.count('history');
    if (n > HISTORY_LIMIT) {
      const tx = d.transaction('history', 'readwrite');
      let extra = n - HISTORY_LIMIT;
      for await (const c of tx.store.index('at').iterate()) {
        if (extra-- <= 0) break;
        await c.delete();
      }
    }
  }, undefined);

export const isBookmarked = (word: string) => safe(async (d) => (await d.get('bookmarks', word)) !== undefined, false);
export function setBookmark(word: string, on: boolean): Promise<void> {
  // A bookmark is a save: a good moment to offer installing the app.
  if (on) noteSaved();
  return safe(async (d) => (on ? void (await d.put('bookmarks', { word, at: Date.now() })) : d.delete('bookmarks', word)), undefined);
}
