// Bikram Sambat beside AD: known new years, and AD → BS → AD over the library's whole range.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bsDate, fromBs, toBs } from '../../src/core/bs-date.ts';

describe('Bikram Sambat dates', () => {
  it('knows the new years and a day of the sample', () => {
    expect(toBs('2024-04-13')).toEqual([2081, 1, 1]);
    expect(toBs('2025-04-14')).toEqual([2082, 1, 1]);
    expect(fromBs(2083, 1, 1)).toBe('2026-04-14');
    expect(bsDate('2026-11-20', 'ne')).toBe('४ मंसिर २०८३');
    expect(bsDate('2026-11-20', 'en')).toBe('4 Mangsir 2083');
    expect(bsDate('2026-11-20T09:25:00', 'en')).toBe('4 Mangsir 2083');
  });
  it('says nothing for what it cannot convert', () => {
    expect(bsDate('not a date', 'en')).toBeUndefined();
    expect(bsDate('1800-01-01', 'en')).toBeUndefined();
    expect(toBs('2100-01-01')).toBeUndefined();
  });
  it('AD → BS → AD is the identity over the tables', () => {
    const day = fc
      .integer({ min: Date.UTC(1944, 0, 1) / 864e5, max: Date.UTC(2033, 11, 31) / 864e5 })
      .map((n) => new Date(n * 864e5).toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, (ad) => {
        const bs = toBs(ad)!;
        expect(fromBs(...bs)).toBe(ad);
      }),
      { numRuns: 300 },
    );
  });
});
