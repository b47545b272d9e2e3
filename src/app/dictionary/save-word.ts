// One word's part of the dictionary (the chunk file holding its entry), saved on the reader's one
// tap from "not saved": at once when online, else remembered and fetched when the connection
// comes back. The service worker stores what it fetches (src/sw/dictionary/route.ts).

import { chunkOf } from '../../core/dictionary/chunk-of.ts';
import { isNotSaved } from '../client/offline.ts';
import { getFile, getManifest } from './api.ts';
import { noteSaved } from '../client/install.ts';
import { KhojError } from '../../core/errors.ts';

const KEY = 'khoj.dictionary.wanted';

const wanted = (): string[] => {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(v) ? v.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
};
const setWanted = (paths: string[]) => (paths.length ? localStorage.setItem(KEY, JSON.stringify(paths)) : localStorage.removeItem(KEY));

/** Fetches one file through the worker (which keeps it); false when offline and not saved. */
async function fetchKept(path: string): Promise<boolean> {
  try {
    await (await getFile(path)).arrayBuffer();
    return true;
  } catch (e) {
    if (isNotSaved(e)) return false;
    throw e;
  }
}

/** Saves the chunk holding `word` (the manifest, saved at the first visit, names it): 'saved', or 'queued' until online. */
export async function saveWord(word: string): Promise<'saved' | 'queued'> {
  noteSaved();
  const info = chunkOf((await getManifest()).chunks, word);
  if (!info) throw new KhojError('damaged', `"${word}" is in no chunk of manifest.json`);
  if (await fetchKept(info.path)) return 'saved';
  setWanted([...new Set([...wanted(), info.path])]);
  return 'queued';
}

/** Fetches the words asked for while offline; those still out of reach stay asked for. */
export async function fetchWanted(): Promise<void> {
  const paths = wanted();
  if (!paths.length || !navigator.onLine) return;
  const left: string[] = [];
  for (const p of paths) if (!(await fetchKept(p).catch(() => true))) left.push(p);
  setWanted(left);
}

/** From pwa.ts: at start and whenever the connection comes back. */
export function watchWanted(): void {
  void fetchWanted();
  addEventListener('online', () => void fetchWanted());
}
