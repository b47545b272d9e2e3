// English counts take the singular for one ("1 word matches", not "1 words match"); Nepali counts
// are written in Devanagari digits and need no plural (issue 33).

import { describe, expect, it } from 'vitest';
import { DICTIONARY_STRINGS as STRINGS } from '../../src/app/dictionary/strings.ts';
import { finderStrings } from '../../src/app/dictionary/finder-strings.ts';
import { DICTIONARY_SHELL } from '../../src/app/dictionary/section-strings.ts';
import { BOOKS_SHELL } from '../../src/app/books/section-strings.ts';

describe('English plurals', () => {
  it('one word, one entry, one book', () => {
    expect(finderStrings('en').patternFound('1')).toBe('1 word matches');
    expect(finderStrings('en').patternFound('12')).toBe('12 words match');
    expect(STRINGS.en.wordsCount('1')).toBe('1 word');
    expect(STRINGS.en.wordsCount('1,234')).toBe('1,234 words');
    expect(STRINGS.en.meaningsFound('1')).toBe('Found in the meanings of 1 word');
    expect(STRINGS.en.meaningsSomeWords('1')).toBe('No meaning holds every word; the meanings of 1 word holds some of them');
    expect(DICTIONARY_SHELL.en.search('1', '1')).toBe('Search: yes; 1 of 1 entry saved');
    expect(BOOKS_SHELL.en.offline('1')).toBe('The textbook catalog (1 book)');
  });
  it('Nepali counts as they are', () => {
    expect(finderStrings('ne').patternFound('१')).toBe('१ शब्द मिले');
    expect(STRINGS.ne.wordsCount('४३')).toBe('४३ शब्द');
  });
});
