// The headword index in the form the build ships it (inside headwords.json: core/dictionary/
// headwords.ts): the entries' order under the default key and under the loose key, so that the
// search worker answers its first query by binary search over them, folding only the keys it
// reads, instead of folding and sorting every headword first (480-580 ms for the first keystroke
// at full size, issue 34). headword-index.ts searches it; the data build writes it.

import { fold, loosen } from './fold.ts';

export interface ShippedIndex {
  /** foldFingerprint() of the rules the orders were sorted under: other rules, other orders */
  fold: string;
  /** how many entries (spellings) the orders hold */
  entries: number;
  /** the words whose entries are not just the word itself, with them: [word id, ...spellings] */
  spellings: Array<[number, ...string[]]>;
  /** the entries in default-key order (encodeOrder) */
  key: string;
  /** the entries in loose-key order */
  loose: string;
}

// Five bits a character, low bits first; the upper half of the alphabet says another follows.
const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const VALUE = new Int8Array(128).fill(-1);
for (let i = 0; i < DIGITS.length; i++) VALUE[DIGITS.charCodeAt(i)] = i;

/**
 * An order as text: each entry's difference from the one before, zigzagged (0, -1, 1, -2 … as
 * 0, 1, 2, 3 …), in base-32 digits. An order close to dictionary order is mostly "C" (+1).
 */
export function encodeOrder(order: ArrayLike<number>): string {
  const out: string[] = [];
  let before = 0;
  for (let i = 0; i < order.length; i++) {
    const d = order[i]! - before;
    before = order[i]!;
    let z = d >= 0 ? d * 2 : -d * 2 - 1;
    while (z >= 32) {
      out.push(DIGITS[32 + (z & 31)]!);
      z = Math.floor(z / 32);
    }
    out.push(DIGITS[z]!);
  }
  return out.join('');
}

/** The order `text` encodes, when it is a permutation of 0 … n-1; undefined for anything else. */
export function decodeOrder(text: string, n: number): Uint32Array | undefined {
  const order = new Uint32Array(n);
  const seen = new Uint8Array(n);
  let at = 0;
  let value = 0;
  for (let i = 0; i < n; i++) {
    let z = 0;
    let scale = 1;
    for (;;) {
      const c = text.charCodeAt(at++);
      const v = c < 128 ? VALUE[c]! : -1;
      if (v < 0) return undefined;
      z += (v & 31) * scale;
      if (v < 32) break;
      scale *= 32;
    }
    value += z % 2 ? -(z + 1) / 2 : z / 2;
    if (value < 0 || value >= n || seen[value]) return undefined;
    seen[value] = 1;
    order[i] = value;
  }
  return at === text.length ? order : undefined;
}

// Every Devanagari code unit alone and after a consonant, every nasal + virama before a
// consonant, the joiners, ASCII and the sequences the folds treat apart.
const PROBES = [
  ...Array.from({ length: 0x80 }, (_, i) => String.fromCharCode(0x900 + i)).flatMap((c) => [c, `क${c}`, `${c}क`]),
  ...['ङ', 'ञ', 'ण', 'न', 'म'].map((n) => `प${n}्क`),
  ...Array.from({ length: 0x5f }, (_, i) => String.fromCharCode(0x20 + i)),
  'ज्ञान',
  'न्याय',
  'र्\u200dय',
  'क\u200cख',
  'e\u0301',
  'Ω',
];

/** A fingerprint of fold() and loosen(): the orders were sorted by keys these rules make. */
export function foldFingerprint(): string {
  let h = 0x811c9dc5;
  for (const p of PROBES) {
    const k = fold(p);
    for (const ch of `${p}\u0001${k}\u0001${loosen(k)}\u0002`) {
      h ^= ch.charCodeAt(0);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
  }
  return `fnv1a:${h.toString(16).padStart(8, '0')}`;
}
