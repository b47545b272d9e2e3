/// <reference lib="webworker" />
// The dictionary's small part for offline use (src/core/dictionary/offline.ts): its index files, the
// headword list and the sample, saved through the usual route (which checks and stores them), and
// what of it is stored, with the honest size of the rest.

import { HEADWORDS } from '../../core/dictionary/headwords.ts';
import { classifyApiPath } from '../../core/dictionary/paths.ts';
import { transferOf } from '../../core/dictionary/sizes.ts';
import { DICTIONARY_SAMPLE_PATHS, type DictionaryOffline, estimateDictionary, wholeDictionaryPaths } from '../../core/dictionary/offline.ts';
import type { StorageTracker } from '../storage.ts';
import { answerDictionary } from './route.ts';
import { wholeSaveState } from './save-whole.ts';
import { readTransfer, storedSummary, writeTransfer } from './store.ts';
import { checkForNewBuild, storedLetters, storedManifest, storedMeanings, storedPack, storedSizes, version } from './versions.ts';

declare const self: ServiceWorkerGlobalScope;

/**
 * Bytes the last fetch of `url` took on the wire (compressed, headers left out), from the
 * worker's resource timing; undefined where the browser does not say.
 */
function transferOfUrl(url: string): number | undefined {
  const entry = self.performance?.getEntriesByName?.(url).at(-1) as PerformanceResourceTiming | undefined;
  return entry && entry.encodedBodySize > 0 ? entry.encodedBodySize : undefined;
}

export async function saveDictionarySample(base: string, storage: StorageTracker): Promise<void> {
  // The index files first (the build is learnt), then the sample through the usual route, which stores it.
  await checkForNewBuild(base).catch(() => undefined);
  for (const path of DICTIONARY_SAMPLE_PATHS) {
    const v = await version().catch(() => null);
    const res = await answerDictionary(path, new Request(base + path), { base, storage }).catch(() => undefined);
    // What the headword list cost to download, for the question (offline-ready.tsx): measured, not guessed.
    if (v && res?.ok && path === HEADWORDS) {
      await res.body?.cancel();
      const bytes = transferOfUrl(base + path);
      if (bytes !== undefined) await writeTransfer(v, path, bytes).catch(() => undefined);
    }
  }
}

export async function dictionaryOffline(): Promise<DictionaryOffline> {
  const d: DictionaryOffline = { letters: false, sampleWords: 0, entries: 0, whole: false, files: 0, totalFiles: 0 };
  const save = wholeSaveState();
  if (save) d.save = { ...save };
  const v = await version();
  if (!v) return d;
  const [manifest, letters, meanings, pack, sizes, summary] = await Promise.all([
    storedManifest(),
    storedLetters(),
    storedMeanings(),
    storedPack(),
    storedSizes(),
    storedSummary(v),
  ]);
  if (!manifest || !letters) return d;
  const stored = new Set(summary.paths);
  d.letters = true;
  d.entries = manifest.chunks.reduce((n, c) => n + c.count, 0);
  const chunks = manifest.chunks.filter((c) => stored.has(c.path));
  d.sampleWords = chunks.reduce((n, c) => n + c.count, 0);
  if (chunks.length) {
    d.firstWord = chunks[0]!.firstWord;
    d.lastWord = chunks.at(-1)!.lastWord;
  }
  // The headword list's download as measured when it was fetched; else as the build says it is sent.
  if (stored.has(HEADWORDS)) {
    const bytes = (await readTransfer(v, HEADWORDS).catch(() => undefined)) ?? transferOf(sizes, HEADWORDS);
    d.search = { words: d.entries };
    if (bytes !== undefined) d.search.bytes = bytes;
  }
  // The root files are kept anyway; the rest is what "save the whole dictionary" fetches.
  const all = wholeDictionaryPaths(manifest, letters, meanings).filter((p) => classifyApiPath(p) !== 'root');
  d.totalFiles = all.length;
  d.files = all.filter((p) => stored.has(p)).length;
  d.whole = d.files === d.totalFiles;
  d.estimate = estimateDictionary(manifest, letters, stored, { pack, sizes, meanings });
  return d;
}
