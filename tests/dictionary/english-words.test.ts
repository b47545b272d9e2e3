// The English-word notice's list (app/dictionary/english-words.ts): common English words are on
// it, everyday romanised Nepali is not (those queries are Nepali, and the notice would be wrong).

import { describe, expect, it } from 'vitest';
import { ENGLISH_WORDS, isEnglishWord } from '../../src/app/dictionary/english-words.ts';
import { transliterate } from '../../src/core/dictionary/search/transliterate.ts';

describe('English words', () => {
  it('knows common English words, in any case', () => {
    for (const w of ['water', 'Water', 'WATER', ' house ', 'dictionary', 'mother']) expect(isEnglishWord(w), w).toBe(true);
    expect(transliterate('water')).toBe('वतेर');
  });

  it('leaves romanised Nepali alone', () => {
    for (const w of ['ghar', 'pani', 'man', 'hat', 'rat', 'sat', 'hit', 'her', 'sun', 'say', 'star', 'full', 'kiran', 'nepal', 'ma'])
      expect(isEnglishWord(w), w).toBe(false);
    for (const w of ENGLISH_WORDS) expect(w, w).toMatch(/^[a-z]{3,}$/);
  });
});
