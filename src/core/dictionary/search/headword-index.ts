// Search over headwords as they are typed: the entries in two sorted orders (by default and by
// loose key), binary search for prefix ranges, and a fixed order of match tiers (rank.ts). Built by
// folding and sorting the words, or read from the orders the build ships (shipped-index.ts), whose
// keys are made only where a search reads them.

import { compareCodePoints } from '../normalise.ts';
import { fold, loosen } from './fold.ts';
import { queryKeys } from './query-keys.ts';
import { smallestRanks, spellingDistance, type MatchKind } from './rank.ts';
import { decodeOrder, encodeOrder, foldFingerprint, type ShippedIndex } from './shipped-index.ts';
import { equalRangeAt, type KeyAt, prefixRangeAt, sortKeys } from './sorted-keys.ts';

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
function dictionaryOrder(words: readonly string[]): Uint32Array | undefined {
  for (let i = 1; i < words.length; i++) {
    if (compareCodePoints(words[i - 1]!, words[i]!) > 0) {
      const ids = new Uint32Array(words.length);
      for (let j = 0; j < ids.length; j++) ids[j] = j;
      return ids.sort((a, b) => compareCodePoints(words[a]!, words[b]!) || a - b);
    }
  }
  return undefined;
}

/** One order of the entries by a key: its keys are read by position (binary search). */
interface Order {
  /** the entries, in key order */
  readonly entries: Uint32Array;
  keyAt: KeyAt;
}

export class HeadwordIndex {
  readonly words: readonly string[];
  // Per entry (one spelling of one word):
  private readonly entryWord: Uint32Array;
  private readonly entryText: string[];
  /** the default key of an entry */
  private readonly entryKey: (entry: number) => string;
  /** shorter spellings first, then dictionary order: the order within a tier */
  private readonly entryRank: Uint32Array;
  private readonly byKey: Order;
  private readonly byLoose: Order;
  // Which words a search has taken already: stamped with the search's number.
  private readonly seen: Uint32Array;
  private stamp = 0;

  /**
   * Indexes headwords; a hit's id is the word's position in `words`. With `shipped` (the build's
   * orders, headword-orders: words in dictionary order) nothing is folded or sorted first: the
   * keys are made as the searches read them. A shipped index that does not fit `words` throws.
   */
  constructor(words: readonly string[], shipped?: ShippedIndex) {
    this.words = words;
    this.seen = new Uint32Array(words.length);
    if (shipped) {
      const entries = shippedEntries(words, shipped);
      const key = decodeOrder(shipped.key, shipped.entries);
      const loose = decodeOrder(shipped.loose, shipped.entries);
      if (!entries || !key || !loose || shipped.fold !== foldFingerprint())
        throw new RangeError('the shipped headword index does not fit these words or this fold');
      this.entryWord = entries.word;
      this.entryText = entries.text;
      this.entryRank = rankEntries(undefined, words.length, entries.word, entries.text);
      // Keys made when first read, and kept: a search reads a few dozen.
      const keys = new Array<string>(shipped.entries);
      const keyOf = (e: number) => keys[e] ?? (keys[e] = fold(entries.text[e]!));
      const looseKeys = new Array<string>(shipped.entries);
      const looseOf = (e: number) => looseKeys[e] ?? (looseKeys[e] = loosen(keyOf(e)));
      this.entryKey = keyOf;
      this.byKey = { entries: key, keyAt: (p) => keyOf(key[p]!) };
      this.byLoose = { entries: loose, keyAt: (p) => looseOf(loose[p]!) };
      return;
    }
    const entryWord: number[] = [];
    const entryText: string[] = [];
    const entryKey: string[] = [];
    const looseKey: string[] = [];
    for (let id = 0; id < words.length; id++) {
      for (const text of spellingsOf(words[id]!)) {
        const key = fold(text);
        if (key === '') continue;
        entryWord.push(id);
        entryText.push(text);
        entryKey.push(key);
        looseKey.push(loosen(key));
      }
    }
    this.entryWord = Uint32Array.from(entryWord);
    this.entryText = entryText;
    this.entryKey = (e) => entryKey[e]!;
    this.entryRank = rankEntries(dictionaryOrder(words), words.length, this.entryWord, entryText);
    const byKey = sortKeys(entryKey);
    const byLoose = sortKeys(looseKey);
    this.byKey = { entries: byKey.entries, keyAt: (p) => byKey.keys[p]! };
    this.byLoose = { entries: byLoose.entries, keyAt: (p) => byLoose.keys[p]! };
  }

