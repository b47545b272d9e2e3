// A term's postings (the entries whose meanings hold it, with a rank each) as a short ASCII
// string: ids ascending, each written as the gap from the previous one times RANKS plus its
// rank, in 5-bit groups, low group first. A character below 32 in ALPHABET ends a number.
// Frequent words have small gaps, so most postings take one or two characters.

/** Ranks run 0 (best) to RANKS − 1. */
export const RANKS = 8;
// 64 characters that JSON and URLs carry as they are.
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_';
const VALUE = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) VALUE[ALPHABET.charCodeAt(i)] = i;

export interface Postings {
  ids: Uint32Array;
  ranks: Uint8Array;
}

/** Encodes postings; `ids` strictly ascending, each rank in 0..RANKS−1. */
export function encodePostings(ids: ArrayLike<number>, ranks: ArrayLike<number>): string {
  const out = new Uint8Array(ids.length * MAX_CHARS);
  return ASCII.decode(out.subarray(0, writePostings(ids, ranks, 0, ids.length, out, 0)));
}

/** A posting takes at most this many characters (a safe integer: eleven 5-bit groups). */
export const MAX_CHARS = 11;
const ASCII = new TextDecoder();
const CODES = new Uint8Array([...ALPHABET].map((c) => c.charCodeAt(0)));

/**
 * Writes the postings ids[from, to) (with their ranks) as encodePostings does, as ASCII bytes
 * into `out` from `at` (room for MAX_CHARS a posting); returns where they end. The meaning
 * index's build writes a shard's postings into one buffer and makes one string of them: a
 * string per character appended costs it seconds at full size on a slow phone.
 */
export function writePostings(ids: ArrayLike<number>, ranks: ArrayLike<number>, from: number, to: number, out: Uint8Array, at: number): number {
  let previous = -1;
  for (let i = from; i < to; i++) {
    const id = ids[i]!;
    const rank = ranks[i]!;
    if (id <= previous) throw new RangeError(`postings: id ${id} after ${previous}`);
    if (!(rank >= 0 && rank < RANKS)) throw new RangeError(`postings: rank ${rank}`);
    let v = (id - previous - 1) * RANKS + rank;
    previous = id;
    while (v >= 32) {
      out[at++] = CODES[32 + (v % 32)]!;
      v = Math.floor(v / 32);
    }
    out[at++] = CODES[v]!;
  }
  return at;
}

/** An id past this cannot be held (Uint32Array): a longer number is damage, not data. */
const MAX_ID = 0xffffffff;

/**
 * Decodes what encodePostings wrote; throws on any other text, and on an id at or past `limit`
 * (the dictionary's entry count, when known), so damage never wraps round to a real entry.
 */
export function decodePostings(text: string, limit = MAX_ID + 1): Postings {
  let count = 0;
  for (let i = 0; i < text.length; i++) if (VALUE[text.charCodeAt(i)]! >= 0 && VALUE[text.charCodeAt(i)]! < 32) count++;
  const ids = new Uint32Array(count);
  const ranks = new Uint8Array(count);
  let previous = -1;
  let v = 0;
  let scale = 1;
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const d = c < 128 ? VALUE[c]! : -1;
    if (d < 0) throw new SyntaxError(`postings: "${text[i]}" at ${i} is not a postings character`);
    if (d >= 32) {
      v += (d - 32) * scale;
      scale *= 32;
      if (scale > 2 ** 40) throw new RangeError(`postings: the number at ${i} is too long`);
      continue;
    }
    v += d * scale;
    const id = previous + 1 + Math.floor(v / RANKS);
    if (id >= limit) throw new RangeError(`postings: entry ${id} at ${i} is past the last (${limit - 1})`);
    ids[n] = id;
    ranks[n++] = v % RANKS;
    previous = id;
    v = 0;
    scale = 1;
  }
  if (scale !== 1) throw new SyntaxError('postings: the text ends inside a number');
  return { ids, ranks };
}
