// The query module's answers as upstream gives them (../shared/data/books/current/README.md,
// "How the API serves these records"), on today's real record shapes: compact and full list
// items, meta.endpoint and meta.detail, the CEHRD short ids, every list route, /api/health,
// /api, and upstream's 400s for page and limit.

import { beforeAll, describe, expect, it } from 'vitest';
import { BooksApi, cehrdAlias, COMPACT_FIELDS } from '../../src/core/books/query.ts';
import { LIST_FILES, staticFileFor } from '../../src/core/books/paths.ts';
import type { Book, CatalogFile, ListBody } from '../../src/core/books/types.ts';
import { CONTRACT_FIELDS } from './contract.ts';
import { currentCatalog, currentRaw, hasCurrentData } from '../../harness/books/current-records.ts';

const get = (api: BooksApi, path: string, q: Record<string, string> = {}) => {
  const r = api.handle('GET', path, new URLSearchParams(q));
  if (!r) throw new Error(`${path}: not a catalog path`);
  return r;
};
const list = (api: BooksApi, path: string, q: Record<string, string> = {}) => {
  const r = get(api, path, q);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as ListBody;
};
const ids = (api: BooksApi, path: string, q: Record<string, string> = {}) => list(api, path, { limit: '200', ...q }).data.map((b) => b.id);

