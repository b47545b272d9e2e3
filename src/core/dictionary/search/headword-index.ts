// Search over headwords as they are typed: two sorted key arrays (default and loose
// fold), binary search for prefix ranges, and a fixed order of match tiers (rank.ts).

import { compareCodePoints } from '../normalise.ts';
import { fold, loosen } from './fold.ts';
import { queryKeys } from './query-keys.ts';
import { smallestRanks, spellingDistance, type MatchKind } from './rank.ts';
import { equalRange, prefixRange, sortKeys, type SortedKeys } from './sorted-keys.ts';

export interface HeadwordHit {
  /** the word's position in the list the index was built from */
  id: number;
  word: string;
  kind: MatchKind;
  /** how far the matched spelling is from the query's (a loose tier's spellingDistance; 0 elsewhere) */
  distance: number;
  /** the matched spelling's length (UTF-16 units): with the distance and the word, its place in its tier */
  length: number;
}

export const DEFAULT_LIMIT = 20;
// Loose-equal groups are small; past this size closeness is not worth computing.
const MAX_DISTANCE_SORT = 200;

/**
 * A headword is looked up as written and under each spelling it gives: "सुझाउ/सुझाव/सुझाब"
 * under all three. Alternates filed under another letter ("आजकल/काल") are left out,
 * since lettersFor could not know to fetch their file; so are fragments ("गलाइनु/नो").
 */
function spellingsOf(word: string): string[] {
  if (!word.includes('/')) return [word];
  const first = word.codePointAt(0);
  const parts = word
    .split('/')
    .map((p) => p.trim())
    .filter((p) => p !== '' && p.codePointAt(0) === first);
  return [word, ...parts];
}

/** Ids in dictionary (code point) order; the letter files already are, so usually no sort. */
function dictionaryOrder(words: readonly string[]): Uint32Array {
  const ids = new Uint32Array(words.length);
  for (let i = 0; i < ids.length; i++) ids[i] = i;
  for (let i = 1; i < words.length; i++) {
    if (compareCodePoints(words[i - 1]!, words[i]!) > 0) return ids.sort((a, b) => compareCodePoints(words[a]!, words[b]!) || a - b);
  }
  return ids;
}

export class HeadwordIndex {
  readonly words: readonly string[];
  // Per entry (one spelling of one word):
  private readonly entryWord: Uint32Array;
  private readonly entryText: string[];
  private readonly entryKey: string[];
  /** shorter spellings first, then dictionary order: the order within a tier */
  private readonly entryRank: Uint32Array;
  private readonly byKey: SortedKeys;
  private readonly byLoose: SortedKeys;
  // Which words a search has taken already: stamped with the search's number.
  private readonly seen: Uint32Array;
  private stamp = 0;

  /** Indexes headwords; a hit's id is the word's position in `words`. */
  constructor(words: readonly string[]) {
    this.words = words;
    const entryWord: number[] = [];
    const entryText: string[] = [];
    const entryKey: string[] = [];
    const looseKey: string[] = [];
    const entriesOf: number[][] = new Array(words.length);
    for (let id = 0; id < words.length; id++) {
      const mine: number[] = (entriesOf[id] = []);
      for (const text of spellingsOf(words[id]!)) {
        const key = fold(text);
        if (key === '') continue;
        mine.push(entryWord.length);
        entryWord.push(id);
        entryText.push(text);
        entryKey.push(key);
        looseKey.push(loosen(key));
      }
    }
    this.entryWord = Uint32Array.from(entryWord);
    this.entryText = entryText;
    this.entryKey = entryKey;
    this.entryRank = rankEntries(dictionaryOrder(words), entriesOf, entryText);
    this.byKey = sortKeys(entryKey);
    this.byLoose = sortKeys(looseKey);
    this.seen = new Uint32Array(words.length);
  }

  get size(): number {
    return this.words.length;
  }

