// What a typed query is looked up under: its folded keys, read as Devanagari and,
// when it holds Latin letters, as romanised Nepali. Shared by search and lettersFor.

import { fold, loosen } from './fold.ts';
import { isRomanised, transliterate } from './transliterate.ts';

export interface KeySet {
  /** default keys: [fold(text)] and, while a nasal is being typed, its anusvara form */
  keys: string[];
  /** loose keys, likewise */
  looseKeys: string[];
}

export interface QueryKeys {
  /** the query trimmed and in NFC: what an exact match equals */
  text: string;
  /** the query read as Devanagari; null when it holds Latin letters */
  direct: KeySet | null;
  /** the query read as romanised Nepali; null when it holds no Latin letters */
  roman: (KeySet & { devanagari: string }) | null;
}

const NASAL_END = /(?<=.)[ङञणनम]्?$/;

/**
 * Keys for prefix search. A query ending in a nasal (पण, पण्) may be on its way to
 * पण्डित, whose key has ं there; so the anusvara form is searched too.
 */
function keySet(key: string): KeySet {
  if (key === '') return { keys: [], looseKeys: [] };
  const keys = [key];
  if (NASAL_END.test(key)) keys.push(key.replace(NASAL_END, 'ं'));
  const loose = keys.map(loosen);
  // In a loose key every nasal but म is already न (= ं); a final म may become ं too.
  const first = loose[0]!;
  if (first.length > 1 && first.endsWith('म')) loose.push(first.slice(0, -1) + 'न');
  return { keys, looseKeys: [...new Set(loose)].filter((k) => k !== '') };
}

export function queryKeys(query: string): QueryKeys {
  const text = query.trim().normalize('NFC');
  if (!isRomanised(text)) return { text, direct: keySet(fold(text)), roman: null };
  const devanagari = transliterate(text);
  return { text, direct: null, roman: { devanagari, ...keySet(fold(devanagari)) } };
}
