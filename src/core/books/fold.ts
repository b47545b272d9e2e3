// Devanagari-aware text folding for search and duplicate detection. The books need their
// own: the stock flexsearch encoder splits Devanagari at every vowel sign and virama.

const LATIN_MARKS = /[\u0300-\u036f]/g;
const NUKTA = /\u093c/g;
const INVISIBLE = /[\u00ad\u200b-\u200d\u2060\ufeff]/g;
const DEVANAGARI_DIGIT = /[\u0966-\u096f]/g;
const SPELLING_VARIANTS = /[\u0901\u0940\u0942\u0908\u090a]/g;
const VARIANT_OF: Record<string, string> = {
  '\u0901': '\u0902', // candrabindu → anusvara
  '\u0940': '\u093f', // ी → ि
  '\u0942': '\u0941', // ू → ु
  '\u0908': '\u0907', // ई → इ
  '\u090a': '\u0909', // ऊ → उ
};
/** Word separators: anything that is not a letter, a combining mark (Devanagari vowel signs, virama) or a digit. */
export const WORD_SPLIT = /[^\p{L}\p{M}\p{N}]+/u;
const FINAL_SIGNS = /[\u094d\u0903]+$/;

/**
 * Folds text for matching: compatibility forms and Latin diacritics off (Śarmā → sarma), nukta
 * off (क़ → क), invisible joiners off, candrabindu → anusvara, long ी ू ई ऊ → short, Devanagari
 * digits → ASCII, lower case. Idempotent.
 */
export function foldText(text: string): string {
  // Lower case before decomposing (İ → i + dot, dropped) and after (ℌ → H → h).
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(LATIN_MARKS, '')
    .replace(NUKTA, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(INVISIBLE, '')
    .replace(SPELLING_VARIANTS, (c) => VARIANT_OF[c]!)
    .replace(DEVANAGARI_DIGIT, (d) => String(d.charCodeAt(0) - 0x966));
}

/** A folded word without a word-final virama or visarga (संस्कृतम् → संस्कृतम, कर्मकाण्डः → कर्मकाण्ड). */
export const foldWord = (word: string): string => word.replace(FINAL_SIGNS, '');

/** Folded words of a text, in order, duplicates kept. */
export function words(text: string): string[] {
  const out: string[] = [];
  for (const w of foldText(text).split(WORD_SPLIT)) {
    const f = foldWord(w);
    if (f) out.push(f);
  }
  return out;
}

/** Words that name the school year, all read as one word. */
export const GRADE_WORDS: ReadonlySet<string> = new Set(['grade', 'class', 'कक्षा', 'kaksha']);

/** The key two records share when they have the same title: folded words, grade words unified. */
export const titleKey = (title: string): string =>
  words(title)
    .map((w) => (GRADE_WORDS.has(w) ? 'grade' : w))
    .join(' ');
