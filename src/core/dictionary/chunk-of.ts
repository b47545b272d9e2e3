// Which chunk holds a word, from the manifest alone: chunks are in code point order and each
// names its first and last word, so a binary search finds the one range a word can be in.

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
