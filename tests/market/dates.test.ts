// The market's one date formatter (src/core/market/dates.ts): Bikram Sambat first, AD beside it,
// in the interface's language and digits, on known BS↔AD pairs and on real timestamps.
import { describe, expect, it } from 'vitest';
import { hasMarketData, loadTexts, MARKET } from './real-data.ts';
import { fromBs, toBs } from '../../src/core/bs-date.ts';
import { bsFirstAsOf, bsFirstDate, bsFirstMoment, bsFirstPeriod, bsFirstPublished, bsFirstRange } from '../../src/core/market/dates.ts';

// Known pairs, from the published Nepali calendar: new years, and the sample's IPO window days.
const PAIRS: Array<[string, [number, number, number]]> = [
  ['2023-04-14', [2080, 1, 1]],
  ['2024-04-13', [2081, 1, 1]],
  ['2026-04-14', [2083, 1, 1]],
  ['2026-11-17', [2083, 8, 1]],
  ['2026-11-26', [2083, 8, 10]],
  ['2026-11-30', [2083, 8, 14]],
];

describe('BS first, AD beside', () => {
  it('converts the known pairs both ways', () => {
    for (const [ad, bs] of PAIRS) {
      expect(toBs(ad)).toEqual(bs);
      expect(fromBs(...bs)).toBe(ad);
    }
  });

  it('a date: 2083-08-10 BS is 2026-11-26', () => {
    expect(bsFirstDate('2026-11-26', 'ne')).toBe('१० मंसिर २०८३ (२०२६-११-२६)');
    expect(bsFirstDate('2026-11-26', 'en')).toBe('10 Mangsir 2083 (2026-11-26)');
    // A date-time handed as a date keeps its day.
    expect(bsFirstDate('2026-11-26T09:00:00', 'en')).toBe('10 Mangsir 2083 (2026-11-26)');
    // As the IPO list and the dividends write them.
    expect(bsFirstDate('Nov 19, 2026', 'ne')).toBe('३ मंसिर २०८३ (२०२६-११-१९)');
    // The files' "[Closed]" (the book close is over) in the interface's words.
    expect(bsFirstDate('2026-04-09 [Closed]', 'en')).toBe('26 Chaitra 2082 (2026-04-09), closed');
    expect(bsFirstDate('2026-04-09 [Closed]', 'ne')).toBe('२६ चैत्र २०८२ (२०२६-०४-०९), सकियो');
  });

  it('outside the tables AD alone; text that is not a date as it is', () => {
    expect(bsFirstDate('1900-01-01', 'ne')).toBe('१९००-०१-०१');
    expect(bsFirstDate('To be announced', 'en')).toBe('To be announced');
  });

  it('a moment in Nepal time (UTC+5:45): the BS day is Nepal’s, not UTC’s', () => {
    // 2026-11-19 20:00 UTC is 20 Nov 01:45 in Kathmandu: 4 Mangsir.
    expect(bsFirstMoment(Date.UTC(2026, 10, 19, 20, 0), 'en')).toBe('4 Mangsir 2083, 01:45 NPT (2026-11-20)');
    expect(bsFirstMoment(Date.UTC(2026, 10, 19, 20, 0), 'ne')).toBe('४ मंसिर २०८३, ०१:४५ (२०२६-११-२०)');
    expect(bsFirstMoment(Date.UTC(2026, 10, 19, 20, 0), 'en', false)).toBe('4 Mangsir 2083 (2026-11-20)');
  });

  it('published timestamps in the three conventions, and "as of"', () => {
    expect(bsFirstPublished('2026-05-06T06:23:40.427505', 'utc', 'en')).toBe('23 Baisakh 2083, 12:08 NPT (2026-05-06)');
    expect(bsFirstPublished('2026-05-06T12:04:05', 'nepal', 'en')).toBe('23 Baisakh 2083, 12:04 NPT (2026-05-06)');
    expect(bsFirstPublished('2026-05-07T11:23:46Z', 'nepal', 'en')).toBe('24 Baisakh 2083, 17:08 NPT (2026-05-07)');
    expect(bsFirstPublished('2026-05-04', 'nepal', 'ne')).toBe('२१ बैशाख २०८३ (२०२६-०५-०४)');
    expect(bsFirstAsOf('2026-05-06T06:23:40', 'utc', 'en')).toBe('as of 23 Baisakh 2083, 12:08 NPT (2026-05-06)');
    expect(bsFirstAsOf('2026-05-06T06:23:40', 'utc', 'ne')).toBe('२३ बैशाख २०८३, १२:०८ (२०२६-०५-०६) सम्मको');
    expect(bsFirstAsOf('soon', 'utc', 'en')).toBe('soon');
    expect(bsFirstAsOf(null, 'utc', 'en')).toBe('—');
  });

  it('a window and a period', () => {
    expect(bsFirstRange('2026-11-26', '2026-11-30', 'ne')).toBe('१० मंसिर २०८३ – १४ मंसिर २०८३ (२०२६-११-२६ – २०२६-११-३०)');
    expect(bsFirstPeriod('2026-11', '2026-11-30', 'en')).toBe('Mangsir 2083 (2026-11)');
    expect(bsFirstPeriod('1997', '1997-12-31', 'ne')).toBe('२०५४ (१९९७)');
    expect(bsFirstPeriod('2026-11-26', '2026-11-26', 'en')).toBe('10 Mangsir 2083 (2026-11-26)');
  });
});

describe('on the real files', () => {
  it.runIf(hasMarketData)('every announcement, book-close and listing date in ../shared/data/market is written BS first', () => {
    const fields = ['announcement_date', 'bookclose_date', 'bonus_listing_date', 'distribution_date', 'expiryDate'];
    let seen = 0;
    for (const [file, text] of loadTexts(MARKET)) {
      if (/monthly|daily|floor_sheet|lookups/.test(file)) continue;
      const v = JSON.parse(text) as unknown;
      const rows = (Array.isArray(v) ? v : typeof v === 'object' && v ? Object.values(v).flat() : []) as unknown[];
      for (const r of rows) {
        if (typeof r !== 'object' || r === null) continue;
        for (const f of fields) {
          const d = (r as Record<string, unknown>)[f];
          if (typeof d !== 'string' || !d) continue;
          seen++;
          expect(bsFirstDate(d, 'en'), `${file}: ${f} "${d}"`).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4} \(\d{4}-\d{2}-\d{2}\)(, closed)?$/);
        }
      }
    }
    expect(seen).toBeGreaterThan(1000);
  });
});
