import { describe, expect, it } from 'vitest';
import { freeUpSuggestions, IDLE_DAYS, latestBy } from '../../src/core/storage/free-up.ts';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 3, 1);

describe('free up space: the largest saved files not opened for 30 days', () => {
  const files = [
    { id: 'big-old', bytes: 90e6, savedAt: NOW - 60 * DAY },
    { id: 'small-old', bytes: 1e6, savedAt: NOW - 90 * DAY },
    { id: 'big-new', bytes: 120e6, savedAt: NOW - 2 * DAY },
    { id: 'big-read', bytes: 150e6, savedAt: NOW - 100 * DAY },
    { id: 'book x/track.mp3', bookId: 'book x', bytes: 40e6, savedAt: NOW - 50 * DAY },
    { id: 'opaque', bytes: null, savedAt: NOW - 400 * DAY },
  ];

  it('suggests idle files largest first, never a recent one, one opened lately, or one of unknown size', () => {
    const used = latestBy([
      { id: 'big-read', at: NOW - 3 * DAY },
      { id: 'big-read', at: NOW - 200 * DAY },
      { id: 'small-old', at: NOW - 45 * DAY },
    ]);
    const s = freeUpSuggestions(files, used, NOW);
    expect(s.map((x) => x.id)).toEqual(['big-old', 'book x/track.mp3', 'small-old']);
    expect(s[0]).toEqual({ id: 'big-old', bytes: 90e6, idleDays: 60, neverOpened: true });
    expect(s[2]).toMatchObject({ idleDays: 45, neverOpened: false });
  });

  it('counts a file as opened when its book was (a place in the record, a shelf)', () => {
    const s = freeUpSuggestions(files, new Map([['book x', NOW - DAY]]), NOW);
    expect(s.map((x) => x.id)).not.toContain('book x/track.mp3');
  });

  it(`starts at exactly ${IDLE_DAYS} days, and keeps to the most asked for`, () => {
    const edge = [
      { id: 'a', bytes: 5, savedAt: NOW - IDLE_DAYS * DAY },
      { id: 'b', bytes: 6, savedAt: NOW - IDLE_DAYS * DAY + 1 },
    ];
    expect(freeUpSuggestions(edge, new Map(), NOW).map((x) => x.id)).toEqual(['a']);
    expect(freeUpSuggestions(files, new Map(), NOW, 2).map((x) => x.id)).toEqual(['big-read', 'big-old']);
  });
});
