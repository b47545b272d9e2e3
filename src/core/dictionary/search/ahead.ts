// Answers made ahead for the keystrokes a reader may type next, so that the page can show a
// later keystroke's results in the keystroke's own task, before the next frame, instead of a
// round trip to the search worker later (issue 34: every later keystroke painted within a
// frame). Each is the index's own answer for that query: what the page shows is exactly what
// the worker would have answered, so nothing moves when it would have arrived.

import { compareCodePoints } from '../normalise.ts';
import type { HeadwordIndex } from './headword-index.ts';
import { isRomanised } from './transliterate.ts';

/** Latin letters, the most common in romanised Nepali first (a guess where a budget cuts the list). */
const LATIN_NEXT = 'aeiohnrkutsmldgbpjycvwfzqx';
/** Sorts above every string that starts with what it is appended to (compareCodePoints). */
const AFTER = '\u{10FFFF}';

/** The first position of `words` (in compareCodePoints order) not below `key`. */
function lowerBound(words: readonly string[], key: string): number {
  let lo = 0;
  let hi = words.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareCodePoints(words[mid]!, key) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The queries one keystroke after `q`, likely first, at most `max`: after Devanagari, `q` and each
 * code point that follows it in some headword of `words` (in dictionary order), the most words
 * first; after romanised letters, `q` and each Latin letter; before any (the first keystroke),
 * each first letter of a headword, the most words first, then the Latin letters.
 */
export function nextQueries(words: readonly string[], q: string, max: number): string[] {
  if (q.trim() !== q) return [];
  if (q === '') return [...byWords(words, q), ...LATIN_NEXT].slice(0, max);
  if (isRomanised(q)) return [...LATIN_NEXT].slice(0, max).map((c) => q + c);
  return byWords(words, q).slice(0, max);
}

/** `q` and each code point that follows it in some headword of `words`, the most words first. */
function byWords(words: readonly string[], q: string): string[] {
  const groups: Array<[next: string, count: number]> = [];
  const end = lowerBound(words, q + AFTER);
  // Each next code point's words are one run of the range: a binary search jumps over each.
  for (let p = lowerBound(words, q); p < end;) {
    const w = words[p]!;
    if (w.length === q.length) {
      p++;
      continue;
    }
    const next = q + String.fromCodePoint(w.codePointAt(q.length)!);
    const to = lowerBound(words, next + AFTER);
    groups.push([next, to - p]);
    p = to;
  }
  return groups.sort((a, b) => b[1] - a[1]).map(([next]) => next);
}

/** Each query ahead of `q` with the index's answer, its words joined a line each (cheap to post); `stop` ends it early (a time budget). */
export function answersAhead(
  index: HeadwordIndex,
  q: string,
  limit: number,
  max: number,
  stop: () => boolean = () => false,
): Array<[query: string, words: string]> {
  return answersFor(index, nextQueries(index.words, q, max), limit, stop);
}

/** Each of `queries` with the index's answer, its words joined a line each, until `stop` says (a time budget). */
export function answersFor(
  index: HeadwordIndex,
  queries: readonly string[],
  limit: number,
  stop: () => boolean = () => false,
): Array<[query: string, words: string]> {
  const answers: Array<[string, string]> = [];
  for (const next of queries) {
    if (stop()) break;
    answers.push([
      next,
      index
        .search(next, limit)
        .map((h) => h.word)
        .join('\n'),
    ]);
  }
  return answers;
}

/** The words of an answer made ahead. */
export const wordsAhead = (joined: string): string[] => (joined === '' ? [] : joined.split('\n'));
