import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { stemCandidates } from '../../../src/core/dictionary/search/stem.ts';
import { HEADWORDS, hasSharedData } from '../../../harness/shared-data.ts';

/** What the reader's sheet shows for a tapped word: the word, else its first candidate that is a headword. */
const resolve = (words: Set<string>, w: string) => [w, ...stemCandidates(w)].find((c) => words.has(c));

// Inflected words from running text and the headword each comes from.
const FORMS: Array<[string, string]> = [
  ['घरमा', 'घर'],
  ['नेपालको', 'नेपाल'],
  ['विद्यालयमा', 'विद्यालय'],
  ['किताबहरू', 'किताब'],
  ['हिमालहरू', 'हिमाल'],
  ['पानीले', 'पानी'],
  ['ठूला', 'ठूलो'],
  ['राम्रा', 'राम्रो'],
  ['गर्दैछ', 'गर्नु'],
  ['गर्छ', 'गर्नु'],
  ['गरेको', 'गर्नु'],
  ['पढ्दैछन्', 'पढ्नु'],
  ['पढ्ने', 'पढ्नु'],
  ['लेख्यो', 'लेख्नु'],
  ['बस्छन्', 'बस्नु'],
  ['खान्छ', 'खानु'],
  ['आउँदै', 'आउनु'],
  ['बनाएको', 'बनाउनु'],
  ['उठायो', 'उठाउनु'],
];

describe('stem candidates', () => {
  it('offer the dictionary form of nouns with endings, adjectives and verbs', () => {
    const words = new Set(FORMS.map(([, h]) => h));
    for (const [form, head] of FORMS) expect(resolve(words, form), form).toBe(head);
  });

  it('take endings off one after another, nearest first', () => {
    expect(stemCandidates('केटाहरूलाई').slice(0, 2)).toEqual(['केटाहरू', 'केटा']);
  });

  it('try a verb form as a verb first (गरेको is गर्नु before the noun गरे)', () => {
    const c = stemCandidates('गरेको');
    expect(c.indexOf('गर्नु')).toBeLessThan(c.indexOf('गरे'));
  });

  it('never offer the word itself, a form of one letter, or a form twice', () => {
    for (const w of ['घर', 'क', 'मा', 'गर्नु', ...FORMS.map(([f]) => f)]) {
      const c = stemCandidates(w);
      expect(c).not.toContain(w);
      expect(c.every((x) => [...x].length >= 2)).toBe(true);
      expect(new Set(c).size).toBe(c.length);
    }
  });

  it.runIf(hasSharedData)('find the headword on the real list of 123,363 words', () => {
    const words = new Set(readFileSync(HEADWORDS, 'utf8').split('\n'));
    // none of the forms is a headword itself: the fallback is what finds them
    expect(FORMS.filter(([f]) => words.has(f)).map(([f]) => f)).toEqual([]);
    for (const [form, head] of FORMS) expect(resolve(words, form), form).toBe(head);
  });
});
