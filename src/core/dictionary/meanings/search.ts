// Meaning search over the shards a query needs: every word of the query must be in an entry's
// meanings (or, with `partial`, entries holding more of them come first); the last word may be
// the beginning of a longer one while the reader types (`prefix`); a romanised query's words
// also match the words spelt alike under the loose fold (khana: खाना as well as खना). Ranked by
// how each word matched (exactly first) and where it stands in the entry (build.ts rankOf), then
// dictionary order.

import { fold, loosen } from '../search/fold.ts';
import { lettersOfLooseKey } from '../search/letters.ts';
import { isRomanised, transliterate } from '../search/transliterate.ts';
import { type MeaningShardFile, shardKey } from './files.ts';
import { decodePostings, type Postings, RANKS } from './postings.ts';
import { lowerBound } from '../../sorted.ts';
import { meaningTerms } from './terms.ts';

export interface MeaningQuery {
  /** the query as searched: a romanised one transliterated (a best guess) */
  text: string;
  /** its distinct folded words, in order */
  terms: string[];
  /** romanised: each word also matches words with its loose key */
  loose: boolean;
  /** the shards those words (and their loose spellings) are in */
  keys: string[];
}

export function meaningQuery(query: string): MeaningQuery {
  const trimmed = query.trim().normalize('NFC');
  const loose = isRomanised(trimmed);
  const text = loose ? transliterate(trimmed) : trimmed;
  const terms = [...new Set(meaningTerms(text))];
  const keys = terms.flatMap((t) => (loose ? looseKeys(t) : [shardKey(t)]));
  return { text, terms, loose, keys: [...new Set(keys)] };
}

/** The shards that can hold words loosely equal to `term`: its own, and those of the letters its loose key can start with. */
const looseKeys = (term: string): string[] => [
  ...new Set([
    shardKey(term),
    ...lettersOfLooseKey(loosen(term))
      .map((l) => fold(l).slice(0, 1))
      .filter(Boolean),
  ]),
];

export interface MeaningSearchOptions {
  limit?: number;
  /** also entries that hold only some of the words, after those holding all */
  partial?: boolean;
  /** the last word matches longer words that begin with it too (after exact matches) */
  prefix?: boolean;
}

export interface MeaningResult {
  /** entry ids (dictionary indices), best first, at most `limit` */
  ids: number[];
  /** how many entries match in all */
  total: number;
}

/** Which words of a text a query matches (to mark them in a snippet), as search() matches them. */
export function termMatcher(query: MeaningQuery, prefix = false): (term: string) => boolean {
  const last = query.terms.length - 1;
  const loose = new Set(query.loose ? query.terms.map(loosen) : []);
  return (term) => query.terms.some((t, i) => term === t || (prefix && i === last && term.startsWith(t))) || (loose.size > 0 && loose.has(loosen(term)));
}

/** Words a prefix stands for, at most: the shortest first (पान: पानी before पानीघट्ट). */
const MAX_EXPANSIONS = 64;

/** Loaded shards, each term's postings decoded when first asked for. */
export class MeaningShards {
  private readonly shards = new Map<string, MeaningShardFile>();
  private readonly decoded = new Map<string, Postings>();
  /** per shard, its terms by loose key: made when a romanised query first needs it */
  private readonly byLoose = new Map<string, Map<string, string[]>>();

  constructor(
    /** entries in the dictionary (index.json `entries`) */
    readonly entries: number,
  ) {}

  has(key: string): boolean {
    return this.shards.has(key);
  }

  add(shard: MeaningShardFile): void {
    this.shards.set(shard.key, shard);
    this.byLoose.delete(shard.key);
  }

  /** The term's postings, or undefined when no meaning holds it. */
  postings(term: string): Postings | undefined {
    let p = this.decoded.get(term);
    if (p) return p;
    const shard = this.shards.get(shardKey(term));
    const at = shard ? findTerm(shard.terms, term) : -1;
    if (at < 0) return undefined;
    p = decodePostings(shard!.postings[at]!);
    // A few hundred decoded terms at most are kept: frequent words are worth keeping, the rest cheap to redo.
    if (this.decoded.size >= 256) this.decoded.clear();
    this.decoded.set(term, p);
    return p;
  }

  /** Terms beginning with `prefix` (itself included if present), the shortest first. */
  expand(prefix: string): string[] {
    const terms = this.shards.get(shardKey(prefix))?.terms;
    if (!terms) return [];
    const found: string[] = [];
    for (let i = lowerBound(terms, prefix); i < terms.length && terms[i]!.startsWith(prefix); i++) found.push(terms[i]!);
    return found.length <= MAX_EXPANSIONS ? found : found.sort((a, b) => a.length - b.length).slice(0, MAX_EXPANSIONS);
  }

  /** Terms whose loose key is `term`'s, in the loaded shards that can hold them. */
  looseAlike(term: string): string[] {
    const key = loosen(term);
    return looseKeys(term).flatMap((k) => {
      const shard = this.shards.get(k);
      if (!shard) return [];
      let byKey = this.byLoose.get(k);
      if (!byKey) {
        byKey = new Map();
        for (const t of shard.terms) {
          const l = loosen(t);
          const list = byKey.get(l);
          if (list) list.push(t);
          else byKey.set(l, [t]);
        }
        this.byLoose.set(k, byKey);
      }
      return byKey.get(key) ?? [];
    });
  }

  search(query: MeaningQuery, options: MeaningSearchOptions = {}): MeaningResult {
    const { terms } = query;
    const limit = options.limit ?? 20;
    if (terms.length === 0) return { ids: [], total: 0 };
    const matched = new Uint8Array(this.entries);
    const score = new Uint16Array(this.entries);
    terms.forEach((term, i) => {
      // The words this word of the query stands for: itself first, then (after) loose spellings and longer words.
      const words = new Map<string, number>([[term, 0]]);
      for (const w of query.loose ? this.looseAlike(term) : []) if (!words.has(w)) words.set(w, RANKS);
      for (const w of i === terms.length - 1 && options.prefix ? this.expand(term) : []) if (!words.has(w)) words.set(w, RANKS);
      // Per entry, the best way this word of the query matched it.
      const best = new Map<number, number>();
      for (const [word, penalty] of words) {
        const p = this.postings(word);
        if (!p) continue;
        for (let k = 0; k < p.ids.length; k++) {
          const id = p.ids[k]!;
          const r = p.ranks[k]! + penalty;
          const had = best.get(id);
          if (had === undefined || r < had) best.set(id, r);
        }
      }
      for (const [id, r] of best) {
        if (id >= this.entries) continue;
        matched[id]!++;
        score[id]! += r;
      }
    });
    // Buckets by (words missing, score); ids go in ascending, so each bucket is in dictionary order.
    const n = terms.length;
    const width = n * 2 * RANKS;
    const buckets: number[][] = [];
    let total = 0;
    for (let id = 0; id < this.entries; id++) {
      const m = matched[id]!;
      if (m === 0 || (m < n && !options.partial)) continue;
      total++;
      const key = (n - m) * width + score[id]!;
      (buckets[key] ??= []).push(id);
    }
    const ids: number[] = [];
    for (const bucket of buckets) {
      if (!bucket) continue;
      for (const id of bucket) {
        if (ids.length === limit) return { ids, total };
        ids.push(id);
      }
    }
    return { ids, total };
  }
}

const findTerm = (sorted: readonly string[], x: string): number => {
  const i = lowerBound(sorted, x);
  return sorted[i] === x ? i : -1;
};
