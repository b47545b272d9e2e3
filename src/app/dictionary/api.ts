// The dictionary as the app sees it: only the contract's paths, relative to the page,
// so the same code works online, offline (service worker) and under any sub-path.

import { STORED_ONLY_HEADER } from '../../core/answer-headers.ts';
import { chunkOf, chunkOfEntry } from '../../core/dictionary/chunk-of.ts';
import { ChunkMemory } from '../../core/dictionary/chunk-memory.ts';
import { MEANINGS_INDEX, type MeaningsIndexFile } from '../../core/dictionary/meanings/files.ts';
import { letterOf } from '../../core/dictionary/normalise.ts';
import { chunkPath, letterPath, ROOT_FILES } from '../../core/dictionary/paths.ts';
import { KhojError } from '../../core/errors.ts';
import { encodePath, fetchAnswer } from '../client/fetch.ts';
import type { ChunkFile, Entry, LettersFile, Manifest, WordsByLetterFile } from '../../core/dictionary/types.ts';

export const BASE = 'api/v1/';

/** A file below /api/v1, unread; a non-2xx answer throws KhojError "http" with the JSON error the server or worker gave. */
export const getFile = (rel: string, signal?: AbortSignal): Promise<Response> => fetchAnswer('dictionary', BASE + encodePath(rel), signal);

/** A contract file's text (see getFile). */
export const getText = async (rel: string, signal?: AbortSignal): Promise<string> => (await getFile(rel, signal)).text();

export const getJson = async <T>(rel: string, signal?: AbortSignal): Promise<T> => JSON.parse(await getText(rel, signal)) as T;

export const getLetters = () => getJson<LettersFile>(ROOT_FILES.letters);
export const getManifest = () => getJson<Manifest>(ROOT_FILES.manifest);
export const getWords = (letter: string) => getJson<WordsByLetterFile>(letterPath(letter));
export const getChunk = (chunk: number) => getJson<ChunkFile>(chunkPath(chunk));
/** The meaning index's list of shards; undefined for a build without one (404). */
export const getMeaningsIndex = () =>
  getJson<MeaningsIndexFile>(MEANINGS_INDEX).catch((e: unknown) => {
    if (KhojError.is(e, 'http', 404)) return undefined;
    throw e;
  });

/** The manifest, read once per page (about 100 bytes a chunk): its word ranges lead a lookup straight to the chunk. */
let manifest: Promise<Manifest> | undefined;
/** The same, once read: what a lookup from memory goes by, in the task that asks. */
let manifestRead: Manifest | undefined;
function knownManifest(fresh: boolean): Promise<Manifest> {
  if (fresh || !manifest) {
    const read = getManifest();
    manifest = read;
    read.then(
      (m) => manifest === read && (manifestRead = m),
      () => manifest === read && (manifest = undefined),
    );
  }
  return manifest;
}

/** The chunks read last, parsed (8 of up to ~300 KB each at full size): a word in one of them is drawn in the tap's own task. */
const memory = new ChunkMemory(8);

/**
 * The word's entry from the chunks in memory, at once: `{ entry }` (undefined: not in the
 * dictionary), or undefined when memory cannot tell and lookUp must be asked.
 */
export const entryInMemory = (word: string): { entry: Entry | undefined } | undefined => manifestRead && memory.entry(manifestRead, word);

/**
 * Looks a word up in its chunk, found by the manifest's word ranges, instead of reading its
 * letter file first (up to 1 MB: reading and parsing it was most of a lookup's time). A word outside
 * every range is not in the dictionary. A newer build may have replaced the files since the
 * manifest was read: a chunk that is not what the manifest says, or a word in no range, has
 * the manifest read again, once. Without a manifest, the contract's flow: letter file, then chunk.
 */
export async function lookUp(word: string): Promise<Entry | undefined> {
  for (let attempt = 0; ; attempt++) {
    const last = attempt > 0;
    let m: Manifest;
    try {
      m = await knownManifest(last);
    } catch {
      return byLetter(word);
    }
    const held = memory.entry(m, word);
    if (held) {
      keepLetter(word);
      return held.entry;
    }
    const info = chunkOf(m.chunks, word);
    let chunk: ChunkFile | undefined;
    try {
      chunk = info && (await getJson<ChunkFile>(info.path));
    } catch (e) {
      if (last || !KhojError.is(e, 'http', 404)) throw e;
    }
    if (last || (chunk && memory.keep(info!, chunk))) {
      keepLetter(word);
      return chunk?.entries.find((e) => e.word === word);
    }
  }
}

/** How many entries the dictionary holds, by the manifest. */
export const entryCount = async (): Promise<number> => (await knownManifest(false)).chunks.reduce((n, c) => n + c.count, 0);

/**
 * The entry at dictionary index `index`, from its chunk (the manifest's index ranges): no word
 * list needed (the word of the day). Undefined past the end; offline with the chunk not stored,
 * the worker's 503 (isNotSaved).
 */
export async function entryAt(index: number): Promise<Entry | undefined> {
  const m = await knownManifest(false);
  const info = chunkOfEntry(m.chunks, index);
  if (!info) return undefined;
  const chunk = await getJson<ChunkFile>(info.path);
  memory.keep(info, chunk);
  return chunk.entries[index - info.start];
}

/**
 * Reads the chunks of `words` (the first results on screen) into memory while the reader looks
 * at them, so that tapping one draws its entry at once. Only copies stored on the device: with
 * the stored-only header the worker answers 504 for any other and never goes to the network, and
 * without a worker (the first visit) nothing is asked at all. At most `max` chunks, one at a time.
 */
export async function prefetchEntries(words: readonly string[], max = 3): Promise<void> {
  if (!navigator.serviceWorker?.controller) return;
  const m = await knownManifest(false).catch(() => undefined);
  if (!m) return;
  const infos = [...new Set(words.map((w) => chunkOf(m.chunks, w)))].filter((i) => i && !memory.has(i)).slice(0, max);
  for (const info of infos) {
    try {
      const res = await fetch(BASE + encodePath(info!.path), { headers: { [STORED_ONLY_HEADER]: '1' } });
      if (res.ok) memory.keep(info!, JSON.parse(await res.text()) as ChunkFile);
    } catch {
      // Not stored, or unreadable: the tap will look it up as before.
    }
  }
}

/**
 * Asks for the word's letter file without reading it, after the entry: the worker keeps it as
 * before (the letter's list works offline) and verifies a stored copy, telling the page if
 * storage failed; the reader does not wait for it.
 */
export function keepLetter(word: string): void {
  void fetchAnswer('dictionary', BASE + encodePath(letterPath(letterOf(word))))
    .then((res) => res.body?.cancel())
    .catch(() => undefined);
}

/** The contract's flow: the letter file, then the chunk it names. */
async function byLetter(word: string): Promise<Entry | undefined> {
  let words: WordsByLetterFile;
  try {
    words = await getWords(letterOf(word));
  } catch (e) {
    if (KhojError.is(e, 'http', 404)) return undefined;
    throw e;
  }
  const item = words.words.find((w) => w.word === word);
  return item && (await getJson<ChunkFile>(item.path)).entries.find((e) => e.word === word);
}
