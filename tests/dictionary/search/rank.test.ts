import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MATCH_ORDER, smallestRanks, spellingDistance } from '../../../src/core/dictionary/search/rank.ts';

describe('smallestRanks', () => {
  it('picks the accepted positions with the smallest ranks, in rank order', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.nat(1000), { maxLength: 80 }), fc.nat(20), fc.nat(10), (ranks, take, skipEvery) => {
        const accept = (p: number) => skipEvery === 0 || p % (skipEvery + 1) !== 0;
        const expected = ranks
          .map((r, p) => [r, p] as const)
          .filter(([, p]) => accept(p))
          .sort(([a], [b]) => a - b)
          .slice(0, take)
          .map(([, p]) => p);
        expect(smallestRanks(0, ranks.length, take, (p) => ranks[p]!, accept)).toEqual(expected);
      }),
    );
  });
});

describe('distances', () => {
  it('counts insertions, deletions and substitutions as an edit distance does', () => {
    expect(spellingDistance('किरण', 'किरण')).toBe(0);
    expect(spellingDistance('किरन', 'किरण')).toBe(1);
    expect(spellingDistance('', 'कम')).toBe(2);
    expect(spellingDistance('कमल', 'कल')).toBe(1);
  });

  it('spelling distance charges half for what romanisation cannot show', () => {
    expect(spellingDistance('पनि', 'पानि')).toBe(0.5);
    expect(spellingDistance('पनि', 'पणि')).toBe(1);
    expect(spellingDistance('गाउन', 'गाउं')).toBe(0.5);
    // a diphthong sign is ā + i: भै is as near भाइ as भइ
    expect(spellingDistance('भै', 'भाइ')).toBe(0);
  });

  it('is symmetric and zero only for equal keys', () => {
    const k = fc.string({ unit: fc.constantFrom('क', 'ा', 'ै', 'न', 'ं', 'इ', 'ि'), maxLength: 5 });
    fc.assert(
      fc.property(k, k, (a, b) => {
        expect(spellingDistance(a, b)).toBe(spellingDistance(b, a));
        if (spellingDistance(a, b) === 0) expect(a.replace(/ै/g, 'ाइ')).toBe(b.replace(/ै/g, 'ाइ'));
      }),
    );
  });
});

describe('MATCH_ORDER', () => {
  it('puts exact first and every direct tier before every romanised one', () => {
    expect(MATCH_ORDER[0]).toBe('exact');
    const lastDirect = Math.max(...MATCH_ORDER.map((k, i) => (k.startsWith('roman') ? -1 : i)));
    const firstRoman = MATCH_ORDER.findIndex((k) => k.startsWith('roman'));
    expect(lastDirect).toBeLessThan(firstRoman);
  });
});
