// Thinning a long series for a chart of a given width: per pixel column, the first, lowest,
// highest and last point (min/max decimation), so 29 years of daily closes (about 7,000 points)
// draw as at most 4 points a pixel and every peak and trough stays visible.

/**
 * The indices of `values` to draw on `width` pixels: all of them when there are few; otherwise,
 * for each of `width` equal buckets, its first, minimum, maximum and last index, in order, without
 * repeats. The first and last index are always kept.
 */
export function decimateIndices(values: ArrayLike<number>, width: number): number[] {
  const n = values.length;
  const buckets = Math.max(1, Math.floor(width));
  if (n <= buckets * 4) return Array.from({ length: n }, (_, i) => i);
  const out: number[] = [];
  for (let b = 0; b < buckets; b++) {
    const from = Math.floor((b * n) / buckets);
    const to = Math.floor(((b + 1) * n) / buckets); // exclusive
    if (to <= from) continue;
    let lo = from;
    let hi = from;
    for (let i = from + 1; i < to; i++) {
      if (values[i]! < values[lo]!) lo = i;
      if (values[i]! > values[hi]!) hi = i;
    }
    const picks = [from, Math.min(lo, hi), Math.max(lo, hi), to - 1];
    for (const i of picks) if (out.length === 0 || out[out.length - 1]! < i) out.push(i);
  }
  return out;
}

/** The points of `points` to draw on `width` pixels, by `value`. */
export function decimate<T>(points: readonly T[], width: number, value: (p: T) => number): T[] {
  const values = new Float64Array(points.length);
  for (let i = 0; i < points.length; i++) values[i] = value(points[i]!);
  return decimateIndices(values, width).map((i) => points[i]!);
}
