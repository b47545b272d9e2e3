// The catalog in shards (src/core/books/shards.ts writes them, sharded.ts answers from them):
// a first visit fetches a small manifest, the term shards of its query and the record chunks
// of its page, never the whole catalog; and every answer equals the whole-catalog query
// module's (query.ts BooksApi), checked by property over random queries and filters, on a
// synthetic catalog and at 50,000 records in today's shapes.

import fc from 'fast-check';
import { brotliCompressSync, constants } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { words } from '../../src/core/books/fold.ts';
import { LIST_ROUTES, BooksApi } from '../../src/core/books/query.ts';
import { ShardedBooksApi } from '../../src/core/books/sharded.ts';
import { shardCatalog } from '../../src/core/books/shard-writer.ts';
import { LAYOUT_FILE, SHARDS_MANIFEST } from '../../src/core/books/shards.ts';
import type { CatalogFile } from '../../src/core/books/types.ts';
import { hasCurrentData, scaledCurrentCatalog } from '../../harness/books/current-records.ts';
import { syntheticCatalog } from '../../harness/books/synthetic.ts';

const brotli = (s: string) =>
  brotliCompressSync(Buffer.from(s), { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: s.length } }).length;

/** A sharded reader over the written files, recording what it loads. */
async function shardedOver(files: Map<string, string>) {
  const loaded = new Set<string>();
  const api = await ShardedBooksApi.open(async (file) => {
    const text = files.get(file);
    if (text === undefined) throw new Error(`no shard file ${file}`);
    loaded.add(file);
    return JSON.parse(text) as unknown;
  });
  return { api, loaded };
}

/** Random requests over the catalog's own values: words and prefixes of its records, its grades, sources, subjects… */
function requests(catalog: CatalogFile) {
  const books = catalog.books;
  const pick = <T>(xs: readonly T[]) => fc.constantFrom(...xs);
  const vocab = [...new Set(books.slice(0, 4000).flatMap((b) => [...words(b.title), ...(b.author ? words(b.author) : []), ...b.keywords.flatMap(words)]))];
  const term = fc.oneof(
    pick(vocab),
    pick(vocab).chain((w) => fc.integer({ min: 1, max: Math.max(1, [...w].length) }).map((n) => [...w].slice(0, n).join(''))),
    fc.constantFrom('class', 'grade 5', 'कक्षा', 'zzqx', 'a', 'नेपाली'),
  );
  const values = (f: (b: (typeof books)[number]) => unknown) =>
    [...new Set(books.map(f).filter((v): v is string | number => typeof v === 'string' || typeof v === 'number'))].map(String);
  const optional = (arb: fc.Arbitrary<string>) => fc.option(arb, { nil: undefined });
  return fc.record({
    route: pick(LIST_ROUTES),
    q: optional(fc.array(term, { minLength: 1, maxLength: 3 }).map((t) => t.join(' '))),
    grade: optional(fc.oneof(pick(values((b) => b.grade)), fc.constantFrom('5', 'Grade 12', 'कक्षा ५'))),
    source: optional(pick(values((b) => b.source))),
    subject: optional(pick(values((b) => b.subject))),
    language: optional(pick(values((b) => b.language))),
    category: optional(pick(values((b) => b.category))),
    page: optional(fc.constantFrom('1', '2', '3', '0', 'x')),
    limit: optional(fc.constantFrom('1', '7', '50', '200', '201')),
    full: optional(fc.constantFrom('true', '0')),
  });
}

async function expectSameAnswers(catalog: CatalogFile, runs: number): Promise<void> {
  const api = new BooksApi(catalog);
  const { api: sharded } = await shardedOver(shardCatalog(catalog, api));
  await fc.assert(
    fc.asyncProperty(requests(catalog), async ({ route, ...p }) => {
      const params = new URLSearchParams(Object.entries(p).filter((e): e is [string, string] => e[1] !== undefined));
      const path = `/api/${route}`;
      expect(await sharded.handle('GET', path, params), `${path}?${params}`).toEqual(api.handle('GET', path, params));
    }),
    { numRuns: runs, seed: 18 },
  );
  const ids = [...api.answerableIds().filter((_, i) => i % 97 === 0), 'no-such-book', 'cehrd-g1-nothing', '%E0%A4'];
  for (const id of ids) {
    const path = `/api/books/${id === '%E0%A4' ? id : encodeURIComponent(id)}`;
    expect(await sharded.handle('GET', path, new URLSearchParams()), path).toEqual(api.handle('GET', path, new URLSearchParams()));
  }
  for (const path of ['/api', '/api/', '/api/sources', '/api/stats', '/api/health', '/api/books/a/b', '/api/stats/x', '/elsewhere']) {
    expect(await sharded.handle('GET', path, new URLSearchParams()), path).toEqual(api.handle('GET', path, new URLSearchParams()));
  }
  expect(await sharded.handle('POST', '/api/books', new URLSearchParams())).toEqual(api.handle('POST', '/api/books', new URLSearchParams()));
}

