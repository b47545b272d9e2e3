// Normalisation, merge and de-duplication on the REAL upstream files in
// ../shared/data/books/sources (52 cehrd-learning, 33 cdc-nepal, 198 pustakalaya,
// 81 openlibrary records), and the whole build on them.
//
// What we get: 364 records → 336 books; 28 duplicates removed:
//   10 same document — the 10 CDC records whose readUrl is a Pustakalaya record's page
//      (9 Pustakalaya records merged into the CDC one; the 10th, cdc-np-6-nepali's document,
//      into cehrd-learning-g6-nepali-97, which cdc-np-6-nepali itself was merged into);
//   18 same title and grade — 12 Pustakalaya and 1 CDC record into CEHRD ones, 1 Pustakalaya
//      into CDC (सामाजिक अध्ययन कक्षा १०), 4 Open Library pairs without a grade.
// Kept per source: cehrd-learning 52, cdc-nepal 32, pustakalaya 175, openlibrary 77.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { schemaProblems } from '../../data-build/schema.ts';
import { compareBooks } from '../../src/core/books/merge.ts';
import { cehrdAlias } from '../../src/core/books/query.ts';
import { standalone } from '../../src/core/books/schemas.ts';
import { formatProblem } from '../../src/core/problems.ts';
import { listFiles, readJson } from '../helpers/tree.ts';
import { BOOK_DATA } from '../../harness/shared-data.ts';
import { BOOK_SOURCES, booksBuild, hasBookData, normaliseFiles, readCatalog, REAL_FILES, tmp } from './helpers.ts';

const CDC_PUSTAKALAYA_SAME_DOCUMENT = [
  'cdc-np-1-nepali',
  'cdc-np-1-english',
  'cdc-np-1-math',
  'cdc-np-1-serofero',
  'cdc-np-4-nepali',
  'cdc-np-5-math',
  'cdc-np-6-nepali',
  'cdc-np-8-english',
  'cdc-np-9-social',
  'cdc-np-12-english',
];

