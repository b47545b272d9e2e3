// The reader's data file (src/core/reader-data/): what a valid file is, the errors a bad one
// gets (part, record, problem), and a merge that never loses what the device holds.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyParts, fileName, makeFile, type Parts, parseReaderData, VERSION } from '../../src/core/reader-data/format.ts';
import { checkMerged, mergeParts } from '../../src/core/reader-data/merge.ts';
import type { Transaction } from '../../src/core/market/portfolio/types.ts';

const book = { title: 'Social Studies 5', coverUrl: '/covers/x.jpg' };
const full = (): Parts => ({
  bookmarks: [{ word: 'किरण', at: 10 }],
  history: [{ word: 'घर', at: 5 }],
  shelves: [{ id: 'b1', ...book, shelf: 'reading', at: 3 }],
  positions: [{ id: 'b1', ...book, kind: 'pdf', page: 4, pages: 90, zoom: 1.5, at: 7 }],
  watchlist: [{ symbol: 'NABIL', at: 2 }],
  portfolio: { transactions: [{ date: '2025-01-10', symbol: 'NABIL', kind: 'buy', quantity: 10, price: 500 }], investor: 'entity' },
  settings: { lang: 'en', market: { upstream: 'https://example.org', layout: 'a' } },
});
const text = (parts: Parts) => JSON.stringify(makeFile(parts, 'build-1', new Date('2026-01-02T03:04:05Z')));

describe('the file', () => {
  it('reads back what was written, named by the day', () => {
    const f = parseReaderData(text(full()));
    expect(f.parts).toEqual(full());
    expect(f.version).toBe(VERSION);
    expect(fileName(new Date('2026-01-02T23:00:00Z'))).toBe('khoj-data-2026-01-02.json');
  });

  it('names the part, the record and the problem', () => {
    const bad = JSON.parse(text(full()));
    bad.parts.bookmarks.push({ word: '', at: 1 });
    bad.parts.portfolio.transactions[0].kind = 'gift';
    expect(() => parseReaderData(JSON.stringify(bad), 'mine.json')).toThrow(
      /mine\.json: parts\.bookmarks\[1\]\.word: expected a non-empty string of at most 200 characters, found ""/,
    );
    expect(() => parseReaderData(JSON.stringify(bad), 'mine.json')).toThrow(/parts\.portfolio\.transactions\[0\]\.kind: expected buy \| sell/);
  });

  it('refuses what is not JSON, not ours, or from a newer version', () => {
    expect(() => parseReaderData('{', 'x.json')).toThrow(/x\.json: not JSON/);
    expect(() => parseReaderData('{"format":"other"}')).toThrow(/not a Khoj data file/);
    const newer = { ...JSON.parse(text(full())), version: VERSION + 1 };
    expect(() => parseReaderData(JSON.stringify(newer))).toThrow(/version: made by a newer Khoj \(file version 2, this app reads up to 1\): update the app/);
  });

  it('keeps only the fields it knows', () => {
    const f = JSON.parse(text(full()));
    f.parts.bookmarks[0].junk = 'x';
    expect(parseReaderData(JSON.stringify(f)).parts.bookmarks[0]).toEqual({ word: 'किरण', at: 10 });
  });
});

describe('merge', () => {
  it('adds what is new, keeps what is there, and the newer of a conflict wins', () => {
    const device = full();
    const file = emptyParts();
    file.bookmarks = [
      { word: 'किरण', at: 20 },
      { word: 'पानी', at: 1 },
    ];
    file.shelves = [{ id: 'b1', ...book, shelf: 'read', at: 1 }]; // older than the device's: kept
    file.settings = { lang: 'ne' }; // the device has one: kept
    file.portfolio = { transactions: [...device.portfolio.transactions, { date: '2025-02-01', symbol: 'NABIL', kind: 'sell', quantity: 5, price: 600 }] };
    const m = mergeParts(device, file);
    expect(m.summary.bookmarks).toEqual({ added: 1, updated: 1, kept: 0, conflicts: 1 });
    expect(m.parts.bookmarks).toEqual([
      { word: 'किरण', at: 20 },
      { word: 'पानी', at: 1 },
    ]);
    expect(m.summary.shelves).toEqual({ added: 0, updated: 0, kept: 1, conflicts: 1 });
    expect(m.writes.shelves).toEqual([]);
    expect(m.parts.settings.lang).toBe('en');
    expect(m.summary.portfolio).toEqual({ added: 1, updated: 0, kept: 1, conflicts: 0 });
    expect(m.writes.portfolio.transactions).toEqual([{ date: '2025-02-01', symbol: 'NABIL', kind: 'sell', quantity: 5, price: 600 }]);
  });

  it('takes settings and the investor type only where the device has none', () => {
    const m = mergeParts(emptyParts(), full());
    expect(m.writes.settings).toEqual(full().settings);
    expect(m.writes.portfolio.investor).toBe('entity');
  });

  it('keeps two identical transactions as two, and the device ids are not content', () => {
    const buy: Transaction = { date: '2025-01-10', symbol: 'X', kind: 'buy', quantity: 1, price: 100 };
    const device = { ...emptyParts(), portfolio: { transactions: [{ ...buy, id: 7 } as Transaction] } };
    const m = mergeParts(device, { ...emptyParts(), portfolio: { transactions: [buy, buy] } });
    expect(m.writes.portfolio.transactions).toEqual([buy]);
  });
});

