// The shared catalog API suite: every REST path, /covers/<file> and /docs, against a site
// serving the embedded SAMPLE catalog. Written as a function of a client, so the same
// suite runs against the Node server now and against the service worker later.

import { describe, expect, it } from 'vitest';
import { LIST_FILES, staticFileFor } from '../../src/core/books/paths.ts';
import { CONTRACT_FIELDS } from './contract.ts';
import type { Book, ListMeta, SourceInfo, Stats } from '../../src/core/books/types.ts';

export interface ClientResponse {
  status: number;
  header(name: string): string | null;
  text: string;
  bytes: Uint8Array;
}

export interface ApiClient {
  request(path: string, init?: { method?: string; headers?: Record<string, string> }): Promise<ClientResponse>;
}

/** A client over fetch (redirects followed, gzip undone), for any base URL. */
export function fetchClient(base: string): ApiClient {
  return {
    async request(path, init = {}) {
      const r = await fetch(base + path, { method: init.method ?? 'GET', headers: init.headers ?? {} });
      const bytes = new Uint8Array(await r.arrayBuffer());
      return { status: r.status, header: (n) => r.headers.get(n), text: new TextDecoder().decode(bytes), bytes };
    },
  };
}

interface List {
  success: true;
  data: Array<Book & { detailUrl: string; questionPaperCount?: number }>;
  meta: ListMeta;
}

/** A list's meta as upstream writes it. */
const meta = (total: number, page: number, limit: number, endpoint = 'books', detail = 'compact') => ({
  endpoint,
  total,
  page,
  limit,
  pages: Math.ceil(total / limit),
  detail,
});
/** The short id upstream links a CEHRD learning book by. */
const publicId = (b: Book) => (b.source === 'cehrd-learning' ? b.id.replace(/^cehrd-learning-/, 'cehrd-').replace(/-\d+$/, '') : b.id);

const q = (params: Record<string, string>) => `?${new URLSearchParams(params).toString()}`;

export interface SuiteOptions {
  /** the site also serves the static files (api/books/index.json, …): check they equal the API's answers */
  staticFiles: boolean;
}

