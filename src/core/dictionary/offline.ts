// What the dictionary keeps on the device without asking (docs/service-worker.md): its index files,
// sample.json, its first chunk and the headword list that search over every word needs offline. The
// whole dictionary is large: it is saved only when the reader says so, and this module estimates its
// size for the question.

import { HEADWORDS } from './headwords.ts';
import { MEANINGS_INDEX, type MeaningsIndexFile } from './meanings/files.ts';
import { chunkPath, ROOT_FILES } from './paths.ts';
import type { LettersFile, Manifest } from './types.ts';

/**
 * The dictionary sample saved without asking, beside metadata/manifest/letters (which the worker
 * keeps anyway): every headword first (search over the whole dictionary works offline from the
 * first visit), then the sample; the meaning index's list of shards too (small), so the size asked
 * about is exact for them.
 */
export const DICTIONARY_SAMPLE_PATHS: readonly string[] = [HEADWORDS, ROOT_FILES.sample, chunkPath(0), MEANINGS_INDEX];

/** What of the dictionary is on the device for offline use (its part of `offline-status`). */
export interface DictionaryOffline {
  /** the index files are stored: the letters list works */
  letters: boolean;
  /** words whose entries are stored (the sample chunk, or more) */
  sampleWords: number;
  /** entries in the whole dictionary (0 until its manifest is stored) */
  entries: number;
  /** the headword list is stored: search over every word works offline; `bytes` it took to download */
  search?: { words: number; bytes: number };
  firstWord?: string;
  lastWord?: string;
  /** every letter and chunk file is stored */
  whole: boolean;
  /** files stored, and the whole dictionary's count */
  files: number;
  totalFiles: number;
  /** the whole dictionary's estimated size, undefined until the sample chunk is stored */
  estimate?: SizeEstimate;
}

export interface SizeEstimate {
  /** bytes to download (UTF-8, before any compression the server adds) */
  download: number;
  /** bytes in device storage (the worker keeps each file's UTF-8 bytes, which the browser compresses) */
  storage: number;
}

const utf8 = (s: string) => new TextEncoder().encode(s).length;

/**
 * Device storage per byte downloaded. The worker keeps each file's bytes as an IndexedDB value,
 * which Chromium compresses (Snappy; Firefox too): the full-size dictionary's 42.4 MB took
 * 11.9 MB on disk in a Chromium profile (IndexedDB, rows and index included), 10.2 MB by
 * navigator.storage.estimate in `npm run bench pwa`, which prints it beside this estimate.
 * A browser that stores values as they are needs up to the download's size.
 */
const STORED_PER_BYTE = 0.28;

/**
 * The whole dictionary's size, from its manifest and letters list and one real chunk: every
 * chunk as large per entry as the measured one, every letter file's rows as long as a row for
 * the measured chunk's words; the meaning index's shards as its list gives them.
 */
export function estimateDictionary(
  manifest: Manifest,
  letters: LettersFile,
  chunkText: string,
  chunkEntries: readonly string[],
  meanings?: MeaningsIndexFile,
): SizeEstimate {
  const entries = manifest.chunks.reduce((n, c) => n + c.count, 0);
  const perEntry = chunkEntries.length ? utf8(chunkText) / chunkEntries.length : 0;
  const row = (w: string) => JSON.stringify({ word: w, index: entries, chunk: manifest.chunkCount, path: chunkPath(manifest.chunkCount) }) + ',';
  const rowBytes = chunkEntries.length ? chunkEntries.reduce((n, w) => n + utf8(row(w)), 0) / chunkEntries.length : 0;
  const perLetter = 200; // a letter file's head (apiVersion, generatedAt, letter, count, first/last word)
  const shards = meanings?.shards.reduce((n, s) => n + s.bytes, 0) ?? 0;
  const download = Math.round(entries * (perEntry + rowBytes) + letters.letters.length * perLetter + shards);
  return { download, storage: Math.round(download * STORED_PER_BYTE) };
}

/** The paths of the whole dictionary (index files, sample, every letter and chunk file, the meaning index when the build has one). */
export const wholeDictionaryPaths = (manifest: Manifest, letters: LettersFile, meanings?: MeaningsIndexFile): string[] => [
  ROOT_FILES.metadata,
  ROOT_FILES.manifest,
  ROOT_FILES.letters,
  ROOT_FILES.sample,
  ...letters.letters.map((l) => l.path),
  ...manifest.chunks.map((c) => c.path),
  ...(meanings ? [MEANINGS_INDEX, ...meanings.shards.map((s) => s.path)] : []),
];
