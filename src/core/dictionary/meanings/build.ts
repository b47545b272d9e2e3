// Builds the meaning index from the dictionary's entries, in their dictionary order (an
// entry's id is its index, as in the letter files). Run by the data build, never on a phone.

import { fold } from '../search/fold.ts';
import { API_VERSION, type Entry } from '../types.ts';
import { type MeaningShardFile, type MeaningsIndexFile, shardKey, shardPath } from './files.ts';
import { encodePostings, RANKS } from './postings.ts';
import { termSpans } from './terms.ts';

/** A short sense (up to this many words) is a gloss: the word's meaning in a word or two. */
const GLOSS_WORDS = 3;

/**
 * How well an entry answers a word of its meanings, 0 best: an earlier sense first, and within
 * a sense's place a gloss (पानी: "जल; पानी।") before a sentence that mentions the word.
 */
export const rankOf = (senseOrdinal: number, wordsInSense: number): number => Math.min(RANKS / 2 - 1, senseOrdinal) * 2 + (wordsInSense > GLOSS_WORDS ? 1 : 0);

/** Each term of an entry's senses with its best rank. */
export function entryTerms(entry: Entry, foldWord: (word: string) => string = fold): Map<string, number> {
  const best = new Map<string, number>();
  let ordinal = 0;
  for (const block of entry.definitions) {
    for (const sense of block.senses) {
      const spans = termSpans(sense, foldWord);
      const rank = rankOf(ordinal++, spans.length);
      for (const { term } of spans) if (!(best.get(term)! <= rank)) best.set(term, rank);
    }
  }
  return best;
}

export interface MeaningFiles {
  index: MeaningsIndexFile;
  shards: MeaningShardFile[];
}

/** Numbers appended to a typed array that grows as needed. */
class Column<A extends Uint32Array | Uint8Array> {
  length = 0;
  constructor(public data: A) {}
  push(v: number): void {
    if (this.length === this.data.length) {
      const bigger = new (this.data.constructor as new (n: number) => A)(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = v;
  }
}

/** The index and its shards; `sizeOf` gives a shard file's size as it will be written. */
export function buildMeanings(entries: readonly Entry[], generatedAt: string, sizeOf: (shard: MeaningShardFile) => number): MeaningFiles {
  // Postings as three columns (term number, entry id, rank), in entry order; a term's number
  // is its place in `terms`. Half the words of meanings are a few hundred frequent ones: their fold is remembered.
  const folded = new Map<string, string>();
  const foldWord = (w: string) => folded.get(w) ?? (folded.set(w, fold(w)), folded.get(w)!);
  const numberOf = new Map<string, number>();
  const terms: string[] = [];
  const termCol = new Column(new Uint32Array(1 << 16));
  const idCol = new Column(new Uint32Array(1 << 16));
  const rankCol = new Column(new Uint8Array(1 << 16));
  entries.forEach((entry, id) => {
    for (const [term, rank] of entryTerms(entry, foldWord)) {
      let t = numberOf.get(term);
      if (t === undefined) numberOf.set(term, (t = terms.push(term) - 1));
      termCol.push(t);
      idCol.push(id);
      rankCol.push(rank);
    }
  });
  // Grouped by term with a counting sort, which keeps each term's ids ascending.
  const n = termCol.length;
  const start = new Uint32Array(terms.length + 1);
  for (let i = 0; i < n; i++) start[termCol.data[i]! + 1]!++;
  for (let t = 0; t < terms.length; t++) start[t + 1]! += start[t]!;
  const at = start.slice(0, terms.length);
  const ids = new Uint32Array(n);
  const ranks = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const slot = at[termCol.data[i]!]!++;
    ids[slot] = idCol.data[i]!;
    ranks[slot] = rankCol.data[i]!;
  }
  const count = (t: number) => start[t + 1]! - start[t]!;

  const byKey = new Map<string, number[]>();
  terms.forEach((term, t) => {
    const key = shardKey(term);
    const list = byKey.get(key);
    if (list) list.push(t);
    else byKey.set(key, [t]);
  });
  const codeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const index: MeaningsIndexFile = { apiVersion: API_VERSION, generatedAt, entries: entries.length, terms: terms.length, postings: n, shards: [] };
  const shards = [...byKey.keys()].sort(codeUnits).map((key): MeaningShardFile => {
    const numbers = byKey.get(key)!.sort((a, b) => codeUnits(terms[a]!, terms[b]!));
    const shard: MeaningShardFile = {
      apiVersion: API_VERSION,
      generatedAt,
      key,
      count: numbers.length,
      terms: numbers.map((t) => terms[t]!),
      postings: numbers.map((t) => encodePostings(ids.subarray(start[t], start[t + 1]), ranks.subarray(start[t], start[t + 1]))),
    };
    const postings = numbers.reduce((sum, t) => sum + count(t), 0);
    index.shards.push({ key, path: shardPath(key), terms: shard.count, postings, bytes: sizeOf(shard) });
    return shard;
  });
  return { index, shards };
}
