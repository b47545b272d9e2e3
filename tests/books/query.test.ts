// The pure query module: filters, paging, clamping, 400s naming the parameter, 404, q in
// Devanagari and English (every word required, ranked), checked on the sample catalog and,
// by property, against a direct scan of a synthetic catalog.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { queryTerms, rankedWords, SLOT } from '../../src/core/books/encoder.ts';
import { foldText } from '../../src/core/books/fold.ts';
import { compareBooks, mergeRecords } from '../../src/core/books/merge.ts';
import { normaliseLanguage, normaliseSubject } from '../../src/core/books/normalise.ts';
import { BooksApi, DEFAULT_LIMIT, type ListQuery, MAX_LIMIT, parseListQuery } from '../../src/core/books/query.ts';
import { canonicalSource } from '../../src/core/books/sources.ts';
import { sourcesInfo } from '../../src/core/books/stats.ts';
import type { Book, ListBody } from '../../src/core/books/types.ts';
import { normaliseFiles, SAMPLE_DIR } from './helpers.ts';
import { rng, syntheticBooks, syntheticCatalog, SYNTHETIC_VOCABULARY } from '../../harness/books/synthetic.ts';

function sampleApi(): BooksApi {
  const merged = mergeRecords(normaliseFiles(SAMPLE_DIR, ['cehrd_learning.json', 'cdc_nepal.json', 'pustakalaya.json']).records);
  const books = merged.records.map((r) => ({ ...r.book, coverUrl: '/covers/x.svg' })).sort(compareBooks);
  return new BooksApi({ books, aliases: merged.aliases, sources: sourcesInfo(books), generatedAt: '2026-01-01T00:00:00Z' });
}

const params = (p: Record<string, string>) => new URLSearchParams(p);
const listOf = (api: BooksApi, p: Record<string, string>) => {
  const r = api.list(params(p));
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as ListBody;
};

