// A search over headwords indexed a letter at a time (the app's search worker builds one
// HeadwordIndex per letter file, as each arrives): the letters a query can match
// (letters.ts), each asked, and their hits made one list in the order one index over every
// word would give: by tier, then nearest spelling, then the shorter spelling, then dictionary
// order. Sorting the merged list by length alone put "कितव" before "किताब" for "kitab"
// (issue 33), though the index ranked किताब, a half step from "kitab", first.

import { compareCodePoints, letterOf } from '../normalise.ts';
import { type HeadwordHit, HeadwordIndex } from './headword-index.ts';
import { lettersFor } from './letters.ts';
import { MATCH_ORDER } from './rank.ts';

const tier = (h: HeadwordHit) => MATCH_ORDER.indexOf(h.kind);

/** One list from the hits of several letters' indexes (each at most `limit`), as one index would rank them; a word once. */
export function mergeHits(lists: ReadonlyArray<readonly HeadwordHit[]>, limit: number): string[] {
  const all = lists.flat();
  all.sort((a, b) => tier(a) - tier(b) || a.distance - b.distance || a.length - b.length || compareCodePoints(a.word, b.word));
  return [...new Set(all.map((h) => h.word))].slice(0, limit);
}

/** The indexes the app builds, one per letter file (a word is filed under its first code point). */
export function indexByLetter(words: readonly string[]): Map<string, HeadwordIndex> {
  const byLetter = new Map<string, string[]>();
  for (const w of words) {
    const l = letterOf(w);
    const list = byLetter.get(l);
    if (list) list.push(w);
    else byLetter.set(l, [w]);
  }
  return new Map([...byLetter].map(([l, list]) => [l, new HeadwordIndex(list)]));
}

/** A query over letter indexes as the search worker makes it (src/app/dictionary/search.worker.ts): the letters it can match, merged. */
export function searchByLetter(indexes: ReadonlyMap<string, HeadwordIndex>, q: string, limit: number): string[] {
  return mergeHits(
    lettersFor(q).map((l) => indexes.get(l)?.search(q, limit) ?? []),
    limit,
  );
}
