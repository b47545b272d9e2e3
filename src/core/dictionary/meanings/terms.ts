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
// colon between Devanagari letters or signs, which is a visarga typed in ASCII (अन्त:करण); not
// after a danda or a digit. (word-table.ts finds the same words faster, for the data build.)
const WORD = /(?:[\p{L}\p{M}\p{N}\u200c\u200d]|(?<=[\u0900-\u0963\u0971-\u097f][\u200c\u200d]*):(?=[\u200c\u200d]*[\u0900-\u0963\u0971-\u097f]))+/gu;
// Sense numbers (१. २.) are not words anyone searches for.
const NUMBER = /^\p{N}+$/u;

/** The searchable words of a text, in order, with their places. */
export function termSpans(text: string): TermSpan[] {
  const out: TermSpan[] = [];
  for (const m of text.matchAll(WORD)) {
    const term = termOf(m[0]);
    if (term !== '') out.push({ term, start: m.index, end: m.index + m[0].length });
  }
  return out;
}

/** A word's search term (fold.ts), or '' for one that is not searched (a number, only marks the fold drops). */
export function termOf(word: string): string {
  const term = fold(word);
  return NUMBER.test(term) ? '' : term;
}

/** The searchable words of a text, in order. */
export const meaningTerms = (text: string): string[] => termSpans(text).map((s) => s.term);
