// A letter's word list (words-by-letter/<letter>.json) made from the headword list and the
// manifest, exactly as the build writes it (file-set.ts, layout.ts): the device makes the letter
// files itself from headwords.json, which it saves at the first visit, so a letter's list works
// offline before any entry is saved, and "save the whole dictionary" never downloads them (11 MB at
// full size). pack.json lists each one's SHA-256: what the device made is checked against the build's.

import type { LetterInfo, Manifest, WordIndexItem, WordsByLetterFile } from './types.ts';

/**
 * The file of `info`'s letter; `words` are every headword in dictionary order (a word's position
 * is its index). Undefined when the words and the letters list disagree (another build's list).
 */
export function letterFile(
  info: LetterInfo,
  words: readonly string[],
  manifest: Manifest,
  apiVersion: string,
  generatedAt: string,
): WordsByLetterFile | undefined {
  if (info.endIndex >= words.length || words[info.startIndex] !== info.firstWord || words[info.endIndex] !== info.lastWord) return undefined;
  const items: WordIndexItem[] = new Array(info.count);
  let c = manifest.chunks.findIndex((x) => x.start <= info.startIndex && info.startIndex <= x.end);
  if (c < 0) return undefined;
  for (let index = info.startIndex; index <= info.endIndex; index++) {
    while (index > manifest.chunks[c]!.end) if (++c >= manifest.chunks.length) return undefined;
    const chunk = manifest.chunks[c]!;
    items[index - info.startIndex] = { word: words[index]!, index, chunk: chunk.chunk, path: chunk.path };
  }
  return {
    apiVersion,
    generatedAt,
    letter: info.letter,
    count: info.count,
    firstWord: info.firstWord,
    lastWord: info.lastWord,
    words: items,
  };
}
