// The search as the app makes it: an index per letter file, their hits merged (core/dictionary/
// search/by-letter.ts). The merge keeps each index's ranking within a tier: "kitab" gives किताब
// (a missing ा from it) before कितव (another consonant), as one index over every word does.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { indexByLetter, mergeHits, searchByLetter } from '../../../src/core/dictionary/search/by-letter.ts';
import { HeadwordIndex } from '../../../src/core/dictionary/search/headword-index.ts';
import { HEADWORDS, hasSharedData } from '../../../harness/shared-data.ts';

describe('a search over letter indexes', () => {
  it("keeps an index's nearest spelling first within a tier", () => {
    const words = ['कितव', 'किताब', 'किताबी', 'कीट'];
    const index = new HeadwordIndex(words);
    expect(index.search('kitab', 5).map((h) => h.word)[0]).toBe('किताब');
    expect(mergeHits([index.search('kitab', 5)], 5)[0]).toBe('किताब');
    expect(searchByLetter(indexByLetter(words), 'kitab', 5).slice(0, 2)).toEqual(['किताब', 'कितव']);
  });

  it('interleaves letters tier by tier, a word once', () => {
    const words = ['सहर', 'शहर', 'सहरी', 'शहरी'];
    const got = searchByLetter(indexByLetter(words), 'sahar', 10);
    expect(new Set(got).size).toBe(got.length);
    expect(got.slice(0, 2).sort()).toEqual(['शहर', 'सहर'].sort());
  });

  it.runIf(hasSharedData)('on the 123,363 real headwords, the exact romanisation first', () => {
    const words = readFileSync(HEADWORDS, 'utf8')
      .split('\n')
      .filter((w) => w !== '');
    const indexes = indexByLetter(words);
    for (const [q, want] of [
      ['kitab', 'किताब'],
      ['kitaab', 'किताब'],
      ['ghar', 'घर'],
      ['kalam', 'कलम'],
      ['namaste', 'नमस्ते'],
    ] as const)
      expect(searchByLetter(indexes, q, 10)[0], q).toBe(want);
  });
});
