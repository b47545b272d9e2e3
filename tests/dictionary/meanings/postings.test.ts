import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodePostings, encodePostings, RANKS } from '../../../src/core/dictionary/meanings/postings.ts';

const postings = fc
  .uniqueArray(fc.integer({ min: 0, max: 2_000_000 }), { maxLength: 300 })
  .chain((ids) =>
    fc.tuple(fc.constant(ids.sort((a, b) => a - b)), fc.array(fc.integer({ min: 0, max: RANKS - 1 }), { minLength: ids.length, maxLength: ids.length })),
  );

describe('postings', () => {
  it('decode(encode(x)) is x, for any ascending ids and ranks', () => {
    fc.assert(
      fc.property(postings, ([ids, ranks]) => {
        const text = encodePostings(ids, ranks);
        expect(text).toMatch(/^[0-9A-Za-z_-]*$/);
        const back = decodePostings(text);
        expect([...back.ids]).toEqual(ids);
        expect([...back.ranks]).toEqual(ranks);
      }),
      { numRuns: 500 },
    );
  });

  it('is short where the words are frequent: a run of neighbouring entries takes a character each', () => {
    const ids = Array.from({ length: 1000 }, (_, i) => i * 3);
    expect(
      encodePostings(
        ids,
        ids.map(() => 1),
      ).length,
    ).toBe(1000);
  });

  it('refuses ids out of order, ranks out of range, and text it did not write', () => {
    expect(() => encodePostings([3, 2], [0, 0])).toThrow(RangeError);
    expect(() => encodePostings([1], [RANKS])).toThrow(RangeError);
    expect(() => decodePostings('ab"c')).toThrow(SyntaxError);
    // a continuation character with nothing after it
    expect(() => decodePostings('Z')).toThrow(/ends inside/);
  });
});
