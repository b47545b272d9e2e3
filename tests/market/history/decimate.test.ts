// Min/max decimation: few points stay as they are; many keep, per pixel column, the first,
// lowest, highest and last, so no peak or trough is lost.

import { describe, expect, it } from 'vitest';
import { decimate, decimateIndices } from '../../../src/core/market/decimate.ts';

describe('decimation for the screen width', () => {
  it('keeps every point when there are no more than four a pixel', () => {
    expect(decimateIndices([3, 1, 2], 10)).toEqual([0, 1, 2]);
    expect(
      decimateIndices(
        Array.from({ length: 40 }, (_, i) => i),
        10,
      ),
    ).toHaveLength(40);
  });
  it('keeps first, min, max and last of each bucket, in order', () => {
    // 2 buckets of 6: [5, 9, 1, 4, 4, 6] and [7, 7, 0, 8, 2, 3]
    const v = [5, 9, 1, 4, 4, 6, 7, 7, 0, 8, 2, 3];
    expect(decimateIndices(v, 2)).toEqual([0, 1, 2, 5, 6, 8, 9, 11]);
  });
  it('29 years of daily points on 360 px: at most 4 a pixel, the extremes and both ends kept', () => {
    const n = 7200;
    const v = Array.from({ length: n }, (_, i) => 1000 + 500 * Math.sin(i / 300) + (i % 7));
    v[4321] = 99_999;
    v[1234] = -5;
    const idx = decimateIndices(v, 360);
    expect(idx.length).toBeLessThanOrEqual(360 * 4);
    expect(idx.length).toBeGreaterThan(360);
    expect(idx[0]).toBe(0);
    expect(idx.at(-1)).toBe(n - 1);
    expect(idx).toContain(4321);
    expect(idx).toContain(1234);
    expect([...idx].sort((a, b) => a - b)).toEqual(idx);
    expect(new Set(idx).size).toBe(idx.length);
  });
  it('decimates objects by the value asked for', () => {
    const pts = Array.from({ length: 100 }, (_, i) => ({ d: i, close: i === 50 ? 1e6 : 1 }));
    const out = decimate(pts, 5, (p) => p.close);
    expect(out.some((p) => p.d === 50)).toBe(true);
    expect(out.length).toBeLessThanOrEqual(20);
  });
});
