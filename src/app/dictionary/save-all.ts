// "Save the whole dictionary": every letter and chunk file, fetched through the service
// worker, which stores each one. Files already stored answer at once, so a second run
// resumes where an interrupted one stopped.

import { ROOT_FILES } from '../../core/dictionary/paths.ts';
import { wholeDictionaryPaths } from '../../core/offline-promise.ts';
import { getLetters, getManifest, getMeaningsIndex, getText } from './api.ts';

export interface SaveProgress {
  done: number;
  total: number;
  /** characters received (≈ bytes / 2.5 for Devanagari UTF-8; shown as MB of text) */
  chars: number;
}

const CONCURRENCY = 4;

export async function allPaths(): Promise<string[]> {
  const [letters, manifest, meanings] = await Promise.all([getLetters(), getManifest(), getMeaningsIndex()]);
  return wholeDictionaryPaths(manifest, letters, meanings).filter((p) => p !== ROOT_FILES.manifest && p !== ROOT_FILES.letters);
}

export async function saveAll(onProgress: (p: SaveProgress) => void, signal: AbortSignal): Promise<void> {
  const paths = await allPaths();
  const progress: SaveProgress = { done: 0, total: paths.length, chars: 0 };
  onProgress({ ...progress });
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      signal.throwIfAborted();
      const path = paths[next++]!;
      const text = await getText(path, signal);
      progress.done++;
      progress.chars += text.length;
      onProgress({ ...progress });
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}
