// The reader's data file at scale and with absurd values (issue 36): each value the issue found
// accepted is refused, named by part, record and field with the range it must be in; a part past
// its count is refused at once, before a row of it is read; the market's source is a question.
// And the market's numbers as a reader types them: either script's digits, nothing absurd.

import { describe, expect, it } from 'vitest';
import type { DataError } from '../../src/core/problems.ts';
import { emptyParts, LIMITS, makeFile, type Parts, parseReaderData } from '../../src/core/reader-data/format.ts';
import { checkMerged, marketSourceChange, mergeParts } from '../../src/core/reader-data/merge.ts';
import { holdingsOf } from '../../src/core/market/portfolio/ledger.ts';
import type { Transaction } from '../../src/core/market/portfolio/types.ts';
import { formatNumber } from '../../src/core/market/format.ts';
import { parseTypedNumber } from '../../src/core/digits.ts';
import { DEFAULT_UPSTREAM } from '../../src/core/market/settings.ts';

const NOW = Date.parse('2026-11-28T00:00:00Z');
const book = { id: 'b1', title: 'Social Studies 5', coverUrl: '/covers/x.jpg', at: 1 };
const file = (edit: (p: Parts) => void): string => {
  const p = emptyParts();
  edit(p);
  return JSON.stringify(makeFile(p, 'build-1', new Date(NOW)));
};
const read = (edit: (p: Parts) => void) => parseReaderData(file(edit), 'mine.json', NOW);
const buy = (quantity: number, price: number): Transaction => ({ date: '2025-01-10', symbol: 'NABIL', kind: 'buy', quantity, price });

describe('absurd values are refused, named with their range', () => {
  it('a PDF zoom of 1e6 (a blank 8×10^8 px canvas), and an EPUB text size out of the reader’s', () => {
    expect(() => read((p) => (p.positions = [{ ...book, kind: 'pdf', page: 1, pages: 9, zoom: 1e6 }]))).toThrow(
      'mine.json: parts.positions[0].zoom: expected a PDF zoom from 0.5 to 4, found 1000000',
    );
    expect(() => read((p) => (p.positions = [{ ...book, kind: 'epub', page: 1, pages: 9, zoom: 3 }]))).toThrow(
      'parts.positions[0].zoom: expected a text size from 0.8 to 2, found 3',
    );
    expect(read((p) => (p.positions = [{ ...book, kind: 'pdf', page: 1, pages: 9, zoom: 4 }])).parts.positions[0]!.zoom).toBe(4);
  });

  it('a split ratio of 0 (the holding zeroed), and a merger’s too', () => {
    const split: Transaction = { date: '2025-02-01', symbol: 'NABIL', kind: 'split', quantity: 0, ratio: 0 };
    expect(() => read((p) => (p.portfolio.transactions = [buy(10, 500), split]))).toThrow(
      'parts.portfolio.transactions[1].ratio: expected a number above 0 to 1,000, found 0',
    );
    // The ledger (forms, CSV, the merged import) refuses it too.
    expect(() => holdingsOf([buy(10, 500), split], { investor: 'individual' })).toThrow(/ratio must be a number above 0 to 1,000, found 0/);
  });

  it('buys of 1e308 × 1e308 (every total "—")', () => {
    expect(() => read((p) => (p.portfolio.transactions = [buy(1e308, 1e308)]))).toThrow(
      /transactions\[0\]\.quantity: expected a number from 0 to 1,000,000,000, found 1e\+308\n.*transactions\[0\]\.price: expected a number from 0 to 10,000,000, found 1e\+308/,
    );
    expect(() => holdingsOf([buy(1e308, 1e308)], { investor: 'individual' })).toThrow(/quantity must be a number from 0 to 1,000,000,000/);
    // At the top of each range the totals are still numbers.
    const h = holdingsOf([buy(1e9, 1e7)], { investor: 'individual' }).get('NABIL')!;
    expect(Number.isFinite(h.cost)).toBe(true);
  });

  it('a bookmark time of 1e308 (never replaceable), and any time past a day from now', () => {
    expect(() => read((p) => (p.bookmarks = [{ word: 'किरण', at: 1e308 }]))).toThrow(
      `parts.bookmarks[0].at: expected a time in ms from 0 to a day from now (${NOW + 86_400_000}), found 1e+308`,
    );
    expect(() => read((p) => (p.history = [{ word: 'घर', at: NOW + 2 * 86_400_000 }]))).toThrow(/parts\.history\[0\]\.at/);
    expect(read((p) => (p.history = [{ word: 'घर', at: NOW + 3_600_000 }])).parts.history).toHaveLength(1);
  });

  it('an alert at 1e308 or 1e-320, a page of 1e9, a listening time of a year, a date in year 9999, a 10,000-character word', () => {
    const alert = { id: 'a', symbol: 'NABIL', direction: 'above' as const, lastPrice: null, at: 1 };
    expect(() => read((p) => (p.alerts = [{ ...alert, level: 1e308 }]))).toThrow(/parts\.alerts\[0\]\.level: expected a number from 0\.01 to 10,000,000/);
    expect(() => read((p) => (p.alerts = [{ ...alert, level: 1e-320 }]))).toThrow(/parts\.alerts\[0\]\.level/);
    expect(() => read((p) => (p.positions = [{ ...book, kind: 'pdf', page: 1e9, pages: 9, zoom: 1 }]))).toThrow(
      /parts\.positions\[0\]\.page: expected a page number from 1 to 100,000/,
    );
    expect(() => read((p) => (p.listening = [{ ...book, kind: 'audio', time: 3e7, duration: 60 }]))).toThrow(/parts\.listening\[0\]\.time/);
    expect(() => read((p) => (p.portfolio.transactions = [{ ...buy(1, 1), date: '9999-01-01' }]))).toThrow(
      /transactions\[0\]\.date: expected a YYYY-MM-DD date from 1980 to 2199/,
    );
    expect(() => read((p) => (p.bookmarks = [{ word: 'क'.repeat(10_000), at: 1 }]))).toThrow(
      /parts\.bookmarks\[0\]\.word: expected a non-empty string of at most 200 characters, found "क+\.\.\.$/,
    );
  });

  it('a market source that is not an http(s) address', () => {
    expect(() => read((p) => (p.settings.market = { upstream: 'javascript:alert(1)', layout: 'auto' }))).toThrow(
      'parts.settings.market.upstream: expected "" (the default) or an http(s) address, found "javascript:alert(1)"',
    );
  });
});

