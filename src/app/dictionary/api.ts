// The dictionary as the app sees it: only the contract's paths, relative to the page,
// so the same code works online, offline (service worker) and under any sub-path.

import { chunkPath, letterPath, ROOT_FILES } from '../../core/dictionary/paths.ts';
import type { ChunkFile, Entry, LettersFile, WordsByLetterFile } from '../../core/dictionary/types.ts';
import { letterOf } from '../../core/dictionary/normalise.ts';

const BASE = 'api/v1/';

async function getJson<T>(rel: string): Promise<T> {
  const res = await fetch(BASE + rel.split('/').map(encodeURIComponent).join('/'));
  if (!res.ok) throw new Error(`${rel}: HTTP ${res.status}`);
  return (await res.json()) as T;
}

export const getLetters = () => getJson<LettersFile>(ROOT_FILES.letters);
export const getWords = (letter: string) => getJson<WordsByLetterFile>(letterPath(letter));
export const getChunk = (chunk: number) => getJson<ChunkFile>(chunkPath(chunk));

/** Looks a word up by the contract's flow: its letter file, then its chunk. */
export async function lookUp(word: string): Promise<Entry | undefined> {
  const words = await getWords(letterOf(word));
  const item = words.words.find((w) => w.word === word);
  if (!item) return undefined;
  const chunk = await getChunk(item.chunk);
  return chunk.entries.find((e) => e.word === word);
}