describe('query module on the sample catalog', () => {
  const api = sampleApi();

  it('routes the four paths, 404s unknown ids and sub-paths, 405s other methods', () => {
    const get = (path: string, q = '') => api.handle('GET', path, new URLSearchParams(q));
    expect(get('/api/books')!.status).toBe(200);
    expect(get('/api/books/')!.status).toBe(200);
    expect(get('/api/sources')!.status).toBe(200);
    expect(get('/api/stats/')!.status).toBe(200);
    expect(get('/api/books/cdc-np-3-math')!.body).toMatchObject({ success: true, data: { id: 'cdc-np-3-math', subject: 'Mathematics', language: 'en' } });
    expect(get('/api/books/missing')).toEqual({ status: 404, body: { success: false, error: 'Book not found' } });
    expect(get('/api/books/a/b')!.status).toBe(404);
    expect(get('/api/sources/x')!.status).toBe(404);
    expect(get('/api/books/%E0%A4')!.status).toBe(400);
    expect(get('/api/v1/letters.json')).toBeUndefined();
    expect(get('/api/booksy')).toBeUndefined();
    expect(api.handle('DELETE', '/api/books', new URLSearchParams())).toMatchObject({ status: 405, allow: 'GET, HEAD, OPTIONS' });
  });

  it('defaults to page 1 of 50; limit 1..200, else a 400 as upstream', () => {
    expect(listOf(api, {}).meta).toEqual({ endpoint: 'books', total: 35, page: 1, limit: DEFAULT_LIMIT, pages: 1, detail: 'compact' });
    expect(listOf(api, { limit: '1' }).meta.limit).toBe(1);
    expect(listOf(api, { limit: '+7' }).meta.limit).toBe(7);
    expect(listOf(api, { limit: String(MAX_LIMIT) }).meta.limit).toBe(MAX_LIMIT);
    expect(api.list(params({ limit: '201' }))).toMatchObject({ status: 400, body: { parameter: 'limit', error: "Query parameter 'limit' must be <= 200" } });
    expect(api.list(params({ limit: '0' }))).toMatchObject({ status: 400, body: { parameter: 'limit', error: "Query parameter 'limit' must be >= 1" } });
  });

  it('400s name the parameter', () => {
    for (const [p, name] of [
      [{ limit: 'ten' }, 'limit'],
      [{ page: '0' }, 'page'],
      [{ grade: 'x' }, 'grade'],
      [{ grade: '99' }, 'grade'],
      [{ q: 'a'.repeat(201) }, 'q'],
      [{ category: 'c'.repeat(101) }, 'category'],
    ] as const) {
      const r = api.list(params(p));
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ success: false, parameter: name });
      expect((r.body as { error: string }).error).toContain(`'${name}'`);
    }
  });

  it('q needs every word and ranks title, then subject, keywords, author; whole words before prefixes', () => {
    const ids = (q: string) => listOf(api, { q, limit: '200' }).data.map((b) => b.id);
    expect(ids('mathematics grade 7')).toEqual(['cehrd-learning-g7-mathematics-9008']);
    expect(ids('mathematics grade 7 zebra')).toEqual([]);
    // "English" as the first title word, then later in a title.
    const english = listOf(api, { q: 'english', limit: '200' }).data;
    expect(english.slice(0, 4).map((b) => b.title.split(/\W/)[0])).toEqual(['English', 'English', 'English', 'English']);
    // "nepal" starts the first title word "Nepali": before books that only have the keyword "Nepal".
    const nepal = listOf(api, { q: 'nepal', limit: '200' }).data;
    expect(nepal[0]!.id).toBe('cehrd-learning-g1-nepali-9002');
    expect(nepal.at(-1)!.title).not.toMatch(/nepal/i);
    // Subject names in both scripts find the other script's titles.
    expect(ids('गणित')).toEqual(expect.arrayContaining(['cehrd-learning-g1-mathematics-9001', 'cdc-np-3-math']));
    expect(ids('mathematics')).toEqual(expect.arrayContaining(['pustakalaya-5a3e0c1e-0000-4000-8000-000000000102'])); // मेरो गणित कक्षा १
  });

  it('an id merged into another answers with the kept record', () => {
    expect(api.book('pustakalaya-5a3e0c1e-0000-4000-8000-000000000008').body).toMatchObject({ data: { id: 'cdc-np-8-social' } });
    expect(api.has('pustakalaya-5a3e0c1e-0000-4000-8000-000000000008')).toBe(true);
    expect(api.has('toString')).toBe(false);
    expect(api.book('__proto__').status).toBe(404);
  });
});

describe('the words a book is found by', () => {
  it('ranks title words by position, then subject (both scripts), keywords, author; grade words unified', () => {
    const book = syntheticBooks(1)[0]!;
    const words = rankedWords({
      ...book,
      title: 'Mero Nepali Kitab - Class ५',
      titleLocal: 'मेरो नेपाली',
      subject: 'Nepali',
      keywords: ['Textbook'],
      author: 'Śarmā',
    });
    expect(Object.fromEntries(words)).toEqual({
      mero: SLOT.titleFirst,
      nepali: SLOT.titleNear,
      kitab: SLOT.titleNear,
      class: SLOT.title,
      grade: SLOT.title,
      '5': SLOT.title,
      मेरो: SLOT.titleFirst,
      नेपालि: SLOT.titleNear, // folded: ी → ि
      textbook: SLOT.keyword,
      sarma: SLOT.author,
    });
  });

  it('queries fold and unify the same way', () => {
    expect(queryTerms('  Class ५, नीति-शास्त्रम्  ')).toEqual(['grade', '5', 'निति', 'शास्त्रम']);
    expect(queryTerms('कक्षा grade CLASS')).toEqual(['grade']);
    expect(queryTerms('?! —')).toEqual([]);
  });
});

