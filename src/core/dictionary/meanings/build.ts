// Builds the meaning index from the dictionary's entries, in their dictionary order (an
// entry's id is its index, as in the letter files). Run by the data build, and by the service
// worker as "save the whole dictionary" stores the entries: the shards it makes are checked
// against the build's digests (meanings/index.json), so the device never downloads them.

import { API_VERSION, type Entry } from '../types.ts';
import { type MeaningShardFile, type MeaningsIndexFile, shardKey, shardPath } from './files.ts';
import { MAX_CHARS, RANKS, writePostings } from './postings.ts';

const ASCII = new TextDecoder();
import { termOf } from './terms.ts';
import { WordTable } from './word-table.ts';

/** A short sense (up to this many words) is a gloss: the word's meaning in a word or two. */
const GLOSS_WORDS = 3;

/**
 * How well an entry answers a word of its meanings, 0 best: an earlier sense first, and within
 * a sense's place a gloss (पानी: "जल; पानी।") before a sentence that mentions the word.
 */
export const rankOf = (senseOrdinal: number, wordsInSense: number): number => Math.min(RANKS / 2 - 1, senseOrdinal) * 2 + (wordsInSense > GLOSS_WORDS ? 1 : 0);

export interface MeaningFiles {
  index: MeaningsIndexFile;
  shards: MeaningShardFile[];
}

/** Numbers appended to a typed array that grows as needed. */
class Column<A extends Int32Array | Uint32Array | Uint8Array> {
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

/** A shard file as it will be written: its size in bytes and the SHA-256 of those bytes (hex). */
export type ShardFileOf = (shard: MeaningShardFile) => { bytes: number; sha256: string };

/** The index and its shards; `fileOf` describes a shard's file as it will be written. */
export function buildMeanings(entries: readonly Entry[], generatedAt: string, fileOf: ShardFileOf): MeaningFiles {
  const builder = new MeaningsBuilder();
  for (const entry of entries) builder.add(entry);
  return builder.finish(generatedAt, fileOf);
}

/**
 * The meaning index made one entry at a time, in dictionary order (an entry's id is how many came
 * before it): the data build gives it every entry at once, the service worker each chunk as it
 * arrives (src/sw/dictionary/meanings.ts), so no more than a chunk of entries is held besides it.
 */
export class MeaningsBuilder {
  // Postings as three columns (term number, entry id, rank), in entry order; a term's number is
  // its place in `terms`. A word as written is folded once: `termOfWord` keeps its term's number
  // (−1: not searched). Each entry holds a term once, with its best rank: `lastEntry` says
  // whether this entry already has it, and `slot` where.
  private readonly table = new WordTable();
  private readonly termOfWord: number[] = [];
  private readonly numberOfTerm = new Map<string, number>();
  private readonly terms: string[] = [];
  private readonly lastEntry = new Column(new Int32Array(1 << 16));
  private readonly slot = new Column(new Uint32Array(1 << 16));
  private readonly termCol = new Column(new Uint32Array(1 << 16));
  private readonly idCol = new Column(new Uint32Array(1 << 16));
  private readonly rankCol = new Column(new Uint8Array(1 << 16));
  private readonly senseTerms: number[] = [];
  /** entries added so far: the next one's id */
  entries = 0;

  private readonly collect = (word: number) => {
    let t = this.termOfWord[word];
    if (t === undefined) {
      const term = termOf(this.table.words[word]!);
      t = term === '' ? -1 : (this.numberOfTerm.get(term) ?? this.terms.push(term) - 1);
      if (t >= 0) this.numberOfTerm.set(term, t);
      this.termOfWord[word] = t;
    }
    if (t >= 0) this.senseTerms.push(t);
  };

  add(entry: Entry): void {
    const id = this.entries++;
    const { lastEntry, slot, termCol, idCol, rankCol, senseTerms } = this;
    let ordinal = 0;
    for (const block of entry.definitions) {
      for (const sense of block.senses) {
        senseTerms.length = 0;
        this.table.scan(sense, this.collect);
        const rank = rankOf(ordinal++, senseTerms.length);
        for (const t of senseTerms) {
          // A term seen for the first time: its place in the per-term columns.
          if (t === lastEntry.length) {
            lastEntry.push(-1);
            slot.push(0);
          }
          if (lastEntry.data[t] === id) {
            if (rank < rankCol.data[slot.data[t]!]!) rankCol.data[slot.data[t]!] = rank;
          } else {
            lastEntry.data[t] = id;
            slot.data[t] = termCol.length;
            termCol.push(t);
            idCol.push(id);
            rankCol.push(rank);
          }
        }
      }
    }
  }

  /** The index and its shards of every entry added. */
  finish(generatedAt: string, fileOf: ShardFileOf): MeaningFiles {
    const { terms, termCol, idCol, rankCol } = this;
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

    // Terms grouped by shard, each group in UTF-16 code unit order (the strings themselves
    // compared: distinct, so never equal); sorted a group at a time, not all at once.
    const byKey = new Map<string, number[]>();
    for (let t = 0; t < terms.length; t++) {
      const key = shardKey(terms[t]!);
      const list = byKey.get(key);
      if (list) list.push(t);
      else byKey.set(key, [t]);
    }
    const ascending = (a: number, b: number) => (terms[a]! < terms[b]! ? -1 : 1);
    const index: MeaningsIndexFile = { apiVersion: API_VERSION, generatedAt, entries: this.entries, terms: terms.length, postings: n, shards: [] };
    const shards = [...byKey.keys()]
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
      .map((key): MeaningShardFile => {
        const numbers = byKey.get(key)!.sort(ascending);
        const postings = numbers.reduce((sum, t) => sum + count(t), 0);
        // Every term's postings written into one buffer, read as one string, each term's a slice of it.
        const buffer = new Uint8Array(postings * MAX_CHARS);
        const ends = new Uint32Array(numbers.length);
        let at = 0;
        numbers.forEach((t, i) => (ends[i] = at = writePostings(ids, ranks, start[t]!, start[t + 1]!, buffer, at)));
        const text = ASCII.decode(buffer.subarray(0, at));
        const shard: MeaningShardFile = {
          apiVersion: API_VERSION,
          generatedAt,
          key,
          count: numbers.length,
          terms: numbers.map((t) => terms[t]!),
          postings: numbers.map((_, i) => text.slice(i ? ends[i - 1] : 0, ends[i])),
        };
        index.shards.push({ key, path: shardPath(key), terms: shard.count, postings, ...fileOf(shard) });
        return shard;
      });
    return { index, shards };
  }
}
