// The words of a meaning, as search sees them: each word of the text under the default fold
// (fold.ts), with where it stands in the text, so a result can mark it in a snippet.

import { fold } from '../search/fold.ts';

export interface TermSpan {
  /** the folded word */
  term: string;
  /** where the word stands in the text, in UTF-16 code units */
  start: number;
  end: number;
}

// A word: letters, marks and digits, with joiners inside it (र्‍याल is one word) and an ASCII
// colon between Devanagari letters, which is a visarga typed in ASCII (अन्त:करण).
const WORD = /(?:[\p{L}\p{M}\p{N}\u200c\u200d]|(?<=[\u0900-\u097f][\u200c\u200d]*):(?=[\u200c\u200d]*[\u0900-\u097f]))+/gu;
// Sense numbers (१. २.) are not words anyone searches for.
const NUMBER = /^\p{N}+$/u;

/** The searchable words of a text, in order, with their places; `foldWord` may be a memo of fold. */
export function termSpans(text: string, foldWord: (word: string) => string = fold): TermSpan[] {
  const out: TermSpan[] = [];
  for (const m of text.matchAll(WORD)) {
    const term = foldWord(m[0]);
    if (term !== '' && !NUMBER.test(term)) out.push({ term, start: m.index, end: m.index + m[0].length });
  }
  return out;
}

/** The searchable words of a text, in order. */
export const meaningTerms = (text: string): string[] => termSpans(text).map((s) => s.term);
