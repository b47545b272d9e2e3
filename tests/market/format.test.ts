// Numbers in Nepali (lakh/crore grouping, Devanagari digits) and English, and "as of" times in
// Nepal time from each of the files' timestamp conventions.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromNepal, naiveNepal, naiveUtc, nepalIso, nepalTime, parseTimestamp } from '../../src/core/market/clock.ts';
import { formatAsOf, formatLarge, formatNumber, formatPercent, formatRupees, groupLakh, groupThousands } from '../../src/core/market/format.ts';

describe('numbers', () => {
  it('Nepali: lakh/crore grouping in Devanagari digits; English: thousands in ASCII', () => {
    expect(formatNumber(12345678.9, 'ne', { decimals: 2 })).toBe('१,२३,४५,६७८.९०');
    expect(formatNumber(12345678.9, 'en', { decimals: 2 })).toBe('12,345,678.90');
    expect(formatNumber(1597578126.43, 'ne')).toBe('१,५९,७५,७८,१२६.४३');
    expect(formatNumber(1597578126.43, 'en')).toBe('1,597,578,126.43');
    expect(formatNumber(4260978, 'ne')).toBe('४२,६०,९७८');
    expect(formatNumber(999, 'ne')).toBe('९९९');
    expect(formatNumber(1000, 'ne')).toBe('१,०००');
    expect(formatNumber(100000, 'ne')).toBe('१,००,०००');
    expect(formatNumber(-3.9, 'en')).toBe('-3.90');
    expect(formatNumber(-0.001, 'en')).toBe('0.00');
    expect(formatNumber(1.005, 'en')).toBe('1.01');
    expect(formatNumber(null, 'ne')).toBe('—');
    expect(formatNumber(Number.NaN, 'en')).toBe('—');
  });

  it('percent changes, rupees and large amounts', () => {
    expect(formatPercent(1.06, 'ne')).toBe('+१.०६%');
    expect(formatPercent(-0.29, 'en')).toBe('-0.29%');
    expect(formatPercent(0, 'en')).toBe('0.00%');
    expect(formatRupees(522.3, 'ne')).toBe('रु. ५२२.३०');
    expect(formatRupees(28178129.9, 'en')).toBe('Rs 28,178,129.90');
    expect(formatLarge(4624123567530.7, 'en')).toBe('46.24 kharab');
    expect(formatLarge(3197766779.16, 'ne')).toBe('३.२० अर्ब');
    expect(formatLarge(141318.7e6 / 1e3, 'en')).toBe('14.13 crore');
    expect(formatLarge(250000, 'ne')).toBe('२.५० लाख');
    expect(formatLarge(950, 'en')).toBe('950');
  });

  it('grouping keeps every digit: lakh groups are 3 then 2s, thousands 3s', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 18n }), (n) => {
        const digits = n.toString();
        const lakh = groupLakh(digits);
        const thousands = groupThousands(digits);
        expect(lakh.replace(/,/g, '')).toBe(digits);
        expect(thousands.replace(/,/g, '')).toBe(digits);
        expect(lakh).toMatch(/^(\d{1,3}|\d{1,2}(,\d{2})*,\d{3})$/);
        expect(thousands).toMatch(/^\d{1,3}(,\d{3})*$/);
      }),
    );
  });

  it('Nepali and English agree on the value, digit for digit', () => {
    const back = (s: string) => s.replace(/[०-९]/g, (d) => String(d.charCodeAt(0) - 0x966)).replace(/,/g, '');
    fc.assert(
      fc.property(fc.double({ min: -1e12, max: 1e12, noNaN: true }), fc.integer({ min: 0, max: 4 }), (n, decimals) => {
        const ne = formatNumber(n, 'ne', { decimals });
        const en = formatNumber(n, 'en', { decimals });
        expect(ne).toMatch(/^-?[०-९,]+(\.[०-९]+)?$/);
        expect(back(ne)).toBe(en.replace(/,/g, ''));
        expect(Math.abs(Number(en.replace(/,/g, '')) - n)).toBeLessThanOrEqual(0.5 * 10 ** -decimals * (1 + 1e-9) + Math.abs(n) * 1e-15);
      }),
    );
  });
});

describe('Nepal time', () => {
  it('the three timestamp conventions (and plain dates) as "as of" in Nepal time', () => {
    // market_status.last_checked: naive UTC
    expect(formatAsOf('2026-05-06T06:23:40.427505', 'utc', 'en')).toBe('as of 6 May 2026, 12:08 NPT');
    // stock row last_updated: naive Nepal time
    expect(formatAsOf('2026-05-06T12:04:05.625822', 'nepal', 'en')).toBe('as of 6 May 2026, 12:04 NPT');
    // ltp updatedAt: with its offset (whatever the field's naive zone)
    expect(formatAsOf('2026-05-07T17:08:46+05:45', 'utc', 'en')).toBe('as of 7 May 2026, 17:08 NPT');
    expect(formatAsOf('2026-05-07T11:23:46Z', 'nepal', 'en')).toBe('as of 7 May 2026, 17:08 NPT');
    // a fund row's NAV date
    expect(formatAsOf('2026-05-04', 'nepal', 'en')).toBe('as of 4 May 2026');
    expect(formatAsOf('2026-05-06T06:23:40.427505', 'utc', 'ne')).toBe('६ मे २०२६, १२:०८ (नेपाली समय) सम्मको');
    expect(formatAsOf('2026-05-04', 'nepal', 'ne')).toBe('४ मे २०२६ (नेपाली समय) सम्मको');
    expect(formatAsOf('not a time', 'utc', 'en')).toBe('not a time');
    expect(formatAsOf(null, 'utc', 'en')).toBe('—');
  });

  it('crossing midnight: 19:00 UTC is the next day in Nepal', () => {
    expect(formatAsOf('2026-05-06T19:00:00', 'utc', 'en')).toBe('as of 7 May 2026, 00:45 NPT');
    expect(nepalTime(Date.UTC(2026, 4, 6, 18, 15)).date).toBe('2026-05-07');
    expect(nepalTime(Date.UTC(2026, 4, 6, 18, 14)).date).toBe('2026-05-06');
  });

  it('every convention reads back the instant it was written from', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) }), (t) => {
        expect(parseTimestamp(naiveUtc(t), 'utc')).toEqual({ epochMs: t, convention: 'utc' });
        expect(parseTimestamp(naiveNepal(t), 'nepal')).toEqual({ epochMs: t, convention: 'nepal' });
        expect(parseTimestamp(nepalIso(t), 'utc')).toEqual({ epochMs: t - (t % 1000), convention: 'offset' });
        const n = nepalTime(t);
        expect(fromNepal(n.date, n.hour, n.minute, n.second)).toBe(t - (t % 1000));
      }),
    );
  });

  it('refuses what is not a date', () => {
    expect(parseTimestamp('2026-02-30', 'utc')).toBeUndefined();
    expect(parseTimestamp('2026-13-01T00:00:00', 'utc')).toBeUndefined();
    expect(parseTimestamp('Jun 04, 2026', 'utc')).toBeUndefined();
  });
});