describe.skipIf(!hasCurrentData)('the API on the current upstream records', () => {
  // Read when the tests run: a skipped describe still runs its body to collect them.
  let catalog: CatalogFile, api: BooksApi, raw: Map<string, Record<string, unknown>>, n: number;
  beforeAll(() => {
    catalog = currentCatalog();
    api = new BooksApi(catalog);
    raw = new Map([...currentRaw().values()].flat().map((r) => [r.id as string, r]));
    n = catalog.books.length;
  });

  it('lists compact items: upstream list fields as published, the contract fields, detailUrl, questionPaperCount; no heavy fields', () => {
    const r = list(api, '/api/books', { limit: '200' });
    expect(r.meta).toEqual({ endpoint: 'books', total: n, page: 1, limit: 200, pages: 1, detail: 'compact' });
    expect(r.data.map((b) => b.id)).toEqual(catalog.books.map((b) => b.id));
    for (const item of r.data as unknown as Array<Record<string, unknown>>) {
      const id = item.id as string;
      const upstream = raw.get(id)!;
      for (const f of COMPACT_FIELDS) if (f !== 'coverUrl' && Object.hasOwn(upstream, f)) expect(item[f], `${id} ${f}`).toEqual(upstream[f]);
      for (const f of CONTRACT_FIELDS) expect(item, `${id} lacks ${f}`).toHaveProperty(f);
      for (const f of ['question_papers', 'chapterDownloadUrls', 'zipUrl', 'description', 'scrapedAt', 'subjects', 'publisher'])
        expect(item, `${id} has ${f}`).not.toHaveProperty(f);
      if (Array.isArray(upstream.question_papers)) expect(item.questionPaperCount).toBe(upstream.question_papers.length);
      else expect(item).not.toHaveProperty('questionPaperCount');
      expect(item.detailUrl).toMatch(/^\/api\/books\/[^/]+$/);
    }
    const se = r.data.find((b) => b.source === 'standard-ebooks') as unknown as Record<string, unknown>;
    expect(Array.isArray(se.downloadUrl)).toBe(true); // a list stays a list
    const nfe = r.data.find((b) => b.source === 'cehrd-nfe') as unknown as Record<string, unknown>;
    expect(typeof nfe.level).toBe('number');
    const audio = r.data.find((b) => b.source === 'cehrd-audio') as unknown as Record<string, unknown>;
    expect(audio.audioUrl).toMatch(/\.mp3$/);
    const qbn = r.data.find((b) => b.source === 'questionbanknepal') as unknown as Record<string, unknown>;
    expect(qbn.collection_name).toBeTruthy();
    expect(qbn.questionPaperCount).toBeGreaterThan(0);
  });

  it('full=true (1, yes, full, any case) gives whole records as stored; anything else compact', () => {
    for (const v of ['true', '1', 'yes', 'FULL', 'True']) {
      const r = list(api, '/api/books', { full: v, limit: '200' });
      expect(r.meta.detail, v).toBe('full');
      r.data.forEach((b, i) => {
        const { detailUrl, ...record } = b as Book & { detailUrl: string };
        expect(record, b.id).toEqual(catalog.books[i]);
        expect(detailUrl).toMatch(/^\/api\/books\//);
      });
    }
    const papers = list(api, '/api/books', { full: 'true', source: 'shisir-library-grouped' }).data[0] as unknown as Record<string, unknown>;
    expect(Array.isArray(papers.question_papers)).toBe(true);
    for (const v of ['false', '0', 'no', '']) expect(list(api, '/api/books', { full: v }).meta.detail, v).toBe('compact');
  });

  it('answers a CEHRD learning book by its short id too, with data.id the stored id; links it by the short id', () => {
    expect(cehrdAlias({ id: 'cehrd-learning-g1-mathematics-40', source: 'cehrd-learning' })).toBe('cehrd-g1-mathematics');
    expect(cehrdAlias({ id: 'cehrd-learning-g1-hamro-serofero-46', source: 'cehrd-learning' })).toBe('cehrd-g1-hamro-serofero');
    expect(cehrdAlias({ id: 'cehrd-stories-en-cinderella', source: 'cehrd-stories' })).toBeUndefined();
    for (const [path, id] of [
      ['/api/books/cehrd-g1-mathematics', 'cehrd-learning-g1-mathematics-40'],
      ['/api/books/cehrd-learning-g1-mathematics-40', 'cehrd-learning-g1-mathematics-40'],
      ['/api/books/cehrd-g4-science', 'cehrd-learning-g4-science-75'],
    ]) {
      expect(get(api, path!)).toEqual({ status: 200, body: { success: true, data: catalog.books.find((b) => b.id === id) } });
    }
    expect(get(api, '/api/books/cehrd-g1-mathematics-40').status).toBe(404);
    expect(get(api, '/api/books/cehrd-stories-en-cinderella').status).toBe(200);
    const item = list(api, '/api/books', { source: 'cehrd-learning', limit: '1' }).data[0]!;
    expect(item.detailUrl).toBe('/api/books/cehrd-g1-mathematics');
    expect(api.has('cehrd-g1-mathematics')).toBe(true);
    expect(api.answerableIds()).toEqual(expect.arrayContaining(['cehrd-g1-mathematics', 'cehrd-learning-g1-mathematics-40']));
  });

  it('routes each list as upstream: endpoint in meta, the same parameters, restricted by category and source', () => {
    expect(list(api, '/api/search', { q: 'english' }).meta.endpoint).toBe('search');
    expect(list(api, '/api/search', { q: 'english' }).data).toEqual(list(api, '/api/books', { q: 'english' }).data);
    expect(ids(api, '/api/ncert')).toEqual(catalog.books.filter((b) => b.source === 'ncert-official').map((b) => b.id));
    expect(ids(api, '/api/course-materials')).toEqual(catalog.books.filter((b) => b.category === 'Course Materials').map((b) => b.id));
    expect(ids(api, '/api/teacher-guides')).toEqual(catalog.books.filter((b) => b.source === 'cdc-library').map((b) => b.id)); // all 6, "Teachers' Guide" too
    const textbooks = ids(api, '/api/textbooks');
    expect(textbooks).toEqual(expect.arrayContaining(catalog.books.filter((b) => ['cehrd-learning', 'ncert-official'].includes(b.source)).map((b) => b.id)));
    expect(textbooks).toEqual(expect.arrayContaining(catalog.books.filter((b) => b.source === 'openstax').map((b) => b.id))); // category Textbook
    const sourceOf = new Map(catalog.books.map((b) => [b.id, b.source]));
    for (const s of ['cdc-library', 'shisir-library-grouped', 'cehrd-audio', 'standard-ebooks'])
      expect(
        textbooks.some((id) => sourceOf.get(id) === s),
        s,
      ).toBe(false);
    expect(list(api, '/api/curriculum').meta).toMatchObject({ endpoint: 'curriculum', total: 0 });
    for (const route of ['textbooks', 'teacher-guides', 'curriculum', 'course-materials', 'ncert']) {
      expect(list(api, `/api/${route}`).meta.endpoint).toBe(route);
      expect(list(api, `/api/${route}`, { full: '1' }).meta.detail).toBe('full');
      expect(get(api, `/api/${route}`, { page: '0' })).toMatchObject({ status: 400, body: { success: false, error: "Query parameter 'page' must be >= 1" } });
      expect(get(api, `/api/${route}/x`).status).toBe(404);
    }
    // Grades published as "Grade 12" and "1" are found by ?grade=.
    expect(ids(api, '/api/ncert', { grade: '12' })).toHaveLength(4);
    expect(ids(api, '/api/teacher-guides', { grade: '1' })).toEqual(['cdc-library-teachers-guide-r3824', 'cdc-library-teachers-guide-r3823']);
  });

  it('answers /api/health and /api', () => {
    expect(get(api, '/api/health')).toEqual({
      status: 200,
      body: { success: true, status: 'ok', books: n, sources: new Set(catalog.books.map((b) => b.source)).size, generatedAt: '2026-05-01T00:00:00Z' },
    });
    const index = get(api, '/api');
    expect(index.status).toBe(200);
    const endpoints = Object.keys((index.body as { endpoints: Record<string, string> }).endpoints);
    for (const path of Object.keys(LIST_FILES).filter((p) => p !== '/api')) expect(endpoints, path).toContain(`GET ${path}`);
    expect(api.handle('GET', '/api/', new URLSearchParams())).toBeUndefined(); // as upstream: /api/ is not /api
    expect(api.handle('POST', '/api/health', new URLSearchParams())).toMatchObject({ status: 405 });
  });
});

describe('errors as upstream gives them', () => {
  const api = new BooksApi({ books: [], aliases: {}, sources: [], generatedAt: '2026-01-01T00:00:00Z' });
  it('400 for a bad page or limit, with upstream messages (and the parameter named)', () => {
    for (const [q, error] of [
      [{ page: '0' }, "Query parameter 'page' must be >= 1"],
      [{ page: '-3' }, "Query parameter 'page' must be >= 1"],
      [{ page: 'two' }, "Query parameter 'page' must be an integer"],
      [{ page: '1.5' }, "Query parameter 'page' must be an integer"],
      [{ page: '1000001' }, "Query parameter 'page' must be <= 1000000"],
      [{ limit: '0' }, "Query parameter 'limit' must be >= 1"],
      [{ limit: '201' }, "Query parameter 'limit' must be <= 200"],
      [{ limit: '99999999999999999999' }, "Query parameter 'limit' must be <= 200"],
      [{ limit: 'ten' }, "Query parameter 'limit' must be an integer"],
    ] as const) {
      const r = get(api, '/api/books', q);
      expect(r, JSON.stringify(q)).toEqual({ status: 400, body: { success: false, error, parameter: Object.keys(q)[0] } });
    }
    expect(list(api, '/api/books', { page: '7', limit: '200' }).meta).toEqual({
      endpoint: 'books',
      total: 0,
      page: 7,
      limit: 200,
      pages: 0,
      detail: 'compact',
    });
  });

  it('every parameterless path has a static file, and the module answers it', () => {
    for (const path of Object.keys(LIST_FILES)) {
      expect(staticFileFor(path), path).toBe(LIST_FILES[path]);
      expect(api.answer(path)?.status, path).toBe(200);
    }
  });
});
