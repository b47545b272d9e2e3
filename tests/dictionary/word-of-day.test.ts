// The word of the day (core/dictionary/word-of-day.ts): Nepal's date, not the phone's, named in
// Bikram Sambat; the same position for a whole Nepal day, another the next; candidates wrap round.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { candidates, dayPosition, hasDefinitions, nepalDate, nepalDayKey } from '../../src/core/dictionary/word-of-day.ts';

describe('word of the day', () => {
  it("changes at Nepal's midnight (18:15 UTC), whatever the phone's zone", () => {
    expect(nepalDate(new Date('2026-11-25T18:14:59Z'))).toBe('2026-11-25');
    expect(nepalDate(new Date('2026-11-25T18:15:00Z'))).toBe('2026-11-26');
    // 10 Mangsir 2083 is 2026-11-26
    expect(nepalDayKey(new Date('2026-11-25T18:15:00Z'))).toBe('2083-08-10');
    expect(nepalDayKey(new Date('2026-11-26T18:14:00Z'))).toBe('2083-08-10');
  });

  it("agrees with the time zone database's Asia/Kathmandu at any instant from 1970 to 2200, 1986's change of offset included", () => {
    const zone = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kathmandu', year: 'numeric', month: '2-digit', day: '2-digit' });
    fc.assert(
      fc.property(fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2200-01-01T00:00:00Z'), noInvalidDate: true }), (d) => {
        expect(nepalDate(d)).toBe(zone.format(d));
      }),
      { numRuns: 2000 },
    );
    for (const at of ['1985-12-31T18:29:59Z', '1985-12-31T18:30:00Z', '1985-12-31T18:15:00Z', '1985-12-31T18:14:59Z'])
      expect(nepalDate(new Date(at)), at).toBe(zone.format(new Date(at)));
  });

  it('is one position for the whole day, spread over the list from day to day', () => {
    const n = 123_363;
    const day = nepalDayKey(new Date('2026-11-26T00:00:00Z'));
    expect(dayPosition(day, n)).toBe(dayPosition(nepalDayKey(new Date('2026-11-26T12:00:00Z')), n));
    const days = Array.from({ length: 30 }, (_, i) => dayPosition(nepalDayKey(new Date(Date.UTC(2026, 10, 1 + i, 6))), n));
    expect(new Set(days).size).toBeGreaterThan(27);
    for (const p of days) expect(p).toBeLessThan(n);
    expect(dayPosition(day, 0)).toBe(0);
  });

  it('passes to the next word, wrapping, when an entry has no definitions', () => {
    const all = [...candidates('2083-08-10', 5)];
    expect(all.toSorted()).toEqual([0, 1, 2, 3, 4]);
    expect(all[1]).toBe((all[0]! + 1) % 5);
    expect(hasDefinitions({ word: 'क', definitions: [] })).toBe(false);
    expect(hasDefinitions({ word: 'क', definitions: [{ senses: [' '] }] })).toBe(false);
    expect(hasDefinitions({ word: 'क', definitions: [{ senses: ['अर्थ'] }] })).toBe(true);
    expect(hasDefinitions(undefined)).toBe(false);
  });
});
