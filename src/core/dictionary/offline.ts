// What the dictionary keeps on the device without asking (docs/service-worker.md): its index files,
// sample.json, its first chunk, the headword list that search over every word needs offline, and
// the small files that say what the rest takes (pack.json, sizes.json). The whole dictionary is
// saved in the background where that is right, or when the reader says so; this module tells its
// size: what it takes to download (the bytes that cross the network) and to keep.

import { HEADWORDS } from './headwords.ts';
import { MEANINGS_INDEX, type MeaningsIndexFile } from './meanings/files.ts';
import type { WholeSaveProgress } from './messages.ts';
import { blocksLeft, PACK_INDEX, type PackIndexFile } from './pack/files.ts';
import { chunkPath, ROOT_FILES } from './paths.ts';
import { SIZES, type SizesFile, transferOfAll } from './sizes.ts';
import type { LettersFile, Manifest } from './types.ts';

/**
 * The dictionary sample saved without asking, beside metadata/manifest/letters (which the worker
 * keeps anyway): every headword first (search over the whole dictionary works offline from the
 * first visit, and the letters' lists are made from it), then the sample; the meaning index's list
 * of shards, the pack's index and every file's size as sent (small), so the size asked about is exact.
 */
export const DICTIONARY_SAMPLE_PATHS: readonly string[] = [HEADWORDS, ROOT_FILES.sample, chunkPath(0), MEANINGS_INDEX, PACK_INDEX, SIZES];

/** What of the dictionary is on the device for offline use (its part of `offline-status`). */
export interface DictionaryOffline {
  /** the index files are stored: the letters list works */
  letters: boolean;
  /** words whose entries are stored (the sample chunk, or more) */
  sampleWords: number;
  /** entries in the whole dictionary (0 until its manifest is stored) */
  entries: number;
  /** the headword list is stored: search over every word works offline; `bytes` it took to download (undefined: not known) */
  search?: { words: number; bytes?: number };
  firstWord?: string;
  lastWord?: string;
  /** every letter and chunk file is stored */
  whole: boolean;
  /** files stored, and the whole dictionary's count */
  files: number;
  totalFiles: number;
  /** what the rest of the dictionary takes; undefined until its index files are stored */
  estimate?: SizeEstimate;
  /** a save of the whole dictionary under way in the worker, or how the last one ended */
  save?: WholeSaveProgress;
}

export interface SizeEstimate {
  /**
   * bytes to download for the rest: the pack's blocks still needed, exactly (it is sent as it is);
   * without a pack, the brotli sizes of the files left (sizes.json); undefined when neither is known
   */
  download?: number;
  /** bytes in device storage for the whole dictionary (the worker keeps each file's UTF-8 bytes, which the browser compresses) */
  storage: number;
}

/**
 * Device storage per byte of a file kept. The worker keeps each file's bytes as an IndexedDB
 * value, which Chromium compresses (Snappy; Firefox too): the full-size dictionary's 42.4 MB took
 * 11.9 MB on disk in a Chromium profile (IndexedDB, rows and index included), 10.2 MB by
 * navigator.storage.estimate in `npm run bench pwa`, which prints it beside this estimate.
 * A browser that stores values as they are needs up to the files' size.
 */
const STORED_PER_BYTE = 0.28;

/**
 * The rest of the dictionary's size, given what is `stored`: the download from the pack's index
 * (the blocks that hold a chunk not stored yet; the letters' lists and the meaning index are made
 * on the device), or from sizes.json for a build without a pack; the storage from the files' own
 * sizes (every chunk, letter list and meaning shard).
 */
export function estimateDictionary(
  manifest: Manifest,
  letters: LettersFile,
  stored: ReadonlySet<string>,
  files: { pack?: PackIndexFile | undefined; sizes?: SizesFile | undefined; meanings?: MeaningsIndexFile | undefined },
): SizeEstimate {
  const { pack, sizes, meanings } = files;
  const left = wholeDictionaryPaths(manifest, letters, meanings).filter((p) => !stored.has(p) && !(Object.values(ROOT_FILES) as string[]).includes(p));
  let download: number | undefined;
  if (pack) {
    const blocks = blocksLeft(pack, stored);
    download = blocks.length ? pack.bytes - pack.blocks[blocks[0]!]!.offset : 0;
  } else download = transferOfAll(sizes, left);
  const shards = meanings?.shards.reduce((n, s) => n + s.bytes, 0) ?? 0;
  const own = pack ? pack.files.reduce((n, f) => n + f.bytes, 0) + pack.derived.reduce((n, f) => n + f.bytes, 0) : sizesOwn(sizes, left);
  const estimate: SizeEstimate = { storage: Math.round((own + shards) * STORED_PER_BYTE) };
  if (download !== undefined) estimate.download = download;
  return estimate;
}

/** The files' own sizes from sizes.json (a build without a pack): letters and chunks. */
const sizesOwn = (sizes: SizesFile | undefined, paths: readonly string[]): number =>
  paths.filter((p) => !p.startsWith('meanings/')).reduce((n, p) => n + (sizes?.files[p]?.[0] ?? 0), 0);

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
