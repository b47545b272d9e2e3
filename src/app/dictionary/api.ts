// The dictionary as the app sees it: only the contract's paths, relative to the page,
// so the same code works online, offline (service worker) and under any sub-path.

import { chunkOf } from '../../core/dictionary/chunk-of.ts';
import { MEANINGS_INDEX, type MeaningsIndexFile } from '../../core/dictionary/meanings/files.ts';
import { letterOf } from '../../core/dictionary/normalise.ts';
import { chunkPath, letterPath, ROOT_FILES } from '../../core/dictionary/paths.ts';
import { encodePath, fetchAnswer, HttpError } from '../client/fetch.ts';
import type { ChunkFile, Entry, LettersFile, Manifest, WordsByLetterFile } from '../../core/dictionary/types.ts';

export const BASE = 'api/v1/';

/** A file below /api/v1, unread; a non-2xx answer throws HttpError with the JSON error the server or worker gave. */
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
    if (e instanceof HttpError && e.status === 404) return undefined;
    throw e;
  });

/** The manifest, read once per page (about 100 bytes a chunk): its word ranges lead a lookup straight to the chunk. */
let manifest: Promise<Manifest> | undefined;
function knownManifest(fresh: boolean): Promise<Manifest> {
  if (fresh || !manifest) {
    const read = getManifest();
    manifest = read;
    read.catch(() => manifest === read && (manifest = undefined));
  }
  return manifest;
}

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
    const info = chunkOf(m.chunks, word);
    let chunk: ChunkFile | undefined;
    try {
      chunk = info && (await getJson<ChunkFile>(info.path));
    } catch (e) {
      if (last || !(e instanceof HttpError && e.status === 404)) throw e;
    }
    if (last || (chunk && chunk.firstWord === info!.firstWord && chunk.lastWord === info!.lastWord && chunk.count === info!.count)) {
      keepLetter(word);
      return chunk?.entries.find((e) => e.word === word);
    }
  }
}

/**
 * Asks for the word's letter file without reading it, after the entry: the worker keeps it as
 * before (the letter's list works offline) and verifies a stored copy, telling the page if
 * storage failed; the reader does not wait for it.
 */
function keepLetter(word: string): void {
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
    if (e instanceof HttpError && e.status === 404) return undefined;
    throw e;
  }
  const item = words.words.find((w) => w.word === word);
  return item && (await getJson<ChunkFile>(item.path)).entries.find((e) => e.word === word);
}
