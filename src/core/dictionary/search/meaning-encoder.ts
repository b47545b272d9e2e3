// The flexsearch encoder for Devanagari text. The stock one splits on anything that is
// not a letter or digit, and vowel signs and the virama are marks, so नेपाली becomes
// न, प, ल; it also collapses repeated letters (कक्का). This one keeps whole words.

import { Encoder } from 'flexsearch';
import { fold } from './fold.ts';

/** Word boundaries: anything that is not a letter, mark or digit. */
export const WORD_SPLIT = /[^\p{L}\p{M}\p{N}]+/u;

const JOINERS = /[\u200c\u200d]/g;
// A colon inside a Devanagari word is a visarga typed in ASCII (अन्त:करण); elsewhere it
// is punctuation.
const INNER_COLON = /(?<=[\u0900-\u097f]):(?=[\u0900-\u097f])/g;
// Sense numbers (१. २.) are not words anyone searches for.
const NUMBER = /^\p{N}+$/u;

/** Before splitting: NFC, joiners out (they would split र्‍याल), inner colons as visarga. */
export const prepareText = (text: string): string => text.normalize('NFC').replace(JOINERS, '').replace(INNER_COLON, 'ः');

/** After splitting: each word under the default fold; numbers and empties dropped. */
export const foldTerms = (terms: string[]): string[] => {
  const out: string[] = [];
  for (const term of terms) {
    const key = fold(term);
    if (key !== '' && !NUMBER.test(key)) out.push(key);
  }
  return out;
};

/** The search terms of a text, as the encoder gives them (for tests and callers). */
export const meaningTerms = (text: string): string[] => foldTerms(prepareText(text).split(WORD_SPLIT));

/** A Devanagari-aware flexsearch encoder: NFC, split on non-letters, fold, no letter dedupe. */
export function createMeaningEncoder(): Encoder {
  return new Encoder({
    normalize: prepareText,
    split: WORD_SPLIT,
    numeric: false,
    dedupe: false,
    finalize: foldTerms,
    cache: false,
  });
}
