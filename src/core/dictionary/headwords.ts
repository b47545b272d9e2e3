// Every headword in one small file beside the contract's (Khoj's own, like meanings/): what offline
// search needs, saved at the first visit, instead of the letter files (11 MB at full size). The
// words are in dictionary order, so a word's position is its dictionary index, and front-coded:
// each line is one base-36 digit, how many code units it shares with the word before (at most
// 35), then the rest. 123,363 words: 1.48 MB as JSON, about 0.35 MB with brotli. Beside them, the
// headword index as search reads it without building it first (search/shipped-index.ts): the
// entries' two sorted orders, 0.34 MB more, about 0.15 MB with brotli.

import type { ShippedIndex } from './search/shipped-index.ts';

export const HEADWORDS = 'headwords.json';

export interface HeadwordsFile {
  apiVersion: string;
  generatedAt: string;
  /** words in the file: the dictionary's entries */
  count: number;
  /** front-coded words, one a line */
  words: string;
  /** the headword index in the form search reads as it is; absent in a build from before it */
  index?: ShippedIndex;
}

const MAX_SHARED = 35;

/** The front-coded text of `words` (in dictionary order). */
export function encodeHeadwords(words: readonly string[]): string {
  const lines = new Array<string>(words.length);
  let before = '';
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    let k = 0;
    while (k < MAX_SHARED && k < before.length && k < w.length && before.charCodeAt(k) === w.charCodeAt(k)) k++;
    lines[i] = k.toString(36) + w.slice(k);
    before = w;
  }
  return lines.join('\n');
}

/** The words of a front-coded text; throws a RangeError naming the line that does not decode. */
export function decodeHeadwords(text: string): string[] {
  if (text === '') return [];
  // One pass with indexOf, not split() and parseInt per line: 5× faster on the 123,363 words,
  // which the search worker decodes before its first answer.
  const words: string[] = [];
  let before = '';
  for (let at = 0; at <= text.length;) {
    let end = text.indexOf('\n', at);
    if (end === -1) end = text.length;
    const c = text.charCodeAt(at);
    const k = c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 122 ? c - 87 : c >= 65 && c <= 90 ? c - 55 : -1;
    if (k < 0 || k > before.length) throw new RangeError(`line ${words.length + 1} does not decode`);
    before = k === 0 ? text.slice(at + 1, end) : before.slice(0, k) + text.slice(at + 1, end);
    words.push(before);
    at = end + 1;
  }
  return words;
}

/** How many words a front-coded text holds, without decoding it. */
export const headwordCount = (text: string): number => {
  if (text === '') return 0;
  let n = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return n;
};
