// The headword index as the build ships it (core/dictionary/search/shipped-index.ts): its orders
// round-trip and refuse anything that is not a permutation; an index read from them answers every
// query exactly as one built by folding and sorting the words (sample, real and random lists);
// an index sorted under other fold rules, or for other words, is refused.

import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareCodePoints } from '../../../src/core/dictionary/normalise.ts';
import { HeadwordIndex } from '../../../src/core/dictionary/search/headword-index.ts';
import { decodeOrder, encodeOrder, foldFingerprint, type ShippedIndex } from '../../../src/core/dictionary/search/shipped-index.ts';
import { HEADWORDS, hasSharedData } from '../../../harness/shared-data.ts';

const sampleWords = (JSON.parse(readFileSync(new URL('../../../data-build/dictionary/sample/dictionary.json', import.meta.url), 'utf8')) as { word: string }[])
  .map((e) => e.word)
  .sort(compareCodePoints);
const realWords = hasSharedData
  ? readFileSync(HEADWORDS, 'utf8')
      .split('\n')
      .filter((w) => w !== '')
  : [];

/** Every prefix a typist passes through. */
const prefixes = (q: string) => [...q].map((_, i, cps) => cps.slice(0, i + 1).join(''));
const roundTrip = (s: ShippedIndex): ShippedIndex => JSON.parse(JSON.stringify(s)) as ShippedIndex;

describe('orders as text', () => {
  it('round-trip any permutation', () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 300 }), (xs) => {
        const order = xs.map((_, i) => i).sort((a, b) => xs[a]! - xs[b]! || a - b);
        expect([...decodeOrder(encodeOrder(order), order.length)!]).toEqual(order);
      }),
    );
    const big = Array.from({ length: 200_000 }, (_, i) => (i * 7919) % 200_000);
    expect([...decodeOrder(encodeOrder(big), big.length)!]).toEqual(big);
  });

  it('refuse what is not a permutation of 0 … n-1: a repeat, out of range, cut short, too long, a stray character', () => {
    const text = encodeOrder([2, 0, 1]);
    expect(decodeOrder(text, 3)).toBeDefined();
    expect(decodeOrder(encodeOrder([0, 0, 1]), 3)).toBeUndefined();
    expect(decodeOrder(encodeOrder([0, 1, 3]), 3)).toBeUndefined();
    expect(decodeOrder(text.slice(0, -1), 3)).toBeUndefined();
    expect(decodeOrder(text + 'A', 3)).toBeUndefined();
    expect(decodeOrder(text, 4)).toBeUndefined();
    expect(decodeOrder(`${text.slice(0, 1)}*${text.slice(2)}`, 3)).toBeUndefined();
    expect(decodeOrder('क', 1)).toBeUndefined();
  });
});

describe('an index read from its shipped orders', () => {
  it('answers every prefix of every sample word and of romanised and loose queries as the built index does', () => {
    const built = new HeadwordIndex(sampleWords);
    const shipped = new HeadwordIndex(sampleWords, roundTrip(built.ship()!));
    const queries = [...sampleWords.flatMap(prefixes), ...['namaste', 'kiran', 'pani', 'ghar', 'sabda', 'क', 'कि', 'की', 'पण', 'x', '', '  ']];
    for (const q of queries) expect(shipped.search(q, 20), q).toEqual(built.search(q, 20));
  });

  it('answers as the built index does over random lists with alternates ("/"), repeats and other scripts', () => {
    const unit = fc.constantFrom('क', 'का', 'कि', 'की', 'ख', 'ष', 'श', 'स', 'न्', 'ं', 'ँ', '्', 'ा', '/', ' ', 'a', 'ब', 'व', 'ज्ञ', '\u093c', '।');
    const word = fc.string({ unit, minLength: 1, maxLength: 6 });
    fc.assert(
      fc.property(fc.array(word, { maxLength: 80 }), fc.array(fc.string({ unit, maxLength: 4 }), { minLength: 1, maxLength: 10 }), (raw, queries) => {
        const words = [...raw].sort(compareCodePoints);
        const built = new HeadwordIndex(words);
        const shipped = new HeadwordIndex(words, roundTrip(built.ship()!));
        for (const q of [...queries, 'ka', 'sa', 'bha']) expect(shipped.search(q, 10), q).toEqual(built.search(q, 10));
      }),
      { numRuns: 200 },
    );
  });

  it.runIf(hasSharedData)('the real 123,363 headwords: the same answers for every prefix of 2,000 words and of romanised queries', () => {
    const words = [...realWords].sort(compareCodePoints);
    const built = new HeadwordIndex(words);
    const shipped = new HeadwordIndex(words, roundTrip(built.ship()!));
    const queries = [
      ...words.filter((_, i) => i % 61 === 0).flatMap(prefixes),
      ...['namaste', 'kiran', 'vidyalaya', 'rajniti', 'shabda', 'xama'].flatMap(prefixes),
    ];
    expect(queries.length).toBeGreaterThan(2000);
    for (const q of queries) expect(shipped.search(q, 20), q).toEqual(built.search(q, 20));
  });

  it('is refused when sorted under other fold rules, for other words, or damaged', () => {
    const built = new HeadwordIndex(sampleWords).ship()!;
    expect(built.fold).toBe(foldFingerprint());
    expect(() => new HeadwordIndex(sampleWords, { ...built, fold: 'fnv1a:00000000' })).toThrow(RangeError);
    expect(() => new HeadwordIndex(sampleWords.slice(1), built)).toThrow(RangeError);
    expect(() => new HeadwordIndex(sampleWords, { ...built, entries: built.entries + 1 })).toThrow(RangeError);
    expect(() => new HeadwordIndex(sampleWords, { ...built, key: built.loose.slice(1) })).toThrow(RangeError);
    expect(() => new HeadwordIndex(sampleWords, { ...built, spellings: [[sampleWords.length, 'x']] })).toThrow(RangeError);
  });

  it('is not made for words out of dictionary order (the ranks would differ)', () => {
    expect(new HeadwordIndex(['ख', 'क']).ship()).toBeUndefined();
  });
});
