// The dictionary as the app sees it: only the contract's paths, relative to the page,
// so the same code works online, offline (service worker) and under any sub-path.

import { letterOf } from '../../core/dictionary/normalise.ts';
import { chunkPath, letterPath, ROOT_FILES } from '../../core/dictionary/paths.ts';
import { STORAGE_HEADER, type StorageProblem } from '../../core/sw-protocol.ts';
import { encodeSegment } from '../../core/text.ts';
import { noteStorageProblem } from '../pwa.ts';
import type { ChunkFile, Entry, LettersFile, Manifest, WordsByLetterFile } from '../../core/dictionary/types.ts';

export const BASE = 'api/v1/';

export class HttpError extends Error {
  constructor(readonly status: number, readonly path: string, message: string) {
    super(message);
  }
}

/** A contract file's text; a non-2xx answer throws with the JSON error the server or worker gave. */
export async function getText(rel: string, signal?: AbortSignal): Promise<string> {
  const res = await fetch(BASE + rel.split('/').map(encodeSegment).join('/'), signal ? { signal } : {});
  const problem = res.headers.get(STORAGE_HEADER);
  if (problem) noteStorageProblem(problem as StorageProblem);
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { error?: string };
    throw new HttpError(res.status, rel, body.error ?? `HTTP ${res.status}`);
  }
  return res.text();
}

export const getJson = async <T,>(rel: string, signal?: AbortSignal): Promise<T> => JSON.parse(await getText(rel, signal)) as T;

export const getLetters = () => getJson<LettersFile>(ROOT_FILES.letters);
export const getManifest = () => getJson<Manifest>(ROOT_FILES.manifest);
export const getWords = (letter: string) => getJson<WordsByLetterFile>(letterPath(letter));
export const getChunk = (chunk: number) => getJson<ChunkFile>(chunkPath(chunk));

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
      throw e;
    }
    const item = words.words.find((w) => w.word === word);
    if (!item) return undefined;
    const entry = (await getJson<ChunkFile>(item.path)).entries.find((e) => e.word === word);
    if (entry) return entry;
  }
  return undefined;
}
