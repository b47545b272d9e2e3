// The word a reader picked (selected, or long-pressed: phones select the word pressed) to look it
// up: one Devanagari word, the punctuation and spaces around it let go; undefined for anything else
// (a phrase, Latin text, digits alone), so that selecting to copy a sentence opens nothing.

const EDGES = /^[\s\p{P}\p{S}।॥]+|[\s\p{P}\p{S}।॥]+$/gu;
/** Devanagari letters and marks, with joiners (eyelash ra); no spaces, no danda. */
const WORD = /^[\u0900-\u0963\u0971-\u097f\u200c\u200d]+$/;
const LETTER = /[\u0904-\u0939\u0950\u0958-\u0961\u0972-\u097f]/;
/** A selection longer than this (code units) is a passage being copied, not a word to look up. */
export const MAX_WORD = 60;

export function tappedWord(selected: string): string | undefined {
  const w = selected.normalize('NFC').replace(EDGES, '');
  if (w.length === 0 || w.length > MAX_WORD || !WORD.test(w) || !LETTER.test(w)) return undefined;
  return w;
}