  /**
   * The index in the form the build ships (headwords.json's `index`): its two orders. Only for
   * words in dictionary order, which headwords.json's are; undefined for others.
   */
  ship(): ShippedIndex | undefined {
    if (dictionaryOrder(this.words)) return undefined;
    const spellings: ShippedIndex['spellings'] = [];
    let e = 0;
    for (let id = 0; id < this.words.length; id++) {
      const texts: string[] = [];
      while (e < this.entryWord.length && this.entryWord[e] === id) texts.push(this.entryText[e++]!);
      if (texts.length !== 1 || texts[0] !== this.words[id]) spellings.push([id, ...texts]);
    }
    return {
      fold: foldFingerprint(),
      entries: this.entryWord.length,
      spellings,
      key: encodeOrder(this.byKey.entries),
      loose: encodeOrder(this.byLoose.entries),
    };
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
  private equal(run: Run, sorted: Order, key: string | undefined, kind: MatchKind, how: { only?: (entry: number) => boolean; closeTo?: string } = {}): void {
    if (key === undefined || run.hits.length >= run.limit) return;
    const { only, closeTo } = how;
    const [from, to] = equalRangeAt(sorted.keyAt, sorted.entries.length, key);
    const found: number[] = [];
    for (let p = from; p < to; p++) {
      const e = sorted.entries[p]!;
      if (this.seen[this.entryWord[e]!] !== run.stamp && (!only || only(e))) found.push(e);
    }
    const rank = this.entryRank;
    let distance: Map<number, number> | undefined;
    if (closeTo !== undefined && found.length <= MAX_DISTANCE_SORT) {
      const d = (distance = new Map(found.map((e) => [e, spellingDistance(closeTo, this.entryKey(e))])));
      found.sort((a, b) => d.get(a)! - d.get(b)! || rank[a]! - rank[b]!);
    } else found.sort((a, b) => rank[a]! - rank[b]!);
    for (const e of found) {
      if (run.hits.length >= run.limit) return;
      this.add(run, e, kind, distance?.get(e));
    }
  }

  /** Entries whose key starts with any of `keys`, shorter and earlier first. */
  private prefix(run: Run, sorted: Order, keys: readonly string[], kind: MatchKind): void {
    const ranges = keys.map((k) => prefixRangeAt(sorted.keyAt, sorted.entries.length, k));
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

/**
 * Entry ranks by (spelling length, dictionary order of the word, entry order): a counting sort
 * by length over the entries in dictionary order (`order`, the word ids; undefined when the
 * words are in it already, and so are their entries).
 */
function rankEntries(order: Uint32Array | undefined, words: number, entryWord: Uint32Array, entryText: readonly string[]): Uint32Array {
  const n = entryWord.length;
  const length = new Uint32Array(n);
  let longest = 0;
  for (let e = 0; e < n; e++) longest = Math.max(longest, (length[e] = entryText[e]!.length));
  // Where each length's ranks start: after every shorter entry.
  const start = new Uint32Array(longest + 2);
  for (let e = 0; e < n; e++) start[length[e]! + 1] = start[length[e]! + 1]! + 1;
  for (let l = 0; l <= longest; l++) start[l + 1] = start[l + 1]! + start[l]!;
  const rank = new Uint32Array(n);
  const put = (e: number) => {
    const l = length[e]!;
    rank[e] = start[l]!;
    start[l] = start[l]! + 1;
  };
  if (!order) {
    for (let e = 0; e < n; e++) put(e);
    return rank;
  }
  const first = new Uint32Array(words + 1);
  for (let e = 0; e < n; e++) first[entryWord[e]! + 1] = first[entryWord[e]! + 1]! + 1;
  for (let w = 0; w < words; w++) first[w + 1] = first[w + 1]! + first[w]!;
  for (const id of order) for (let e = first[id]!; e < first[id + 1]!; e++) put(e);
  return rank;
}

/** The entries of words in dictionary order as a shipped index names them; undefined when they do not fit. */
function shippedEntries(words: readonly string[], shipped: ShippedIndex): { word: Uint32Array; text: string[] } | undefined {
  const n = shipped.entries;
  if (!Number.isInteger(n) || n < 0 || n > words.length * 64) return undefined;
  const word = new Uint32Array(n);
  const text = new Array<string>(n);
  let e = 0;
  let next = 0;
  const put = (id: number, t: unknown) => {
    if (e >= n || typeof t !== 'string') return false;
    word[e] = id;
    text[e++] = t;
    return true;
  };
  for (const item of shipped.spellings) {
    const id = item[0];
    if (!Number.isInteger(id) || id < next || id >= words.length) return undefined;
    for (; next < id; next++) if (!put(next, words[next])) return undefined;
    for (let k = 1; k < item.length; k++) if (!put(id, item[k])) return undefined;
    next = id + 1;
  }
  for (; next < words.length; next++) if (!put(next, words[next])) return undefined;
  return e === n ? { word, text } : undefined;
}
