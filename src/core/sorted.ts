// Binary search over strings sorted in UTF-16 code-unit order (JavaScript's default sort and
// `<`): the keys starting with a prefix are one contiguous run from lowerBound(prefix).

/** The first position whose key is not below `key`. */
export function lowerBound(keys: readonly string[], key: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
