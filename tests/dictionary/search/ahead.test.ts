// The answers the search worker makes ahead for the keystrokes a reader may type next: each is
// the index's own answer for that query (the page shows it as the worker would), and the likely
// keys come first.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { answersAhead, answersFor, nextQueries, wordsAhead } from '../../../src/core/dictionary/search/ahead.ts';
import { HeadwordIndex } from '../../../src/core/dictionary/search/headword-index.ts';
import { compareCodePoints } from '../../../src/core/dictionary/normalise.ts';
import { HEADWORDS, hasSharedData } from '../../../harness/shared-data.ts';

const WORDS = ['कमल', 'कमला', 'कमान', 'कर', 'करण', 'करणी', 'करुणा', 'किताब', 'किरण', 'किरन', 'खर'];

describe('the keystrokes ahead', () => {
  it('are the query and each letter that follows it in some headword, the most words first', () => {
    expect(nextQueries(WORDS, 'क', 10)).toEqual(['कर', 'कम', 'कि']);
    expect(nextQueries(WORDS, 'कर', 10)).toEqual(['करण', 'करु']);
    expect(nextQueries(WORDS, 'कर', 1)).toEqual(['करण']);
    // No headword goes on: nothing ahead.
    expect(nextQueries(WORDS, 'खर', 10)).toEqual([]);
    expect(nextQueries(WORDS, 'ग', 10)).toEqual([]);
  });

  it('before the first are the first letters of the headwords, the most words first, then the Latin letters', () => {
    const first = nextQueries(WORDS, '', Infinity);
    expect(first.slice(0, 2)).toEqual(['क', 'ख']);
    expect(new Set(first.slice(2))).toEqual(new Set('abcdefghijklmnopqrstuvwxyz'));
    expect(nextQueries(WORDS, '', 1)).toEqual(['क']);
  });

  it('after romanised letters are the Latin letters, common ones first', () => {
    const next = nextQueries(WORDS, 'kir', 30);
    expect(next).toHaveLength(26);
    expect(next[0]).toBe('kira');
    expect(new Set(next.map((q) => q.slice(3)))).toEqual(new Set('abcdefghijklmnopqrstuvwxyz'));
  });

  it("answer each with the index's own answer, joined a word a line", () => {
    const index = new HeadwordIndex(WORDS);
    const got = answersAhead(index, 'क', 5, 10);
    expect(got.map(([q]) => q)).toEqual(nextQueries(WORDS, 'क', 10));
    for (const [q, words] of got) expect(wordsAhead(words)).toEqual(index.search(q, 5).map((h) => h.word));
    // Any queries, until the budget says stop.
    expect(answersFor(index, ['क', 'ख'], 5)).toEqual([
      [
        'क',
        index
          .search('क', 5)
          .map((h) => h.word)
          .join('\n'),
      ],
      ['ख', 'खर'],
    ]);
    expect(answersFor(index, ['क', 'ख'], 5, () => true)).toEqual([]);
  });

  it.runIf(hasSharedData)('on the 123,363 real headwords, as the worker would answer them', () => {
    const words = [
      ...new Set(
        readFileSync(HEADWORDS, 'utf8')
          .split('\n')
          .filter((w) => w !== ''),
      ),
    ].sort(compareCodePoints);
    const index = new HeadwordIndex(words);
    for (const q of ['न', 'नम', 'पा', 'विद्या', 'सर', 'ki', 'ghar']) {
      const ahead = answersAhead(index, q, 30, 40);
      expect(ahead.length, q).toBeGreaterThan(0);
      for (const [next, got] of ahead) expect(wordsAhead(got), next).toEqual(index.search(next, 30).map((h) => h.word));
    }
    // The keys a reader types next on the way to real words are there.
    expect(nextQueries(words, 'नमस्त', 40)).toContain('नमस्ते');
    expect(nextQueries(words, 'सरका', 40)).toContain('सरकार');
  });
});