// Arbitrary device and file contents over small key spaces, so keys collide often.
const word = fc.constantFrom('क', 'ख', 'ग', 'घ', 'ङ');
const at = fc.integer({ min: 0, max: 5 });
const words = fc.uniqueArray(fc.record({ word, at }), { selector: (r) => r.word });
const tx = fc.record({
  date: fc.constantFrom('2025-01-01', '2025-01-02'),
  symbol: fc.constantFrom('A', 'B'),
  kind: fc.constantFrom('buy' as const, 'sell' as const),
  quantity: fc.integer({ min: 0, max: 2 }),
});
const partsArb: fc.Arbitrary<Parts> = fc.record({
  bookmarks: words,
  history: words,
  shelves: fc.uniqueArray(
    fc.record({
      id: fc.constantFrom('a', 'b', 'c'),
      ...{ title: fc.constant('t'), coverUrl: fc.constant('') },
      shelf: fc.constantFrom('want' as const, 'read' as const),
      at,
    }),
    { selector: (r) => r.id },
  ),
  positions: fc.constant([]),
  watchlist: fc.uniqueArray(fc.record({ symbol: fc.constantFrom('A', 'B', 'C'), at }), { selector: (r) => r.symbol }),
  portfolio: fc.record(
    { transactions: fc.array(tx, { maxLength: 4 }), investor: fc.constantFrom('individual' as const, 'entity' as const) },
    { requiredKeys: ['transactions'] },
  ),
  settings: fc.record({ lang: fc.constantFrom('ne' as const, 'en' as const) }, { requiredKeys: [] }),
});

describe('the merged portfolio', () => {
  it('is refused when it does not add up: the ledger names the transaction', () => {
    const sell: Transaction = { date: '2025-02-01', symbol: 'NABIL', kind: 'sell', quantity: 50, price: 600 };
    const m = mergeParts(full(), { ...emptyParts(), portfolio: { transactions: [sell] } });
    expect(() => checkMerged(m.parts)).toThrow(/portfolio: entry 1 "2025-02-01 sell NABIL": sells 50 shares, but 10 are held/);
    expect(() => checkMerged(mergeParts(full(), full()).parts)).not.toThrow();
  });
});

describe('merge properties', () => {
  it('keeps every key and every transaction of the device', () => {
    fc.assert(
      fc.property(partsArb, partsArb, (device, file) => {
        const m = mergeParts(device, file).parts;
        for (const k of ['bookmarks', 'history'] as const) for (const r of device[k]) expect(m[k].some((x) => x.word === r.word)).toBe(true);
        for (const r of device.shelves) expect(m.shelves.some((x) => x.id === r.id)).toBe(true);
        for (const r of device.watchlist) expect(m.watchlist.some((x) => x.symbol === r.symbol)).toBe(true);
        expect(m.portfolio.transactions.slice(0, device.portfolio.transactions.length)).toEqual(device.portfolio.transactions);
        if (device.settings.lang) expect(m.settings.lang).toBe(device.settings.lang);
        if (device.portfolio.investor) expect(m.portfolio.investor).toBe(device.portfolio.investor);
      }),
    );
  });

  it('importing the same file twice adds and changes nothing the second time', () => {
    fc.assert(
      fc.property(partsArb, partsArb, (device, file) => {
        const once = mergeParts(device, file).parts;
        const twice = mergeParts(once, file);
        expect(twice.parts).toEqual(once);
        for (const s of Object.values(twice.summary)) expect(s.added + s.updated).toBe(0);
      }),
    );
  });
});

