// How headword matches are ordered: by tier (how the word matched), then within a tier.

/**
 * How a headword matched, best first. Direct tiers come from a query typed in
 * Devanagari, roman tiers from one typed in Latin letters:
 * - exact: the headword (or one of its "/" alternates) is the query itself
 * - folded: equal under fold (इ/ई, ँ/ं, पण्डित/पंडित, : for ः…)
 * - prefix: starts with the query under fold
 * - loose, loose-prefix: the same under looseFold (ब/व, स/श, न/ण…), a typist's slip
 * - roman, roman-prefix: the transliteration, equal or as a prefix under fold
 * - roman-loose, roman-loose-prefix: the same under looseFold, where romanisation's
 *   ambiguities (n न/ण, a अ/आ, t त/ट…) are folded away
 */
export type MatchKind = 'exact' | 'folded' | 'prefix' | 'loose' | 'loose-prefix' | 'roman' | 'roman-loose' | 'roman-prefix' | 'roman-loose-prefix';

/** Every kind, in the order results are given. */
export const MATCH_ORDER: readonly MatchKind[] = [
  'exact',
  'folded',
  'prefix',
  'loose',
  'loose-prefix',
  'roman',
  'roman-loose',
  'roman-prefix',
  'roman-loose-prefix',
];

/**
 * Positions in [from, to) of the `take` accepted items with the smallest rank, in rank
 * order. One pass with a small sorted buffer: a prefix range can hold ten thousand
 * words, of which the screen shows twenty.
 */
export function smallestRanks(from: number, to: number, take: number, rankAt: (position: number) => number, accept: (position: number) => boolean): number[] {
  const best: number[] = [];
  const ranks: number[] = [];
  if (take <= 0) return best;
  for (let p = from; p < to; p++) {
    const r = rankAt(p);
    if (best.length === take && r >= ranks[take - 1]!) continue;
    if (!accept(p)) continue;
    let i = best.length === take ? take - 1 : best.length;
    while (i > 0 && ranks[i - 1]! > r) {
      ranks[i] = ranks[i - 1]!;
      best[i] = best[i - 1]!;
      i--;
    }
    ranks[i] = r;
    best[i] = p;
  }
  return best;
}

// A diphthong sign is said as ā + i/u: "bhai" (भै) is as close to भाइ as to भइ.
const DIPHTHONGS = /[ैौऐऔ]/g;
const SPELT_OUT: Record<string, string> = { 'ै': 'ाइ', 'ौ': 'ाउ', ऐ: 'आइ', औ: 'आउ' };
const spellOut = (key: string) => key.replace(DIPHTHONGS, (d) => SPELT_OUT[d]!);

const AA = 0x93e;
const ANUSVARA = 0x902;
const NA = 0x928;

/**
 * How far apart two default keys are as spellings of one romanised word: an edit
 * distance, diphthongs spelt out, where what romanisation cannot show costs half:
 * a missing or extra ा (people type "a" for both: "pani" is पानी as much as पनि) and
 * न for ं ("gaun" गाउँ).
 */
export function spellingDistance(a: string, b: string): number {
  const x = spellOut(a);
  const y = spellOut(b);
  if (x === y) return 0;
  const indel = (c: number) => (c === AA ? 0.5 : 1);
  const swap = (c: number, d: number) => (c === d ? 0 : (c === ANUSVARA && d === NA) || (c === NA && d === ANUSVARA) ? 0.5 : 1);
  let prev = new Array<number>(y.length + 1);
  let cur = new Array<number>(y.length + 1);
  prev[0] = 0;
  for (let j = 1; j <= y.length; j++) prev[j] = prev[j - 1]! + indel(y.charCodeAt(j - 1));
  for (let i = 1; i <= x.length; i++) {
    const c = x.charCodeAt(i - 1);
    cur[0] = prev[0]! + indel(c);
    for (let j = 1; j <= y.length; j++) {
      const d = y.charCodeAt(j - 1);
      cur[j] = Math.min(prev[j]! + indel(c), cur[j - 1]! + indel(d), prev[j - 1]! + swap(c, d));
    }
    [prev, cur] = [cur, prev];
  }
  return prev[y.length]!;
}