  /**
   * Headwords for a query typed in Devanagari or romanised Nepali, best first (see
   * MatchKind): exact, equal after folding, prefixes (shorter and dictionary order
   * first), then loose matches; romanised input goes through the roman tiers.
   */
  search(query: string, limit = DEFAULT_LIMIT): HeadwordHit[] {
    const run: Run = { hits: [], limit, stamp: this.nextStamp() };
    const q = queryKeys(query);
    const direct = q.direct;
    const key = direct?.keys[0];
    if (direct && key !== undefined) {
      const isQuery = (e: number) => this.entryText[e] === q.text || this.entryText[e]!.normalize('NFC') === q.text;
      this.equal(run, this.byKey, key, 'exact', { only: isQuery });
      this.equal(run, this.byKey, key, 'folded');
      this.prefix(run, this.byKey, direct.keys, 'prefix');
      this.equal(run, this.byLoose, direct.looseKeys[0], 'loose', { closeTo: key });
      this.prefix(run, this.byLoose, direct.looseKeys, 'loose-prefix');
    }
    const roman = q.roman;
    const romanKey = roman?.keys[0];
    if (roman && romanKey !== undefined) {
      // Whole-word loose matches come before prefixes: the transliteration is a guess.
      this.equal(run, this.byKey, romanKey, 'roman');
      this.equal(run, this.byLoose, roman.looseKeys[0], 'roman-loose', { closeTo: romanKey });
      this.prefix(run, this.byKey, roman.keys, 'roman-prefix');
      this.prefix(run, this.byLoose, roman.looseKeys, 'roman-loose-prefix');
    }
    return run.hits;
  }

  private nextStamp(): number {
    if (this.stamp === 0xffffffff) {
      this.seen.fill(0);
      this.stamp = 0;
    }
    return ++this.stamp;
  }

  private add(run: Run, e: number, kind: MatchKind, distance = 0): void {
    const id = this.entryWord[e]!;
    if (this.seen[id] === run.stamp) return;
    this.seen[id] = run.stamp;
    run.hits.push({ id, word: this.words[id]!, kind, distance, length: this.entryText[e]!.length });
  }

  /**
   * Entries whose key equals `key` (and pass `only`): nearest in spelling to `closeTo`
   * first when given, then shorter and earlier.
   */
  private equal(
    run: Run,
    sorted: SortedKeys,
    key: string | undefined,
    kind: MatchKind,
    how: { only?: (entry: number) => boolean; closeTo?: string } = {},
  ): void {
    if (key === undefined || run.hits.length >= run.limit) return;
    const { only, closeTo } = how;
    const [from, to] = equalRange(sorted.keys, key);
    const found: number[] = [];
    for (let p = from; p < to; p++) {
      const e = sorted.entries[p]!;
      if (this.seen[this.entryWord[e]!] !== run.stamp && (!only || only(e))) found.push(e);
    }
    const rank = this.entryRank;
    let distance: Map<number, number> | undefined;
    if (closeTo !== undefined && found.length <= MAX_DISTANCE_SORT) {
      const d = (distance = new Map(found.map((e) => [e, spellingDistance(closeTo, this.entryKey[e]!)])));
      found.sort((a, b) => d.get(a)! - d.get(b)! || rank[a]! - rank[b]!);
    } else found.sort((a, b) => rank[a]! - rank[b]!);
    for (const e of found) {
      if (run.hits.length >= run.limit) return;
      this.add(run, e, kind, distance?.get(e));
    }
  }

  /** Entries whose key starts with any of `keys`, shorter and earlier first. */
  private prefix(run: Run, sorted: SortedKeys, keys: readonly string[], kind: MatchKind): void {
    const ranges = keys.map((k) => prefixRange(sorted.keys, k));
    const rankAt = (p: number) => this.entryRank[sorted.entries[p]!]!;
    const accept = (p: number) => this.seen[this.entryWord[sorted.entries[p]!]!] !== run.stamp;
    for (;;) {
      const need = run.limit - run.hits.length;
      if (need <= 0) return;
      const picks = ranges.flatMap(([from, to]) => smallestRanks(from, to, need, rankAt, accept));
      if (ranges.length > 1) picks.sort((a, b) => rankAt(a) - rankAt(b));
      const entries = [...new Set(picks.map((p) => sorted.entries[p]!))].slice(0, need);
      if (entries.length === 0) return;
      const before = run.hits.length;
      for (const e of entries) this.add(run, e, kind);
      // Two spellings of one word can both be picked; then look again for the rest.
      if (run.hits.length - before === entries.length || entries.length < need) return;
    }
  }
}

interface Run {
  hits: HeadwordHit[];
  limit: number;
  stamp: number;
}

/** Entry ranks by (spelling length, dictionary order of the word, entry order). */
function rankEntries(order: Uint32Array, entriesOf: number[][], entryText: string[]): Uint32Array {
  const byLength: number[][] = [];
  for (const id of order) {
    for (const e of entriesOf[id]!) (byLength[entryText[e]!.length] ??= []).push(e);
  }
  const rank = new Uint32Array(entryText.length);
  let r = 0;
  for (const bucket of byLength) if (bucket) for (const e of bucket) rank[e] = r++;
  return rank;
}
