// Headword normalisation, dictionary order and the letter rule.

import { KhojError } from '../errors.ts';

export const ZWNJ = '\u200C';
export const ZWJ = '\u200D';
// A joiner right after a final virama controls how the halant shows (इस्लामजगत्‌ on
// the real list), so it stays; anywhere else at an edge it joins nothing.
const EDGE_JOINERS = /^[\u200C\u200D]+|(?<!\u094D)[\u200C\u200D]+$/g;
const JOINER = /[\u200C\u200D]/;

export interface HeadwordChanges {
  /** white space removed at either end */
  trimmed: boolean;
  /** ZWJ/ZWNJ removed at either end, where they join nothing */
  edgeJoiners: boolean;
  /** the text was not in NFC */
  composed: boolean;
}

/** Trim white space and stray edge joiners, then NFC. Inner joiners are kept: they spell eyelash ra and half forms. */
export function normaliseHeadword(raw: string): { word: string; changes: HeadwordChanges } {
  let word = raw;
  let trimmed = false;
  let edgeJoiners = false;
  // Space and joiners can hide each other at an edge: strip both until neither is left.
  for (;;) {
    const t = word.trim();
    if (t !== word) trimmed = true;
    const j = t.replace(EDGE_JOINERS, '');
    if (j !== t) edgeJoiners = true;
    if (j === word) break;
    word = j;
  }
  const nfc = word.normalize('NFC');
  return { word: nfc, changes: { trimmed, edgeJoiners, composed: nfc !== word } };
}

export const hasJoiner = (word: string): boolean => JOINER.test(word);
/** An ASCII colon standing in for visarga (ः), as some published headwords have it. */
export const hasAsciiVisarga = (word: string): boolean => word.includes(':');

/**
 * Unicode code point order: the printed dictionary's order (not Intl.Collator).
 * JS compares UTF-16 code units, which disagrees only when surrogates meet
 * code units U+E000..U+FFFF; shifting those two ranges fixes that.
 */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800) x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
    if (y >= 0xd800) y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
    return x - y;
  }
  return a.length - b.length;
}

/** The letter a word is filed under: its first code point (45 letters on the real list). */
export function letterOf(word: string): string {
  const cp = word.codePointAt(0);
  if (cp === undefined) throw new KhojError('damaged', 'an empty word has no letter');
  return String.fromCodePoint(cp);
}

/** Letters that cannot name a file (`words-by-letter/<letter>.json`) on a static host. */
export function unsafeLetter(letter: string): boolean {
  return /^[\u0000-\u001f\u007f/\\.%?#]$/.test(letter) || /\s/.test(letter);
}
