// A sorted array of keys with binary search: every key starting with a prefix is one
// contiguous range, found in two searches of ~17 steps on the whole dictionary.

export interface SortedKeys {
  /** the keys in ascending UTF-16 order (any consistent order serves binary search) */
  readonly keys: readonly string[];
  /** for each sorted key, the entry it belongs to */
  readonly entries: Uint32Array;
}

// Sorting 123k keys with a string comparator costs ~17 comparisons each. Instead the
// first four code units, packed into a number beside the entry, are sorted natively,
// and only the short runs that share them are sorted as strings.
const ID_BITS = 2 ** 20;

/**
 * The first four code units as one number that sorts as the strings do: Devanagari
 * units get their own values, any other unit one value below or above them, and after
 * such a unit the rest is left to the string comparison.
 */
function lead(key: string): number {
  let value = 0;
  let open = true;
  for (let i = 0; i < 4; i++) {
    let v = 0;
    if (open && i < key.length) {
      const c = key.charCodeAt(i);
      if (c >= 0x900 && c <= 0x97f) v = c - 0x900 + 2;
      else {
        v = c < 0x900 ? 1 : 0x82;
        open = false;
      }
    } else open = false;
    value = value * 256 + v;
  }
  return value;
}

/** Sorts entry keys; equal keys keep entry order, so results are deterministic. */
export function sortKeys(keyOfEntry: readonly string[]): SortedKeys {
  const n = keyOfEntry.length;
  const order = new Uint32Array(n);
  const byString = (a: number, b: number) => {
    const x = keyOfEntry[a]!;
    const y = keyOfEntry[b]!;
    return x < y ? -1 : x > y ? 1 : a - b;
  };
  if (n >= ID_BITS) {
    for (let i = 0; i < n; i++) order[i] = i;
    order.sort(byString);
  } else {
    const packed = new Float64Array(n);
    for (let i = 0; i < n; i++) packed[i] = lead(keyOfEntry[i]!) * ID_BITS + i;
    packed.sort();
    for (let i = 0; i < n; i++) order[i] = packed[i]! % ID_BITS;
    for (let i = 0; i < n;) {
      const head = Math.floor(packed[i]! / ID_BITS);
      let j = i + 1;
      while (j < n && Math.floor(packed[j]! / ID_BITS) === head) j++;
      if (j - i > 1) order.subarray(i, j).sort(byString);
      i = j;
    }
  }
  const keys = new Array<string>(n);
  for (let i = 0; i < n; i++) keys[i] = keyOfEntry[order[i]!]!;
  return { keys, entries: order };
}

export type Range = readonly [from: number, to: number];

/** The key at a sorted position; an index shipped in its sorted order makes its keys when read (headword-index.ts). */
export type KeyAt = (position: number) => string;

/** The first position in [0, n) whose key is not below `key`. */
export function lowerBoundAt(keyAt: KeyAt, n: number, key: string): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keyAt(mid) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Positions [from, to) of the keys starting with `prefix`. */
export function prefixRangeAt(keyAt: KeyAt, n: number, prefix: string): Range {
  // Keys hold no U+FFFF, so every key with the prefix sorts below prefix + U+FFFF.
  return [lowerBoundAt(keyAt, n, prefix), lowerBoundAt(keyAt, n, prefix + '\uffff')];
}

/** Positions [from, to) of the keys equal to `key`. */
export function equalRangeAt(keyAt: KeyAt, n: number, key: string): Range {
  const from = lowerBoundAt(keyAt, n, key);
  let to = from;
  while (to < n && keyAt(to) === key) to++;
  return [from, to];
}

/** Positions [from, to) of the keys starting with `prefix`. */
export const prefixRange = (keys: readonly string[], prefix: string): Range => prefixRangeAt((p) => keys[p]!, keys.length, prefix);

/** Positions [from, to) of the keys equal to `key`. */
export const equalRange = (keys: readonly string[], key: string): Range => equalRangeAt((p) => keys[p]!, keys.length, key);