export function booksApiSuite(label: string, client: () => ApiClient, opts: SuiteOptions): void {
  const get = (path: string, init?: { method?: string; headers?: Record<string, string> }) => client().request(path, init);
  async function json<T>(path: string, status = 200): Promise<T> {
    const r = await get(path);
    expect(r.status, `${path}: ${r.text.slice(0, 200)}`).toBe(status);
    expect(r.header('content-type')).toBe('application/json; charset=utf-8');
    expect(r.header('access-control-allow-origin')).toBe('*');
    return JSON.parse(r.text) as T;
  }
  const list = (params: Record<string, string> = {}) => json<List>(`/api/books${q(params)}`);
  const ids = async (params: Record<string, string>) => (await list({ limit: '200', ...params })).data.map((b) => b.id);
  const total = async (params: Record<string, string>) => (await list(params)).meta.total;

  describe(`catalog API (${label})`, () => {
    it('lists the first page in the upstream envelope, primary source first, every contract field present', async () => {
      const r = await list();
      expect(r.success).toBe(true);
      expect(r.meta).toEqual(meta(35, 1, 50));
      expect(r.data).toHaveLength(35);
      expect(r.data.slice(0, 13).every((b) => b.source === 'cehrd-learning')).toBe(true);
      expect(r.data.map((b) => b.source).filter((s, i, a) => a.indexOf(s) === i)).toEqual(['cehrd-learning', 'cdc-nepal', 'pustakalaya']);
      for (const b of r.data) {
        for (const f of CONTRACT_FIELDS) expect(b, `${b.id} lacks ${f}`).toHaveProperty(f);
        expect(b.coverUrl).toMatch(/^\/covers\/[^/]+\.(svg|jpg)$/);
        expect(b.detailUrl).toBe(`/api/books/${encodeURIComponent(publicId(b))}`);
        // compact: no heavy fields (the contract's are all there, above)
        expect(b).not.toHaveProperty('alternates');
        expect(b).not.toHaveProperty('description');
      }
      // full=true: whole records
      const full = await list({ full: 'true' });
      expect(full.meta).toEqual(meta(35, 1, 50, 'books', 'full'));
      for (const b of full.data) expect(b.sample).toBe(true);
      expect(full.data.find((b) => b.id === 'cdc-np-2-nepali')!.alternates).toHaveLength(1);
      // Within a source: grade order, books without a grade last.
      const grades = r.data.filter((b) => b.source === 'pustakalaya').map((b) => b.grade ?? 99);
      expect(grades).toEqual([...grades].sort((a, b) => a - b));
    });

    it('pages through the list: pages partition it, a page past the end is empty', async () => {
      const all = await ids({});
      const pages: string[] = [];
      for (let page = 1; page <= 4; page++) {
        const r = await list({ limit: '10', page: String(page) });
        expect(r.meta).toEqual(meta(35, page, 10));
        pages.push(...r.data.map((b) => b.id));
      }
      expect(pages).toEqual(all);
      const past = await list({ limit: '10', page: '5' });
      expect(past.data).toEqual([]);
      expect(past.meta).toEqual(meta(35, 5, 10));
    });

    it('takes limit 1..200 and ignores empty parameters', async () => {
      expect((await list({ limit: '1' })).data).toHaveLength(1);
      expect((await list({ limit: '200' })).meta.limit).toBe(200);
      expect((await list({ limit: '3' })).data).toHaveLength(3);
      expect((await list({ grade: '', q: '', limit: '', source: ' ' })).meta).toEqual(meta(35, 1, 50));
    });

    it('answers a bad parameter with 400 and a JSON error naming it', async () => {
      const cases: Array<[Record<string, string>, string]> = [
        [{ limit: 'abc' }, 'limit'],
        [{ limit: '1.5' }, 'limit'],
        [{ limit: '0' }, 'limit'],
        [{ limit: '-7' }, 'limit'],
        [{ limit: '1000' }, 'limit'],
        [{ page: '0' }, 'page'],
        [{ page: '-1' }, 'page'],
        [{ page: 'two' }, 'page'],
        [{ page: '1000001' }, 'page'],
        [{ grade: 'abc' }, 'grade'],
        [{ grade: '0' }, 'grade'],
        [{ grade: '13' }, 'grade'],
        [{ grade: '2.5' }, 'grade'],
        [{ q: 'क'.repeat(201) }, 'q'],
        [{ q: Array.from({ length: 17 }, (_, i) => `w${i}`).join(' ') }, 'q'],
        [{ subject: 'x'.repeat(101) }, 'subject'],
        [{ grade: '5', page: 'x' }, 'page'],
      ];
      for (const [params, name] of cases) {
        const body = await json<{ success: boolean; error: string; parameter: string }>(`/api/books${q(params)}`, 400);
        expect(body.success).toBe(false);
        expect(body.parameter).toBe(name);
        expect(body.error).toContain(`'${name}'`);
        expect(body.error).not.toMatch(/\n\s+at /);
        if (name === 'page' || name === 'limit') expect(body.error).toMatch(/^Query parameter '(page|limit)' must be (an integer|>= 1|<= \d+)$/);
      }
    });

    it('filters by source (any spelling), grade (any spelling), subject, language and category', async () => {
      expect(await total({ source: 'cehrd-learning' })).toBe(13);
      expect(await total({ source: 'CEHRD' })).toBe(13);
      expect(await total({ source: 'cdc_nepal' })).toBe(7);
      expect(await total({ source: 'pustakalaya' })).toBe(15);
      expect(await total({ source: 'nowhere' })).toBe(0);
      const grade5 = await ids({ grade: '5' });
      expect(grade5.length).toBeGreaterThan(0);
      for (const g of ['Grade 5', 'class 5', 'कक्षा ५', '५', '05']) expect(await ids({ grade: g }), g).toEqual(grade5);
      const maths = await ids({ subject: 'Mathematics' });
      expect(maths).toHaveLength(7);
      for (const s of ['maths', 'MATHEMATICS', 'गणित']) expect(await ids({ subject: s }), s).toEqual(maths);
      expect(await total({ language: 'en' })).toBe(20);
      expect(await ids({ language: 'eng' })).toEqual(await ids({ language: 'English' }));
      expect(await total({ language: 'nep' })).toBe(15);
      expect(await total({ category: 'textbook' })).toBe(23);
      const both = (await list({ source: 'pustakalaya', language: 'ne', limit: '200' })).data;
      expect(both.length).toBeGreaterThan(0);
      expect(both.every((b) => b.source === 'pustakalaya' && b.language === 'ne')).toBe(true);
      const stats = (await json<{ data: Stats }>('/api/stats')).data;
      for (const [grade, n] of Object.entries(stats.byGrade)) expect(await total({ grade }), `grade ${grade}`).toBe(n);
      for (const [subject, n] of Object.entries(stats.bySubject)) expect(await total({ subject }), subject).toBe(n);
    });

    it('q: Devanagari and English, every word required, prefixes, folded spellings', async () => {
      const nepali = (await list({ q: 'नेपाली', limit: '200' })).data;
      expect(nepali[0]!.title).toBe('नेपाली - कक्षा ११ नमूना प्रश्नपत्र');
      expect(nepali.map((b) => b.id)).toEqual(expect.arrayContaining(['cdc-np-2-nepali', 'cdc-np-5-nepali', 'cehrd-learning-g1-nepali-9002']));
      // An English title found by its subject's Nepali name ranks after the Devanagari titles.
      const at = (id: string) => nepali.findIndex((b) => b.id === id);
      expect(at('cdc-np-2-nepali')).toBeLessThan(at('cehrd-learning-g1-nepali-9002'));

      expect(await ids({ q: 'science grade 9' })).toEqual(['cehrd-learning-g9-science-9010']);
      expect(await ids({ q: 'science zzzz' })).toEqual([]);
      expect(await total({ q: 'curriculum development center' })).toBe(7); // author, CDC only
      expect(await ids({ q: 'experiments' })).toEqual(['cehrd-learning-g4-science-9005']); // keyword of the merged duplicate
      const math = await ids({ q: 'math' });
      expect(math).toEqual(expect.arrayContaining(await ids({ subject: 'Mathematics' })));
      // class = grade = कक्षा; Devanagari digits; long and short vowels; a final virama.
      const third = await ids({ q: 'class 3' });
      expect(third.length).toBeGreaterThanOrEqual(3);
      expect(new Set(await ids({ q: 'कक्षा ३' }))).toEqual(new Set(third));
      expect(new Set(await ids({ q: 'grade 3' }))).toEqual(new Set(third));
      const namuna = await ids({ q: 'नमुना' });
      expect(namuna).toHaveLength(4); // three cdc-live titles with नमुना, one Pustakalaya title with नमूना
      expect(new Set(await ids({ q: 'नमूना' }))).toEqual(new Set(namuna));
      expect(await ids({ q: 'संस्कृतव्याकरणम' })).toEqual(await ids({ q: 'संस्कृतव्याकरणम्' }));
      // q and filters together, and paging over a ranked result.
      const g10 = (await list({ q: 'गणित', grade: '10', limit: '200' })).data;
      expect(g10.length).toBeGreaterThan(0);
      expect(g10.every((b) => b.grade === 10)).toBe(true);
      const ranked = await ids({ q: 'english' });
      const paged = [...(await list({ q: 'english', limit: '2', page: '1' })).data, ...(await list({ q: 'english', limit: '2', page: '2' })).data].map(
        (b) => b.id,
      );
      expect(paged).toEqual(ranked.slice(0, 4));
    });

    it('ranks title matches before subject, keyword and author matches', async () => {
      const r = (await list({ q: 'english', limit: '200' })).data;
      const firstWord = (b: Book) => b.title.toLowerCase().split(/\W+/)[0];
      const leading = r.findIndex((b) => firstWord(b) !== 'english');
      expect(leading).toBeGreaterThan(0);
      expect(r.slice(leading).every((b) => firstWord(b) !== 'english')).toBe(true);
    });

    it('answers one book, a merged duplicate with its keeper, an unknown id with 404', async () => {
      const one = await json<{ success: boolean; data: Book }>('/api/books/cdc-np-2-nepali');
      expect(one.success).toBe(true);
      expect(one.data.id).toBe('cdc-np-2-nepali');
      // The duplicate's PDF (the sample's own file): the keeper takes the field it lacks.
      expect(one.data.pdfUrl).toBe('files/mero-nepali-2.pdf');
      expect(one.data.alternates).toEqual([
        expect.objectContaining({ id: 'pustakalaya-5a3e0c1e-0000-4000-8000-000000000002', source: 'pustakalaya', reason: 'same-document' }),
      ]);
      const merged = await json<{ data: Book }>(`/api/books/${encodeURIComponent('pustakalaya-5a3e0c1e-0000-4000-8000-000000000101')}`);
      expect(merged.data.id).toBe('cehrd-learning-g4-science-9005');
      expect(await json('/api/books/no-such-book', 404)).toEqual({ success: false, error: 'Book not found' });
      expect(await json(`/api/books/${encodeURIComponent('नेपाली पुस्तक')}`, 404)).toEqual({ success: false, error: 'Book not found' });
      expect(await json('/api/books/a/b', 404)).toMatchObject({ success: false });
    });

    it('lists the sources (primary first, only those with books) and the stats', async () => {
      const sources = (await json<{ success: boolean; data: SourceInfo[] }>('/api/sources')).data;
      // As upstream lists them: sources with books only (the sample has none from archive-org or openlibrary).
      expect(sources.map((s) => s.source)).toEqual(['cehrd-learning', 'cdc-nepal', 'pustakalaya']);
      expect(sources[0]).toMatchObject({ role: 'primary', priority: 0, count: 13 });
      expect(sources.every((s) => s.count > 0)).toBe(true);
      const stats = await json<{ success: boolean; data: Stats }>('/api/stats');
      expect(stats.success).toBe(true);
      expect(stats.data).toMatchObject({ totalBooks: 35, bySource: { 'cehrd-learning': 13, 'cdc-nepal': 7, pustakalaya: 15 }, duplicatesMerged: 3 });
      expect(Object.values(stats.data.byGrade).reduce((a, b) => a + b, 0) + stats.data.withoutGrade).toBe(35);
    });

    it('serves a cover for every book, with an image content type', async () => {
      const books = (await list({ limit: '200' })).data;
      for (const b of books) {
        const r = await get(b.coverUrl);
        expect(r.status, b.coverUrl).toBe(200);
        expect(r.header('content-type')).toMatch(/^image\/(svg\+xml|jpeg|png|webp)/);
        if (b.coverUrl.endsWith('.svg')) expect(r.text).toMatch(/^<svg[^>]+viewBox="0 0 300 420"/);
      }
    });

    it('serves /docs: the OpenAPI view, offline assets, the credit', async () => {
      for (const path of ['/docs', '/docs/']) {
        const r = await get(path);
        expect(r.status, path).toBe(200);
        expect(r.header('content-type')).toBe('text/html; charset=utf-8');
        expect(r.text).toContain('Powered by YoBook API');
        // Every script and style sheet is ours: no CDN.
        for (const m of r.text.matchAll(/(?:src|href)="([^"]+)"/g)) expect(m[1], 'an external asset').not.toMatch(/^(https?:)?\/\//);
      }
      const spec = await get('/docs/openapi.json');
      expect(spec.status).toBe(200);
      const doc = JSON.parse(spec.text) as { openapi: string; paths: Record<string, unknown>; info: { description: string } };
      expect(doc.openapi).toBe('3.1.0');
      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining([
          '/api/books',
          '/api/books/{id}',
          '/api/sources',
          '/api/stats',
          '/api/gradewise-audio',
          '/api/research',
          '/api/research/{id}',
          '/api/theses',
          '/api/theses/{id}',
        ]),
      );
      expect(doc.info.description).toContain('Powered by YoBook API');
      for (const [asset, type] of [
        ['/docs/swagger-ui-bundle.js', 'text/javascript'],
        ['/docs/swagger-ui.css', 'text/css'],
        ['/docs/docs.js', 'text/javascript'],
      ]) {
        const r = await get(asset!);
        expect(r.status, asset).toBe(200);
        expect(r.header('content-type')).toContain(type!);
      }
      expect((await get('/docs/docs.js')).text).toContain('validatorUrl: null');
    });

    it('answers /api/textbooks and /api/teacher-guides as the YoBook client asks: the same envelope, paged and filtered', async () => {
      const guides = await json<List>('/api/teacher-guides?limit=200&page=1&full=true');
      expect(guides.meta).toEqual(meta(3, 1, 200, 'teacher-guides', 'full'));
      expect(guides.data.map((b) => b.title).sort()).toEqual(
        ["Teacher's Guide: English Grade 7", 'शिक्षक निर्देशिका कक्षा १० गणित (नमुना)', 'शिक्षक निर्देशिका: मेरो नेपाली, कक्षा ४'].sort(),
      );
      const books = await json<List>('/api/textbooks?limit=200');
      expect(books.meta.total).toBe(30);
      const titles = books.data.map((b) => b.title);
      expect(titles).toContain('Mathematics - Grade 1');
      expect(titles.some((t) => /guide|निर्देशिका|model question|प्रश्नपत्र/i.test(t))).toBe(false);
      // Paged like /api/books, in catalog order.
      const second = await json<List>('/api/textbooks?limit=7&page=2');
      expect(second.meta).toEqual(meta(30, 2, 7, 'textbooks'));
      expect(second.data.map((b) => b.id)).toEqual(books.data.slice(7, 14).map((b) => b.id));
      expect((await json<List>('/api/teacher-guides?grade=7')).data.map((b) => b.title)).toEqual(["Teacher's Guide: English Grade 7"]);
      expect((await json<{ parameter: string }>('/api/textbooks?page=0', 400)).parameter).toBe('page');
      await json('/api/textbooks/x', 404);
    });

    it('answers the upstream routes: /api, /api/health, /api/search and the lists, the CEHRD short ids', async () => {
      const index = await json<{ endpoints: Record<string, string>; documentation: string }>('/api');
      expect(Object.keys(index.endpoints)).toEqual(expect.arrayContaining(['GET /api/books', 'GET /api/search', 'GET /api/health', 'GET /api/ncert']));
      expect(await json('/api/health')).toMatchObject({ success: true, status: 'ok', books: 35, sources: 3 });
      const search = await json<List>('/api/search?q=english&limit=5');
      expect(search.meta).toEqual({ ...(await list({ q: 'english', limit: '5' })).meta, endpoint: 'search' });
      expect(search.data).toEqual((await list({ q: 'english', limit: '5' })).data);
      for (const route of ['curriculum', 'course-materials', 'ncert']) {
        const r = await json<List>(`/api/${route}`);
        expect(r.meta.endpoint).toBe(route);
        expect(r.success).toBe(true);
        expect((await json<{ error: string }>(`/api/${route}?limit=201`, 400)).error).toBe("Query parameter 'limit' must be <= 200");
      }
      expect((await json<List>('/api/ncert')).meta.total).toBe(0);
      // A curriculum among the sample's Pustakalaya records.
      expect(
        (await json<List>('/api/curriculum')).data.every((b) => /curricul|पाठ्यक्रम/i.test(`${b.title} ${b.titleLocal ?? ''} ${b.keywords.join(' ')}`)),
      ).toBe(true);
      const short = await json<{ data: Book }>('/api/books/cehrd-g1-mathematics');
      expect(short.data.id).toBe('cehrd-learning-g1-mathematics-9001');
      expect(short).toEqual(await json('/api/books/cehrd-learning-g1-mathematics-9001'));
    });

    it('answers every other /api/ path with a JSON 404, never the app shell', async () => {
      for (const path of ['/api/nothing-here', '/api/', '/api/books/x/y', '/api/research/no-such-item']) {
        const r = await json<{ success: boolean; error: string }>(path, 404);
        expect(r.success, path).toBe(false);
        expect(r.error, path).toBeTruthy();
      }
    });

    it('answers the catalog helpers as the upstream does, empty where nothing matches', async () => {
      // The sample's grade-wise audio: grade 3's three lessons (data-build/books/sample/gradewise_audio_links.json).
      const audio = await json<{ success: boolean; data: { stats: Record<string, number>; grades: Array<{ grade: number }> } }>('/api/gradewise-audio?grade=3');
      expect(audio.data.stats).toEqual({ grades: 1, subjects: 1, chapters: 3, audioLinks: 3 });
      expect(await json('/api/gradewise-audio?grade=5&subject=Science')).toEqual({
        success: true,
        data: expect.objectContaining({ stats: { grades: 0, subjects: 0, chapters: 0, audioLinks: 0 }, grades: [] }),
      });
      expect(await json('/api/research?q=climate')).toEqual({
        success: true,
        data: [],
        meta: { endpoint: 'research', total: 0, page: 1, limit: 50, pages: 0, detail: 'compact' },
      });
      expect(await json('/api/theses/x', 404)).toEqual({ success: false, error: 'Thesis not found' });
      expect(await json('/api/research?page=0', 400)).toEqual({ success: false, error: "Query parameter 'page' must be >= 1" });
    });

    it('answers HEAD without a body and other methods with 405', async () => {
      const head = await get('/api/books', { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.header('content-type')).toBe('application/json; charset=utf-8');
      expect(head.bytes.length).toBe(0);
      const post = await get('/api/books', { method: 'POST' });
      expect(post.status).toBe(405);
      expect(JSON.parse(post.text)).toEqual({ success: false, error: 'Method not allowed' });
    });

    if (opts.staticFiles) {
      it('serves the same answers as static files, at the documented paths', async () => {
        for (const path of [
          ...Object.keys(LIST_FILES),
          '/api/books/cehrd-g1-mathematics',
          '/api/books/cdc-np-2-nepali',
          '/api/books/pustakalaya-5a3e0c1e-0000-4000-8000-000000000101',
        ]) {
          const file = staticFileFor(path)!;
          const stat = await get(`/${file}`);
          expect(stat.status, file).toBe(200);
          expect(stat.header('content-type')).toBe('application/json; charset=utf-8');
          expect(JSON.parse(stat.text), file).toEqual(JSON.parse((await get(path)).text));
        }
        const catalog = JSON.parse((await get('/api/books/catalog.json')).text) as { books: Book[]; sample: boolean };
        expect(catalog.books).toHaveLength(35);
        expect(catalog.sample).toBe(true);
        for (const f of ['LICENSE.upstream.txt', 'NOTICE.upstream.txt']) {
          const r = await get(`/api/books/${f}`);
          expect(r.status).toBe(200);
          expect(r.header('content-type')).toBe('text/plain; charset=utf-8');
        }
        expect((await get('/api/books/NOTICE.upstream.txt')).text).toContain('Powered by YoBook API');
      });
    }
  });
}
