// The dictionary as the app sees it: only the contract's paths, relative to the page,
// so the same code works online, offline (service worker) and under any sub-path.

import { compareCodePoints, letterOf } from '../../core/dictionary/normalise.ts';
import { isNotSaved } from '../client/offline.ts';
import { MEANINGS_INDEX, type MeaningsIndexFile } from '../../core/dictionary/meanings/files.ts';
import { chunkPath, letterPath, ROOT_FILES } from '../../core/dictionary/paths.ts';
import { encodePath, fetchAnswer, HttpError } from '../client/fetch.ts';
import type { ChunkFile, Entry, LettersFile, Manifest, WordsByLetterFile } from '../../core/dictionary/types.ts';

export const BASE = 'api/v1/';

/** A contract file's text; a non-2xx answer throws HttpError with the JSON error the server or worker gave. */
export async function getText(rel: string, signal?: AbortSignal): Promise<string> {
  return (await fetchAnswer('dictionary', BASE + encodePath(rel), signal)).text();
}

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

/**
 * Looks a word up by the contract's flow: its letter file, then its chunk. If a newer
 * build replaced the files between the two reads, the word is looked up once more.
 */
export async function lookUp(word: string): Promise<Entry | undefined> {
  for (let attempt = 0; attempt < 2; attempt++) {
    let words: WordsByLetterFile;
    try {
      words = await getWords(letterOf(word));
    } catch (e) {
      if (e instanceof HttpError && e.status === 404) return undefined;
      // Offline without the letter's word list: the saved sample (or any saved chunk) may hold the word.
      if (isNotSaved(e)) return fromSavedChunk(word, e);
      throw e;
    }
    const item = words.words.find((w) => w.word === word);
    if (!item) return undefined;
    const entry = (await getJson<ChunkFile>(item.path)).entries.find((e) => e.word === word);
    if (entry) return entry;
  }
  return undefined;
}

/**
 * The word's chunk found by the manifest's word ranges (stored with the index files), for when
 * its letter file is not on the device. Throws the chunk's "not saved" when that is missing too.
 */
async function fromSavedChunk(word: string, cause: unknown): Promise<Entry | undefined> {
  let manifest: Manifest;
  try {
    manifest = await getManifest();
  } catch {
    throw cause;
  }
  const info = manifest.chunks.find((c) => compareCodePoints(c.firstWord, word) <= 0 && compareCodePoints(word, c.lastWord) <= 0);
  if (!info) return undefined;
  return (await getJson<ChunkFile>(info.path)).entries.find((e) => e.word === word);
}
