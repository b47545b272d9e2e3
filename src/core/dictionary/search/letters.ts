// Which letter files (`words-by-letter/<letter>.json`, a word filed under its first
// code point) can hold a query's matches, so the app fetches only those.

import { fold, loosen } from './fold.ts';
import { queryKeys } from './query-keys.ts';

type FirstChars = Map<string, string[]>;

// Every Devanagari code point that can start a normalised word (no combining mark,
// nothing NFC rewrites), with what each following consonant can make of it (ज्ञ
// loosens to ग्य: ज्ञान is a "g" word).
const STARTS = Array.from({ length: 0x80 }, (_, i) => String.fromCharCode(0x900 + i)).filter((c) => !/\p{M}/u.test(c) && c.normalize('NFC') === c);
const DEVANAGARI = /[\u0900-\u097f]/;
const FOLLOWERS = ['', ...Array.from({ length: 0x939 - 0x915 + 1 }, (_, i) => '्' + String.fromCharCode(0x915 + i))];

/** For each first character a key can have, the letters whose words can give it. */
function firstChars(keyOf: (word: string) => string): FirstChars {
  const map: FirstChars = new Map();
  for (const letter of STARTS) {
    for (const rest of FOLLOWERS) {
      const first = keyOf(letter + rest).charAt(0);
      // A letter the fold drops (nukta, danda) starts no key of its own.
      if (first === '' || (rest !== '' && keyOf(letter) === '')) continue;
      const letters = map.get(first) ?? [];
      if (!letters.includes(letter)) letters.push(letter);
      map.set(first, letters);
    }
  }
  return map;
}

const BY_KEY = firstChars(fold);
const BY_LOOSE_KEY = firstChars((w) => loosen(fold(w)));

/** The letters whose words can have a loose key starting as `looseKey` does (स: स श ष). */
export const lettersOfLooseKey = (looseKey: string): string[] => BY_LOOSE_KEY.get(looseKey.charAt(0)) ?? [];

/**
 * The letters whose files can hold the query's matches, in the order worth fetching:
 * those of its own reading first (इ: इ ई), then those only loose matches need (स: श ष).
 * A romanised query gives the letters of its transliteration ("k": क; "gyan": ग ज).
 * Letters are Devanagari code points; the app keeps those that letters.json lists.
 */
export function lettersFor(query: string): string[] {
  const q = queryKeys(query);
  const set = q.direct ?? q.roman;
  if (!set) return [];
  const lettersOf = (map: FirstChars, key: string): string[] => {
    const first = key.charAt(0);
    // Outside Devanagari (a Latin digit, another script) the key's first character is the word's.
    return map.get(first) ?? (first === '' || DEVANAGARI.test(first) ? [] : [first]);
  };
  const letters = [...set.keys.flatMap((k) => lettersOf(BY_KEY, k)), ...set.looseKeys.flatMap((k) => lettersOf(BY_LOOSE_KEY, k))];
  // The query's own letter first: its file holds the exact match.
  const own = q.direct && q.text !== '' ? String.fromCodePoint(q.text.codePointAt(0)!) : '';
  if (letters.includes(own)) letters.unshift(own);
  return [...new Set(letters)];
}