describe('price alerts in the file', () => {
  const alert = { id: 'NABIL:above:1200', symbol: 'NABIL', direction: 'above' as const, level: 1200, lastPrice: 1100, at: 5 };

  it('are read back, checked field by field, and may be absent (files from before them)', () => {
    const parts = { ...full(), alerts: [alert] };
    expect(parseReaderData(text(parts)).parts.alerts).toEqual([alert]);
    expect(parseReaderData(text(full())).parts.alerts).toBeUndefined();
    const bad = JSON.parse(text(parts));
    bad.parts.alerts[0].direction = 'sideways';
    bad.parts.alerts[0].level = -1;
    expect(() => parseReaderData(JSON.stringify(bad), 'a.json')).toThrow(/a\.json: parts\.alerts\[0\]\.direction: expected above \| below, found "sideways"/);
    expect(() => parseReaderData(JSON.stringify(bad), 'a.json')).toThrow(/parts\.alerts\[0\]\.level: expected a number from 0\.01 to 10,000,000, found -1/);
  });

  it('merge by id: new ones added, the newer of a conflict wins, absent on both sides stays absent', () => {
    const device = { ...full(), alerts: [alert] };
    const other = { ...alert, id: 'NICA:below:400', symbol: 'NICA', direction: 'below' as const, level: 400 };
    const m = mergeParts(device, { ...emptyParts(), alerts: [{ ...alert, lastPrice: 1150, at: 9 }, other] });
    expect(m.parts.alerts).toEqual([{ ...alert, lastPrice: 1150, at: 9 }, other]);
    expect(m.writes.alerts).toHaveLength(2);
    expect(m.summary.alerts).toEqual({ added: 1, updated: 1, kept: 0, conflicts: 1 });
    const none = mergeParts(full(), emptyParts());
    expect(none.parts.alerts).toBeUndefined();
    expect(none.summary.alerts).toEqual({ added: 0, updated: 0, kept: 0, conflicts: 0 });
  });
});

describe('places in audio files in the file', () => {
  const place = {
    id: 'cehrd-audio-g1::https://x.test/a.mp3',
    title: 'Grade 1 English',
    coverUrl: '/covers/a.svg',
    kind: 'audio' as const,
    time: 61.5,
    duration: 300,
    at: 5,
  };

  it('are read back, checked field by field, and may be absent (files from before them)', () => {
    const parts = { ...full(), listening: [place] };
    expect(parseReaderData(text(parts)).parts.listening).toEqual([place]);
    expect(parseReaderData(text(full())).parts.listening).toBeUndefined();
    const bad = JSON.parse(text(parts));
    bad.parts.listening[0].time = -3;
    bad.parts.listening[0].kind = 'pdf';
    expect(() => parseReaderData(JSON.stringify(bad), 'a.json')).toThrow(/a\.json: parts\.listening\[0\]\.kind: expected "audio", found "pdf"/);
    expect(() => parseReaderData(JSON.stringify(bad), 'a.json')).toThrow(
      /parts\.listening\[0\]\.time: expected a number of seconds from 0 to 86,400, found -3/,
    );
  });

  it('merge by file: the newer place wins, a new file is added, absent on both sides stays absent', () => {
    const device = { ...full(), listening: [place] };
    const other = { ...place, id: 'cehrd-audio-g2::https://x.test/b.mp3', time: 3 };
    const m = mergeParts(device, { ...emptyParts(), listening: [{ ...place, time: 120, at: 9 }, other] });
    expect(m.parts.listening).toEqual([{ ...place, time: 120, at: 9 }, other]);
    expect(m.writes.listening).toHaveLength(2);
    expect(m.summary.listening).toEqual({ added: 1, updated: 1, kept: 0, conflicts: 1 });
    const older = mergeParts(device, { ...emptyParts(), listening: [{ ...place, time: 5, at: 1 }] });
    expect(older.parts.listening).toEqual([place]);
    expect(older.writes.listening).toEqual([]);
    expect(mergeParts(full(), emptyParts()).parts.listening).toBeUndefined();
  });
});
