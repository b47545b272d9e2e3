// "Save the whole dictionary": every letter and chunk file, fetched through the service
// worker, which stores each one. Files already stored answer at once, so a second run
// resumes where an interrupted one stopped. Once the reader has said yes, it runs in the
// background on its own (resumeWholeSave): after a reload, when the connection comes back,
// never while the data saver holds back (client/data-saver.ts); its progress is a store the saved page shows.

import { ROOT_FILES } from '../../core/dictionary/paths.ts';
import { wholeDictionaryPaths } from '../../core/dictionary/offline.ts';
import { errorMessage } from '../client/fetch.ts';
import { offlineStatus, refreshOfflineStatus } from '../client/offline.ts';
import { holdBack } from '../client/data-saver.ts';
import { setWholeAnswer, wholeAnswer } from './whole-answer.ts';
import { createStore } from '../client/store.ts';
import { getFile, getLetters, getManifest, getMeaningsIndex } from './api.ts';
import { noteSaved } from '../client/install.ts';

export interface SaveProgress {
  done: number;
  total: number;
  /** bytes received: the same measure as the download size the reader was told */
  bytes: number;
}

/** `waiting`: the connection went away; it carries on when it comes back. */
export type SavePhase = 'idle' | 'running' | 'waiting' | 'done' | 'cancelled' | 'failed';

export interface WholeSave {
  phase: SavePhase;
  progress: SaveProgress | null;
  error: string;
}

export const wholeSave = createStore<WholeSave>({ phase: 'idle', progress: null, error: '' });

const CONCURRENCY = 4;

export async function allPaths(): Promise<string[]> {
  const [letters, manifest, meanings] = await Promise.all([getLetters(), getManifest(), getMeaningsIndex()]);
  return wholeDictionaryPaths(manifest, letters, meanings).filter((p) => p !== ROOT_FILES.manifest && p !== ROOT_FILES.letters);
}

export async function saveAll(onProgress: (p: SaveProgress) => void, signal: AbortSignal): Promise<void> {
  const paths = await allPaths();
  const progress: SaveProgress = { done: 0, total: paths.length, bytes: 0 };
  onProgress({ ...progress });
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      signal.throwIfAborted();
      const path = paths[next++]!;
      const size = (await (await getFile(path, signal)).arrayBuffer()).byteLength;
      progress.done++;
      progress.bytes += size;
      onProgress({ ...progress });
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

let abort: AbortController | undefined;
const update = (patch: Partial<WholeSave>) => wholeSave.set((s) => ({ ...s, ...patch }));

/** Saves the whole dictionary now (the reader's yes, or a resume); one run at a time. */
export async function startWholeSave(): Promise<void> {
  if (wholeSave.get().phase === 'running') return;
  setWholeAnswer('yes');
  noteSaved();
  const mine = (abort = new AbortController());
  update({ phase: 'running', error: '' });
  // Kept through storage pressure: the browser decides, and says so on the saved page.
  await navigator.storage?.persist?.().catch(() => false);
  try {
    await saveAll((progress) => update({ progress }), mine.signal);
    update({ phase: 'done' });
  } catch (e) {
    if (mine.signal.aborted) update({ phase: 'cancelled' });
    // Offline: carried on when the connection comes back. Any other failure waits for the reader's "resume" (or a reload).
    else if (!navigator.onLine) update({ phase: 'waiting' });
    else update({ phase: 'failed', error: errorMessage(e as Error) });
    // The other fetches stop too.
    mine.abort();
  }
  void refreshOfflineStatus();
}

export const cancelWholeSave = (): void => abort?.abort();

/**
 * Carries on a save the reader agreed to once: online, not held back by the data saver, not complete, not stopped
 * by the reader or failed in this page's life. Called when the offline status arrives and when the
 * connection comes back.
 */
export function resumeWholeSave(): void {
  const status = offlineStatus.get();
  const { phase } = wholeSave.get();
  if (wholeAnswer() !== 'yes' || holdBack() || !navigator.onLine || !status || status.dictionary?.whole) return;
  if (phase !== 'idle' && phase !== 'waiting') return;
  void startWholeSave();
}

/** Starts the background save's triggers (once, from pwa.ts). */
export function watchWholeSave(): void {
  offlineStatus.subscribe(() => resumeWholeSave());
  addEventListener('online', resumeWholeSave);
}
