// The SVG path of a line chart's (already decimated) values: pure, so the bench times it too.

const r1 = (n: number) => Math.round(n * 10) / 10;

/** The SVG path of `values` (already decimated) across `width` × `height`, and its range. */
export function linePath(values: ArrayLike<number>, width: number, height: number): { d: string; min: number; max: number } {
  const n = values.length;
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < n; i++) {
    if (values[i]! < min) min = values[i]!;
    if (values[i]! > max) max = values[i]!;
  }
  if (!n) return { d: '', min: 0, max: 0 };
  const span = max - min || 1;
  const parts: string[] = new Array(n);
  for (let i = 0; i < n; i++)
    parts[i] = `${i ? 'L' : 'M'}${r1(n > 1 ? (i * width) / (n - 1) : width / 2)} ${r1(height - ((values[i]! - min) / span) * height)}`;
  return { d: parts.join(''), min, max };
}