describe('the catalog in shards', () => {
  it('answers every route as the whole-catalog query module does (synthetic catalog, random queries)', async () => {
    await expectSameAnswers(syntheticCatalog(3000, 7), 400);
  }, 120_000);

  it('never mixes two builds: a shard of another build is refused', async () => {
    const a = syntheticCatalog(300, 3);
    const b = { ...a, generatedAt: '2030-01-01T00:00:00Z' };
    const files = shardCatalog(a, new BooksApi(a));
    for (const [f, text] of shardCatalog(b, new BooksApi(b))) if (f !== SHARDS_MANIFEST) files.set(f, text);
    const { api } = await shardedOver(files);
    await expect(api.handle('GET', '/api/books', new URLSearchParams())).rejects.toMatchObject({ code: 'other-build' });
    await expect(api.handle('GET', '/api/books/x', new URLSearchParams())).rejects.toMatchObject({ code: 'other-build' });
    // Shards stored by an older Khoj (version 1: columns inside the manifest; 2: chunks in catalog order) are another build's too.
    const old = JSON.parse(files.get(SHARDS_MANIFEST)!) as Record<string, unknown>;
    for (const version of [1, 2]) {
      files.set(SHARDS_MANIFEST, JSON.stringify({ ...old, version }));
      await expect(shardedOver(files)).rejects.toMatchObject({ code: 'other-build' });
    }
  });

  it('shards a record without keywords or author (a catalog.json edited by hand), found by its title', async () => {
    const catalog = syntheticCatalog(50, 4);
    const { keywords: _k, author: _a, ...bare } = { ...catalog.books[0]!, id: 'bare-record', title: 'Zanzibar Almanac' };
    catalog.books.push(bare as (typeof catalog.books)[number]);
    const api = new BooksApi(catalog);
    const { api: sharded } = await shardedOver(shardCatalog(catalog, api));
    const q = new URLSearchParams('q=zanzibar');
    expect(await sharded.handle('GET', '/api/books', q)).toEqual(api.handle('GET', '/api/books', q));
    expect((api.handle('GET', '/api/books', q)!.body as { data: Array<{ id: string }> }).data.map((b) => b.id)).toEqual(['bare-record']);
  });

  it('reads only what a request needs: no column for a plain search, only the filtered column, one prefix file for a one-character word', async () => {
    const catalog = syntheticCatalog(3000, 5);
    const files = shardCatalog(catalog, new BooksApi(catalog));
    const ask = async (path: string, q: string) => {
      const { api, loaded } = await shardedOver(files);
      await api.handle('GET', path, new URLSearchParams(q));
      return [...loaded].filter((f) => f !== SHARDS_MANIFEST && f !== LAYOUT_FILE && !f.includes('/books/'));
    };
    const folder = (f: string) => f.split('/')[2];
    expect((await ask('/api/books', 'q=science')).map(folder)).toEqual(['terms']);
    expect(await ask('/api/books', 'grade=5')).toEqual(['api/books-shards/columns/grade.json']);
    expect((await ask('/api/textbooks', 'subject=Science&q=science')).sort()).toEqual([
      'api/books-shards/columns/route-textbooks.json',
      'api/books-shards/columns/subject.json',
      'api/books-shards/terms/73-63.json',
    ]);
    // Every term shard of "s" (sa, sc, se…) would be dozens of files; its prefix file is one.
    const shardsOfS = [...files.keys()].filter((f) => /^api\/books-shards\/terms\/73-/.test(f));
    expect(shardsOfS.length).toBeGreaterThan(3);
    expect(await ask('/api/books', 'q=s')).toEqual(['api/books-shards/prefix/73.json']);
    // The manifest carries no column: it stays small whatever the catalog's size.
    expect(files.get(SHARDS_MANIFEST)!.length).toBeLessThan(12_000);
  });

  it('opened with the first request, fetches its term shards and the layout beside the manifest, each once', async () => {
    const catalog = syntheticCatalog(3000, 5);
    const api = new BooksApi(catalog);
    const files = shardCatalog(catalog, api);
    const asked: string[] = [];
    let manifestAsked = -1;
    const sharded = await ShardedBooksApi.open(async (file) => {
      asked.push(file);
      if (file === SHARDS_MANIFEST) manifestAsked = asked.length;
      // The manifest comes last, as from a network where every request is in flight at once.
      if (file === SHARDS_MANIFEST) await new Promise((ok) => setTimeout(ok, 20));
      const text = files.get(file);
      if (text === undefined) throw new Error(`no shard file ${file}`);
      return JSON.parse(text) as unknown;
    }, new URLSearchParams('q=science zzqx&limit=20'));
    // Both words' shards are guessed (zzqx has none: its failed guess is never used) and the layout.
    expect(asked.slice(0, manifestAsked).sort()).toEqual(
      [SHARDS_MANIFEST, LAYOUT_FILE, 'api/books-shards/terms/73-63.json', 'api/books-shards/terms/7a-7a.json'].sort(),
    );
    for (const q of ['q=science zzqx&limit=20', 'q=science&limit=20']) {
      const params = new URLSearchParams(q);
      expect(await sharded.handle('GET', '/api/books', params)).toEqual(api.handle('GET', '/api/books', params));
    }
    const twice = asked.filter((f, i) => asked.indexOf(f) !== i && !f.includes('/books/'));
    expect(twice).toEqual([]);
  });

  it('a damaged layout is refused with what is wrong, never answered from the wrong chunk', async () => {
    const catalog = syntheticCatalog(100, 6);
    const files = shardCatalog(catalog, new BooksApi(catalog));
    const layout = JSON.parse(files.get(LAYOUT_FILE)!) as { generatedAt: string; order: number[] };
    const cases: Array<[number[], RegExp]> = [
      [layout.order.slice(1), /orders 99 records, not 100/],
      [[...layout.order.slice(0, -1), 0], /entry 99 is not a new position/],
      [[...layout.order.slice(0, -1), 1000], /entry 99 is not a new position below 100/],
    ];
    for (const [order, problem] of cases) {
      files.set(LAYOUT_FILE, JSON.stringify({ ...layout, order }));
      const { api } = await shardedOver(files);
      await expect(api.handle('GET', '/api/books', new URLSearchParams())).rejects.toThrow(problem);
    }
  });

  it('writes only files of its own folder, with a manifest', () => {
    const catalog = syntheticCatalog(500, 3);
    const files = shardCatalog(catalog, new BooksApi(catalog));
    expect(files.has(SHARDS_MANIFEST)).toBe(true);
    for (const f of files.keys()) expect(f).toMatch(/^api\/books-shards\/[a-z0-9/_-]+\.json$/);
  });
});

