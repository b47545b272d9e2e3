// Which chunk holds a word, or the entry at a dictionary index, from the manifest alone: chunks
// are in code point order and each names its first and last word and its start and end index,
// so a binary search finds the one range a word or index can be in.

import { compareCodePoints } from './normalise.ts';
import type { ChunkInfo } from './types.ts';

/** The chunk whose range (firstWord..lastWord, code point order) holds `word`; undefined: no chunk can hold it. */
export function chunkOf(chunks: readonly ChunkInfo[], word: string): ChunkInfo | undefined {
  // The first chunk starting after `word`; the one before it is the only candidate.
  let lo = 0;
  let hi = chunks.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (compareCodePoints(chunks[mid]!.firstWord, word) <= 0) lo = mid + 1;
    else hi = mid;
  }
  const c = chunks[lo - 1];
  return c && compareCodePoints(word, c.lastWord) <= 0 ? c : undefined;
}

/** The chunk holding the entry at dictionary index `index` (its start..end); undefined past the end. */
export function chunkOfEntry(chunks: readonly ChunkInfo[], index: number): ChunkInfo | undefined {
  let lo = 0;
  let hi = chunks.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (chunks[mid]!.start <= index) lo = mid + 1;
    else hi = mid;
  }
  const c = chunks[lo - 1];
  return c && index <= c.end ? c : undefined;
}
