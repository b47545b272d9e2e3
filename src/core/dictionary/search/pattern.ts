// Pattern search over the headword list (core/dictionary/headwords.ts): `?` for one letter, `*`
// for any run, and the modes "whole word", "starts with", "ends with" (rhymes) and "contains".
// Matched on folded text (fold.ts), so a pattern typed with ी finds words spelt with ि, as search
// does; literal parts typed in Latin letters are read as romanised Nepali (transliterate.ts).
//
// What `?` is: one letter as a reader counts it on the folded word, a base character (a consonant,
// an independent vowel, any other letter or digit) with every mark that follows it (vowel sign,
// ं, ः, virama). So क?ल matches कमल and काजल's neighbour कागल, not कल; `?` never starts on a mark,
// and always takes all of a letter's marks: "?ा" matches nothing, write "?" for "का". A conjunct
// is its parts (क्ष is क् then ष: two letters), as the fold keeps the virama; graphemes would
// differ between Unicode versions (Unicode 15.1 joined conjuncts), this does not. `*` is any run of
// characters, marks too, so "*ा" finds every word ending in ा.

import { fold } from './fold.ts';
import { isRomanised, transliterate } from './transliterate.ts';

export type PatternMode = 'whole' | 'starts' | 'ends' | 'contains';
export const PATTERN_MODES: readonly PatternMode[] = ['whole', 'starts', 'ends', 'contains'];

/** One part of a pattern: a wildcard, or folded literal text. */
export type PatternToken = '?' | '*' | { text: string };

/** Devanagari's combining marks: they belong to the letter before them. */
const MARK_CLASS = '\\u0900-\\u0903\\u093a-\\u093c\\u093e-\\u094f\\u0951-\\u0957\\u0962\\u0963';
const MARK = new RegExp(`[${MARK_CLASS}]`);
export const isMark = (ch: string): boolean => MARK.test(ch);

/** Does the query hold a wildcard (and so ask for a pattern search)? */
export const hasWildcard = (q: string): boolean => /[?*？＊]/.test(q);

/**
 * The tokens of a typed pattern: wildcards as typed (full-width ？ ＊ too, as phone keyboards give),
 * runs of `*` merged, literal parts folded (romanised ones transliterated first).
 */
export function parsePattern(q: string): PatternToken[] {
  const tokens: PatternToken[] = [];
  for (const part of q
    .trim()
    .normalize('NFC')
    .split(/([?*？＊])/)) {
    if (part === '') continue;
    if (part === '?' || part === '？') tokens.push('?');
    else if (part === '*' || part === '＊') {
      if (tokens[tokens.length - 1] !== '*') tokens.push('*');
    } else {
      const text = fold(isRomanised(part) ? transliterate(part) : part);
      if (text === '') continue;
      const last = tokens[tokens.length - 1];
      if (last && typeof last === 'object') last.text += text;
      else tokens.push({ text });
    }
  }
  return tokens;
}

const escape = (s: string) => s.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');

/** A test of a folded word against the pattern, in the mode. */
export function patternMatcher(tokens: readonly PatternToken[], mode: PatternMode): (folded: string) => boolean {
  // `?` through a lookahead and a back-reference: an atomic group, so it always takes all of its
  // letter's marks, as the definition above says (a plain `[^M][M]*` would backtrack and split it).
  let groups = 0;
  const body = tokens
    .map((t) => {
      if (t === '*') return '[^]*';
      if (t === '?') {
        groups++;
        return `(?=([^${MARK_CLASS}][${MARK_CLASS}]*))\\${groups}`;
      }
      return escape(t.text);
    })
    .join('');
  const start = mode === 'whole' || mode === 'starts' ? '^' : '';
  const end = mode === 'whole' || mode === 'ends' ? '$' : '';
  const re = new RegExp(start + body + end, 'u');
  return (folded) => re.test(folded);
}

export interface PatternResult {
  /** how many headwords match in all */
  total: number;
  /** the first `limit` of them, in dictionary order */
  words: string[];
}

/**
 * Headwords matching the pattern in the mode, in dictionary order. `folded[i]` is fold(words[i]),
 * computed once by the caller for the whole list (foldAll).
 */
export function searchPattern(words: readonly string[], folded: readonly string[], q: string, mode: PatternMode, limit: number): PatternResult {
  const tokens = parsePattern(q);
  if (tokens.length === 0) return { total: 0, words: [] };
  const test = patternMatcher(tokens, mode);
  const out: string[] = [];
  let total = 0;
  for (let i = 0; i < folded.length; i++) {
    if (test(folded[i]!)) {
      if (total < limit) out.push(words[i]!);
      total++;
    }
  }
  return { total, words: out };
}

/** fold() of every word, once per list. */
export const foldAll = (words: readonly string[]): string[] => words.map(fold);