describe.skipIf(!hasBookData)('real source files', () => {
  const { records, oddities, perFile } = hasBookData ? normaliseFiles(BOOK_SOURCES, REAL_FILES) : { records: [], oddities: new Map(), perFile: {} };

  it('reads every record: 52 + 33 + 198 + 81', () => {
    expect(perFile).toEqual({ 'cehrd_learning.json': 52, 'cdc_nepal.json': 33, 'pustakalaya.json': 198, 'open_library.json': 81 });
    expect(records).toHaveLength(364);
  });

  it('normalises grades, languages and subjects; every contract field present', () => {
    const books = records.map((r) => r.book);
    expect(books.filter((b) => b.grade === null)).toHaveLength(86);
    expect(books.every((b) => b.grade === null || (Number.isInteger(b.grade) && b.grade >= 1 && b.grade <= 12))).toBe(true);
    expect(books.filter((b) => b.subject === null)).toHaveLength(145);
    expect(books.filter((b) => b.pdfUrl)).toHaveLength(56);
    // en/eng → en, ne/nep → ne, gre → el, fre → fr; sit (Sino-Tibetan) has no ISO 639-1 code.
    const langs = new Map<string, number>();
    for (const b of books) langs.set(String(b.language), (langs.get(String(b.language)) ?? 0) + 1);
    expect(Object.fromEntries(langs)).toEqual({ en: 52 + 9 + 71 + 66, ne: 24 + 127 + 12, el: 1, fr: 1, sit: 1 });
    expect(oddities.get('language-recoded')).toBe(70);
    expect(oddities.get('language-not-iso639-1')).toBe(1);
    expect(oddities.get('grade-missing')).toBe(86);
    expect(oddities.get('subject-missing')).toBe(145);
    expect(new Set(books.map((b) => b.subject))).toEqual(
      new Set([
        null,
        'Mathematics',
        'English',
        'Nepali',
        'Hamro Serofero',
        'Science',
        'Social Studies',
        'Health',
        'Sanskrit',
        'Computer',
        'Accountancy',
        'Economics',
        'Physics',
      ]),
    );
    const withCover = books.map((b) => ({ ...b, coverUrl: '/covers/x.svg' }));
    for (const b of withCover) expect(schemaProblems(standalone('Book'), b, b.id).map(formatProblem)).toEqual([]);
    // Real extras keep their upstream names.
    const cdc = books.find((b) => b.id === 'cdc-np-1-nepali')!;
    expect(cdc.titleLocal).toBe('मेरो नेपाली - कक्षा १');
    expect(cdc.chapters).toHaveLength(5);
    expect(books.find((b) => b.id === 'ol-OL23666842W')!.publishedYear).toBe('1998');
    expect(books.find((b) => b.id === 'ol-OL5727587W')!.sourceCoverUrl).toBe('https://covers.openlibrary.org/b/id/35251-L.jpg');
  });

  it('merges with the primary source first and removes 28 duplicates (10 same document, 18 same title and grade)', async () => {
    const { mergeRecords } = await import('../../src/core/books/merge.ts');
    const merged = mergeRecords(records);
    expect(merged.records).toHaveLength(336);
    expect(merged.duplicates).toHaveLength(28);
    const count = (f: (d: (typeof merged.duplicates)[number]) => boolean) => merged.duplicates.filter(f).length;
    expect(count((d) => d.reason === 'same-document')).toBe(10);
    expect(count((d) => d.reason === 'same-title-grade')).toBe(18);
    expect(count((d) => d.reason === 'same-id')).toBe(0);

    // The 10 CDC records that point at the same document as a Pustakalaya record.
    const sameDoc = merged.duplicates.filter((d) => d.reason === 'same-document');
    expect(sameDoc.every((d) => d.droppedSource === 'pustakalaya')).toBe(true);
    const cdcBehind = sameDoc.map((d) => {
      const dropped = records.find((r) => r.book.id === d.dropped)!.book;
      return records.find((r) => r.book.source === 'cdc-nepal' && r.book.readUrl === dropped.sourceUrl)!.book.id;
    });
    expect(cdcBehind.sort()).toEqual([...CDC_PUSTAKALAYA_SAME_DOCUMENT].sort());

    const byPair = new Map<string, number>();
    for (const d of merged.duplicates)
      byPair.set(`${d.droppedSource}→${d.keptSource} ${d.reason}`, (byPair.get(`${d.droppedSource}→${d.keptSource} ${d.reason}`) ?? 0) + 1);
    expect(Object.fromEntries(byPair)).toEqual({
      'pustakalaya→cdc-nepal same-document': 9,
      'pustakalaya→cehrd-learning same-document': 1,
      'pustakalaya→cehrd-learning same-title-grade': 12,
      'cdc-nepal→cehrd-learning same-title-grade': 1,
      'pustakalaya→cdc-nepal same-title-grade': 1,
      'openlibrary→openlibrary same-title-grade': 4,
    });

    const kept = new Map<string, number>();
    for (const r of merged.records) kept.set(r.book.source, (kept.get(r.book.source) ?? 0) + 1);
    expect(Object.fromEntries(kept)).toEqual({ 'cehrd-learning': 52, 'cdc-nepal': 32, pustakalaya: 175, openlibrary: 77 });

    // The kept record keeps its fields and gains the other's links and missing fields.
    const nepali1 = merged.records.find((r) => r.book.id === 'cdc-np-1-nepali')!.book;
    expect(nepali1.source).toBe('cdc-nepal');
    expect(nepali1.alternates).toEqual([
      {
        id: 'pustakalaya-b4d3cab6-a8fb-4754-acc7-18e0beaad793',
        source: 'pustakalaya',
        reason: 'same-document',
        sourceUrl: 'https://pustakalaya.org/documents/detail/b4d3cab6-a8fb-4754-acc7-18e0beaad793/',
        readUrl: 'https://pustakalaya.org/documents/detail/b4d3cab6-a8fb-4754-acc7-18e0beaad793/',
      },
    ]);
    // The CDC landing page every cdc-np record shares is no document identity.
    expect(merged.duplicates.some((d) => d.dropped.startsWith('cdc-np-') && d.kept.startsWith('cdc-np-'))).toBe(false);
    // A title in the other script is another edition, not a duplicate (My Mathematics ≠ मेरो गणित).
    expect(merged.records.some((r) => r.book.id === 'pustakalaya-f574b863-660e-48a6-ba67-47ca0e07209c')).toBe(true);
    // Nothing both kept and dropped; every alias points at a kept record.
    const keptIds = new Set(merged.records.map((r) => r.book.id));
    for (const [alias, to] of Object.entries(merged.aliases)) {
      expect(keptIds.has(alias)).toBe(false);
      expect(keptIds.has(to)).toBe(true);
    }
  });

  it('builds the real catalog: primary source first, every file valid, upstream LICENSE and NOTICE kept', async () => {
    const out = tmp();
    const r = await booksBuild(['--books', BOOK_SOURCES, '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('364 records → 336 books; 28 duplicates removed (18 same title and grade, 10 same document)');
    expect(r.stderr).toContain('read: cehrd_learning.json 52, cdc_nepal.json 33, pustakalaya.json 198, open_library.json 81; not found: archive_org.json');
    expect(r.stderr).toContain('per source out: cehrd-learning 52, cdc-nepal 32, pustakalaya 175, openlibrary 77');
    const catalog = readCatalog(out);
    expect(catalog.sample).toBe(false);
    expect(catalog.books).toHaveLength(336);
    expect(Object.keys(catalog.aliases)).toHaveLength(28);
    expect(catalog.books[0]!.source).toBe('cehrd-learning');
    for (let i = 1; i < catalog.books.length; i++) expect(compareBooks(catalog.books[i - 1]!, catalog.books[i]!)).toBeLessThan(0);
    expect(catalog.generatedAt).toBe('2026-05-16T11:34:09Z'); // the newest scrapedAt: deterministic
    for (const b of catalog.books) expect(schemaProblems(standalone('Book'), b, b.id).map(formatProblem)).toEqual([]);
    expect(readFileSync(join(out, 'api/books/LICENSE.upstream.txt'))).toEqual(readFileSync(join(BOOK_DATA, 'LICENSE.upstream.txt')));
    expect(readFileSync(join(out, 'api/books/NOTICE.upstream.txt'))).toEqual(readFileSync(join(BOOK_DATA, 'NOTICE.upstream.txt')));
    const files = listFiles(out);
    // One file per book, per merged id and per CEHRD short id (cehrd-g1-mathematics), a cover per book.
    const shortIds = new Set(catalog.books.flatMap((b) => cehrdAlias(b) ?? []));
    expect(shortIds.size).toBeGreaterThan(40);
    expect(files.filter((f) => /^api\/books\/[^/]+\.json$/.test(f) && !/\/(index|catalog)\.json$/.test(f))).toHaveLength(336 + 28 + shortIds.size);
    const covers = files.filter((f) => f.startsWith('covers/') && !f.startsWith('covers/small/'));
    expect(covers).toHaveLength(336);
    // Each with its small copy for the data saver (small-cover.ts), at the same name.
    expect(files.filter((f) => f.startsWith('covers/small/')).sort()).toEqual(covers.map((f) => f.replace('covers/', 'covers/small/')).sort());
    expect(readJson<{ data: { totalBooks: number } }>(out, 'api/stats/index.json').data.totalBooks).toBe(336);
    // The id with upper-case letters gets a hashed, lower-case file name.
    const ol = catalog.books.find((b) => b.id === 'ol-OL23666842W')!;
    expect(ol.coverUrl).toMatch(/^\/covers\/ol-ol23666842w\.[0-9a-f]{12}\.svg$/);
  });
});