describe("said in the reader's language", () => {
  // Each limit's problem carries a key and its values (core/problems.ts Saying) for ui/problem-lines.tsx.
  const sayingOf = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      return (e as DataError).problems[0]!.say;
    }
    throw new Error('not refused');
  };
  it('a range names its ends; a count its limit; a page its kind of number', () => {
    const alert = { id: 'a', symbol: 'NABIL', direction: 'above' as const, lastPrice: null, at: 1 };
    expect(sayingOf(() => read((p) => (p.alerts = [{ ...alert, level: 1e308 }])))).toEqual({
      key: 'expected',
      values: { what: 'range', min: '0.01', max: '10,000,000', found: '1e+308' },
    });
    expect(sayingOf(() => read((p) => (p.bookmarks = Array.from({ length: 150_001 }, () => ({ word: 'क', at: 1 })))))).toEqual({
      key: 'too-many',
      values: { count: '150,001', max: '150,000' },
    });
    expect(sayingOf(() => read((p) => (p.positions = [{ ...book, kind: 'pdf', page: 0, pages: 1, zoom: 1 }])))?.values?.what).toBe('page-range');
  });
});

describe('at scale', () => {
  it('10^6 bookmarks: refused at once by their count, named, before any row is read', () => {
    const rows = Array.from({ length: 1_000_000 }, (_, i) => ({ word: `w${i}`, at: 1 }));
    const text = file((p) => (p.bookmarks = rows));
    expect(text.length).toBeLessThan(LIMITS.fileBytes);
    expect(() => parseReaderData(text, 'big.json', NOW)).toThrow('big.json: parts.bookmarks: 1,000,000 records, more than the 150,000 a file may hold');
  });

  it('a file past its size is refused before it is parsed', () => {
    expect(() => parseReaderData(' '.repeat(LIMITS.fileBytes + 1), 'huge.json', NOW)).toThrow(
      /huge\.json: 40,000,001 characters, more than the 40,000,000 a file may hold/,
    );
  });

  it('150,000 bookmarks, the most a file holds: read and merged without a stack overflow', () => {
    const rows = Array.from({ length: LIMITS.rows.bookmarks }, (_, i) => ({ word: `शब्द${i}`, at: i }));
    const parts = parseReaderData(
      file((p) => (p.bookmarks = rows)),
      'max.json',
      NOW,
    ).parts;
    const merged = mergeParts(emptyParts(), parts);
    checkMerged(merged.parts);
    expect(merged.writes.bookmarks).toHaveLength(LIMITS.rows.bookmarks);
  });
});

describe('the market’s source', () => {
  it('a file that would set it is a question; the device’s own setting, or the default, is none', () => {
    const other = { upstream: 'https://importer.example/yonepse', layout: 'auto' as const };
    expect(marketSourceChange({}, { market: other })).toBe('https://importer.example/yonepse');
    expect(marketSourceChange({ market: { upstream: '', layout: 'auto' } }, { market: other })).toBeUndefined();
    expect(marketSourceChange({}, { market: { upstream: '', layout: 'a' } })).toBeUndefined();
    expect(marketSourceChange({}, { market: { upstream: DEFAULT_UPSTREAM, layout: 'auto' } })).toBeUndefined();
    expect(marketSourceChange({}, {})).toBeUndefined();
  });
});

describe('numbers as a reader types them', () => {
  it('either script’s digits, grouped or not', () => {
    expect(parseTypedNumber('१२५०.५०')).toBe(1250.5);
    expect(parseTypedNumber('१,२५,०००')).toBe(125000);
    expect(parseTypedNumber(' 1,250.5 ')).toBe(1250.5);
    expect(parseTypedNumber('.5')).toBe(0.5);
  });
  it('no exponent, sign, other base or empty text', () => {
    for (const t of ['1e308', '1e-320', '-5', '+5', '0x10', '', '  ', 'NaN', 'Infinity', '1.2.3', '५e३'])
      expect([t, parseTypedNumber(t)]).toEqual([t, undefined]);
  });
  it('a huge number is written in digits, never "१e+,३०८"', () => {
    expect(formatNumber(1e308, 'ne', { decimals: 2 })).not.toMatch(/e/);
    expect(formatNumber(1e21, 'en')).toBe('1,000,000,000,000,000,000,000');
  });
});