describe.skipIf(!hasCurrentData)('the catalog in shards at 50,000 records in today’s shapes', { timeout: 600_000 }, () => {
  let catalog: CatalogFile;
  let files: Map<string, string>;
  beforeAll(() => {
    catalog = scaledCurrentCatalog(50_000, 42);
    files = shardCatalog(catalog, new BooksApi(catalog));
  });

  it('a first visit (the first page, a grade, a search, a book) fetches under 500 KB brotli, not the whole catalog', async () => {
    const { api, loaded } = await shardedOver(files);
    for (const [path, q] of [
      ['/api/books', ''],
      ['/api/books', 'grade=5'],
      ['/api/books', 'q=science'],
      ['/api/books', 'q=nepali grade 5&limit=20'],
      ['/api/textbooks', 'grade=10&subject=Mathematics'],
    ] as const) {
      const r = await api.handle('GET', path, new URLSearchParams(q));
      expect(r?.status, `${path}?${q}`).toBe(200);
    }
    const firstId = catalog.books[0]!.id;
    expect((await api.handle('GET', `/api/books/${encodeURIComponent(firstId)}`, new URLSearchParams()))?.status).toBe(200);
    const bytes = [...loaded].reduce((s, f) => s + brotli(files.get(f)!), 0);
    console.log(`first visit at 50,000 records: ${loaded.size} shard files, ${(bytes / 1024).toFixed(0)} KB brotli`);
    expect(bytes).toBeLessThan(500 * 1024);
    expect(loaded.size).toBeLessThan(files.size / 4);
  });

  it('answers as the whole-catalog query module does (random queries and filters)', async () => {
    await expectSameAnswers(catalog, 150);
  });
});

describe.skipIf(!hasCurrentData)('the catalog in shards at 11,700 records in today’s shapes', { timeout: 600_000 }, () => {
  it('a page of results mostly of one subject reads a few record chunks (each a request on a first visit), not one per result', async () => {
    const catalog = scaledCurrentCatalog(11_700, 42);
    const files = shardCatalog(catalog, new BooksApi(catalog));
    const chunksRead = async (q: string) => {
      const { api, loaded } = await shardedOver(files);
      await api.handle('GET', '/api/books', new URLSearchParams(q));
      return [...loaded].filter((f) => f.includes('/books/')).length;
    };
    // In catalog order (version 2) these read 13, 19 and 28 chunks.
    expect(await chunksRead('q=science&limit=20')).toBeLessThanOrEqual(7);
    expect(await chunksRead('q=nepali grade 5&limit=20')).toBeLessThanOrEqual(6);
    expect(await chunksRead('subject=Science')).toBeLessThanOrEqual(16);
    // A grade and a subject, as the app's grade screen lists them: one or two runs of the order (20 chunks in catalog order).
    expect(await chunksRead('grade=5&subject=Science&limit=20')).toBeLessThanOrEqual(2);
    // Lists in catalog order stay within one source's run: the first page, and upstream's client's first ask (2 and 4 in catalog order).
    expect(await chunksRead('limit=20')).toBeLessThanOrEqual(3);
    expect(await chunksRead('source=cehrd-learning&limit=100')).toBeLessThanOrEqual(4);
    // The price: a list across subjects and sources (a grade's first 50: 8 chunks in catalog order).
    expect(await chunksRead('grade=5')).toBeLessThanOrEqual(12);
  });
});
