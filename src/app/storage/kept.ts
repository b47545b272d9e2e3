// What this phone keeps, measured for the storage screen through the modules that own each part:
// the worker's dictionary store (its `dictionary-status`, and `dictionary-forget` to delete it),
// the market's database (shared/market/db.ts), the books' caches; the saved files themselves are
// downloads.ts's (useDownloads, deletePdf). Nothing here writes but the deletes it is asked for.

import { SECTION } from '../../core/sections.ts';
import { storedBytes } from '../../databases/market/db.ts';
import { askReadyWorker } from '../client/rpc.ts';
import { refreshOfflineStatus } from '../client/offline.ts';
import { allPlaces, allShelved } from '../books/user-db.ts';
import { latestBy } from '../../core/storage/free-up.ts';
import { cancelWholeSave } from '../dictionary/save-all.ts';
import { setWholeAnswer } from '../dictionary/whole-answer.ts';
import { KhojError } from '../../core/errors.ts';

export interface Part {
  bytes: number;
  files: number;
}

export interface Kept {
  /** navigator.storage.estimate: all the app's storage, and what the browser allows it */
  usage: number;
  quota: number;
  dictionary: Part | null;
  market: Part | null;
  /** covers and the catalog's documents (the worker's cache) */
  covers: Part | null;
}

const orNull = <T>(p: Promise<T>): Promise<T | null> => p.catch(() => null);

/** The books' cover cache: each entry's length (its header, else its body read as a Blob, which stays on disk). */
async function cacheBytes(name: string): Promise<Part | null> {
  if (!(await caches.has(name))) return null;
  const cache = await caches.open(name);
  let bytes = 0;
  const keys = await cache.keys();
  for (const k of keys) {
    const res = await cache.match(k);
    if (!res) continue;
    const length = Number(res.headers.get('Content-Length'));
    bytes += length > 0 ? length : (await res.blob()).size;
  }
  return { bytes, files: keys.length };
}

export async function measureKept(): Promise<Kept> {
  const [estimate, dictionary, market, covers] = await Promise.all([
    orNull(navigator.storage?.estimate?.() ?? Promise.reject(new KhojError('storage', 'no estimate', { storage: 'unavailable' }))),
    orNull(askReadyWorker('dictionary-status', {}, { timeoutMs: 10_000 }).then((s) => ({ bytes: s.bytes, files: s.files }))),
    orNull(storedBytes()),
    orNull(cacheBytes(SECTION.books.caches.files)),
  ]);
  return { usage: estimate?.usage ?? 0, quota: estimate?.quota ?? 0, dictionary, market, covers };
}

/** When each book or file was last opened: its place (read or heard) and its shelf, by id. */
export const lastOpened = async (): Promise<Map<string, number>> => latestBy([...(await allPlaces()), ...(await allShelved())]);

/**
 * Deletes the dictionary beyond its small part (the app keeps working offline as after a first
 * visit): the background save is stopped and not resumed, as the reader's "no". The bytes freed.
 */
export async function deleteDictionary(): Promise<number> {
  cancelWholeSave();
  setWholeAnswer('no');
  const { freed } = await askReadyWorker('dictionary-forget', {}, { timeoutMs: 60_000 });
  void refreshOfflineStatus();
  return freed;
}

/** Deletes the kept covers and documents (the worker fetches each again when shown online). */
export const deleteCovers = async (): Promise<void> => void (await caches.delete(SECTION.books.caches.files));

/** Whether the browser keeps the app's storage under pressure; asking again (the browser decides, often silently). */
export const isPersisted = (): Promise<boolean | undefined> => navigator.storage?.persisted?.().catch(() => undefined) ?? Promise.resolve(undefined);
export const askPersist = (): Promise<boolean> => navigator.storage?.persist?.().catch(() => false) ?? Promise.resolve(false);
