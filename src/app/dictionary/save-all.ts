// "Save the whole dictionary": every letter and chunk file, fetched through the service
// worker, which stores each one. Files already stored answer at once, so a second run
// resumes where an interrupted one stopped.

import { ROOT_FILES } from '../../core/dictionary/paths.ts';
import { wholeDictionaryPaths } from '../../core/offline-promise.ts';
import { getFile, getLetters, getManifest, getMeaningsIndex } from './api.ts';

export interface SaveProgress {
  done: number;
  total: number;
  /** bytes received: the same measure as the download size the reader was told */
  bytes: number;
}

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