/** The reference: a direct scan of every book's words, no index. */
function naive(books: readonly Book[], query: ListQuery): { total: number; ids: number[] } {
  const terms = query.q === undefined ? [] : queryTerms(query.q);
  const subjectKey = (s: string) => foldText(normaliseSubject(s).name ?? '');
  const hits: Array<{ i: number; score: number }> = [];
  books.forEach((b, i) => {
    if (query.source !== undefined && b.source !== canonicalSource(query.source)) return;
    if (query.grade !== undefined && b.grade !== query.grade) return;
    if (query.subject !== undefined && (b.subject === null || subjectKey(b.subject) !== subjectKey(query.subject))) return;
    if (query.language !== undefined && b.language !== (normaliseLanguage(query.language).code ?? foldText(query.language))) return;
    if (query.category !== undefined && (b.category === null || foldText(b.category) !== foldText(query.category))) return;
    const words = rankedWords(b);
    let score = 0;
    for (const t of terms) {
      let best = Infinity;
      for (const [w, slot] of words) if (w.startsWith(t) && slot < best) best = slot;
      if (best === Infinity) return;
      score += 2 * best + (words.get(t) === best ? 0 : 1);
    }
    hits.push({ i, score });
  });
  hits.sort((a, b) => a.score - b.score || a.i - b.i);
  const from = (query.page - 1) * query.limit;
  return { total: hits.length, ids: hits.slice(from, from + query.limit).map((h) => h.i) };
}

describe('query module against a direct scan (property)', () => {
  const catalog = syntheticCatalog(800, 7);
  const api = new BooksApi(catalog);
  const word = fc.constantFrom(...SYNTHETIC_VOCABULARY);
  // Whole words, prefixes of them, and the odd word no book has.
  const term = fc.oneof(
    word,
    fc.tuple(word, fc.integer({ min: 1, max: 6 })).map(([w, n]) => [...w].slice(0, n).join('')),
    fc.constantFrom('zzq', '5', '12', '१०', 'kathmandu'),
  );
  const query = fc.record(
    {
      q: fc.array(term, { minLength: 1, maxLength: 3 }).map((t) => t.join(' ')),
      source: fc.constantFrom('cehrd-learning', 'CDC', 'pustakalaya', 'archive_org', 'ol', 'nowhere'),
      grade: fc.integer({ min: 1, max: 12 }),
      subject: fc.constantFrom('Mathematics', 'maths', 'गणित', 'Nepali', 'Social Studies', 'Physics'),
      language: fc.constantFrom('en', 'ne', 'eng', 'नेपाली'),
      category: fc.constantFrom('textbook', 'Library Book'),
      page: fc.integer({ min: 1, max: 4 }),
      limit: fc.integer({ min: 1, max: 60 }),
    },
    { requiredKeys: ['page', 'limit'] },
  );

  it('finds, ranks and pages exactly as a scan of every book does', () => {
    fc.assert(
      fc.property(query, (q) => {
        expect(api.find(q)).toEqual(naive(catalog.books, q));
      }),
      { numRuns: 400 },
    );
  });

  it('pages partition the whole result', () => {
    fc.assert(
      fc.property(query, fc.integer({ min: 1, max: 25 }), (q, limit) => {
        const all = api.find({ ...q, page: 1, limit: 10_000 });
        const pages: number[] = [];
        for (let page = 1; pages.length < all.total; page++) pages.push(...api.find({ ...q, page, limit }).ids);
        expect(pages).toEqual(all.ids);
      }),
      { numRuns: 100 },
    );
  });

  it('limit: a whole number 1..200 is taken; anything else is a 400 naming it', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -1e9, max: 1e9 }).map(String), fc.string()), (limit) => {
        const r = parseListQuery(params({ limit }));
        const n = Number(limit);
        if (limit.trim() === '') expect(r).toMatchObject({ limit: DEFAULT_LIMIT });
        else if (/^[+-]?\d+$/.test(limit.trim()) && n >= 1 && n <= 200) expect(r).toMatchObject({ limit: n });
        else expect(r).toMatchObject({ status: 400, body: { parameter: 'limit' } });
      }),
    );
  });

  it('a random seed catalog answers the same query the same way twice (the scratch buffers are reset)', () => {
    const r = rng(3);
    for (let i = 0; i < 50; i++) {
      const q: ListQuery = { q: SYNTHETIC_VOCABULARY[Math.floor(r() * SYNTHETIC_VOCABULARY.length)]!, page: 1, limit: 20 };
      expect(api.find(q)).toEqual(api.find(q));
    }
  });
});
