// The catalog build on the embedded sample and on every kind of input: the static mapping,
// schema-valid files, determinism, only its own subtrees touched, the docs page.

import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { schemaProblems } from '../../data-build/schema.ts';
import { COLUMNS_FILE, fromColumns } from '../../src/core/books/columns.ts';
import { staticFileFor, bookFile, FILES, fileStem } from '../../src/core/books/paths.ts';
import { BooksApi } from '../../src/core/books/query.ts';
import { catalogFileSchema, standalone } from '../../src/core/books/schemas.ts';
import { ShardedBooksApi } from '../../src/core/books/sharded.ts';
import { shardCatalog } from '../../src/core/books/shard-writer.ts';
import { SHARDS_DIR } from '../../src/core/books/shards.ts';
import { formatProblem } from '../../src/core/problems.ts';
import { serve, type Served } from '../../harness/http.ts';
import { ROOT } from '../../harness/run.ts';
import { listFiles, readJson, snapshot } from '../helpers/tree.ts';
import { booksBuild, readCatalog, SAMPLE_DIR, tmp } from './helpers.ts';

describe('sample build', () => {
  const out = tmp();
  let stderr = '';

  beforeAll(async () => {
    // Other services' files, which the catalog build must not touch.
    mkdirSync(join(out, 'api/v1'), { recursive: true });
    mkdirSync(join(out, 'data/market'), { recursive: true });
    writeFileSync(join(out, 'api/v1/letters.json'), '{"dictionary":true}');
    writeFileSync(join(out, 'data/market/status.json'), '{"market":true}');
    writeFileSync(join(out, 'index.html'), '<!doctype html>');
    const r = await booksBuild(['--out', out]);
    expect(r.code, r.stderr).toBe(0);
    stderr = r.stderr;
  });

  it('prints a summary naming the sample, the counts and the duplicates', () => {
    expect(stderr).toContain('books: embedded SAMPLE catalog');
    expect(stderr).toContain('read: cehrd_learning.json 13, cdc_nepal.json 7, pustakalaya.json 18; not found: archive_org.json, open_library.json');
    expect(stderr).toContain('38 records → 35 books; 3 duplicates removed (2 same document, 1 same title and grade)');
    // The sample's two books with a PDF of its own get its first page, where pdftoppm runs.
    expect(stderr).toMatch(/covers: 0 upstream, (2 from PDF first pages, 33|0 from PDF first pages, 35) generated/);
    expect(stderr).toMatch(/recoverable oddities[\s\S]*language spelt otherwise/);
  });

  it('writes the documented static mapping, and nothing outside its subtrees', () => {
    const files = listFiles(out);
    // Every parameterless path's file (paths.ts LIST_FILES), written here from the list of paths.
    for (const path of [
      '/api',
      '/api/books',
      '/api/search',
      '/api/textbooks',
      '/api/teacher-guides',
      '/api/curriculum',
      '/api/course-materials',
      '/api/ncert',
      '/api/sources',
      '/api/stats',
      '/api/health',
    ]) {
      expect(files, path).toContain(staticFileFor(path));
    }
    expect(files).toContain(bookFile('cehrd-g1-mathematics')); // a CEHRD short id
    for (const f of [
      'api/index.json',
      'api/books/index.json',
      'api/books/catalog.json',
      'api/sources/index.json',
      'api/stats/index.json',
      'api/textbooks/index.json',
      'api/teacher-guides/index.json',
      'api/gradewise-audio/index.json',
      'api/research/index.json',
      'api/research/catalog.json',
      'api/theses/index.json',
      'api/books/LICENSE.upstream.txt',
      'api/books/NOTICE.upstream.txt',
      'docs/index.html',
      'docs/openapi.json',
      'docs/openapi.yaml',
      'docs/swagger-ui-bundle.js',
      'docs/swagger-ui.css',
      'docs/docs.js',
    ]) {
      expect(files, f).toContain(f);
    }
    const catalog = readCatalog(out);
    // What the worker's save fetches instead of catalog.json gives back catalog.json's bytes.
    expect(JSON.stringify(fromColumns(JSON.parse(readFileSync(join(out, COLUMNS_FILE), 'utf8'))))).toBe(readFileSync(join(out, FILES.catalog), 'utf8'));
    for (const b of catalog.books) {
      expect(files).toContain(bookFile(b.id));
      expect(files).toContain(b.coverUrl.slice(1));
    }
    for (const alias of Object.keys(catalog.aliases)) expect(files).toContain(bookFile(alias));
    expect(readFileSync(join(out, 'api/v1/letters.json'), 'utf8')).toBe('{"dictionary":true}');
    expect(readFileSync(join(out, 'data/market/status.json'), 'utf8')).toBe('{"market":true}');
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toBe('<!doctype html>');
    expect(files.filter((f) => /staging|staged|\.tmp/.test(f))).toEqual([]);
    const top = new Set(
      files.map((f) =>
        f
          .split('/')
          .slice(0, f.startsWith('api/') ? 2 : 1)
          .join('/'),
      ),
    );
    expect([...top].sort()).toEqual([
      'api/books',
      'api/books-shards',
      'api/course-materials',
      'api/curriculum',
      'api/gradewise-audio',
      'api/health',
      'api/index.json',
      'api/ncert',
      'api/research',
      'api/search',
      'api/sources',
      'api/stats',
      'api/teacher-guides',
      'api/textbooks',
      'api/theses',
      'api/v1',
      'covers',
      'data',
      'docs',
      'files',
      'index.html',
    ]);
    // The sample's own files, where its records point (data-build/books/sample/README.md).
    for (const f of ['mero-nepali-5.pdf', 'mero-nepali-2.pdf', 'anautho-phal.epub', 'sargam-aaroha.wav', 'nepali-11-prashnapatra-2082.pdf'])
      expect(files).toContain(`files/${f}`);
    expect(catalog.books.find((b) => b.id === 'cdc-np-5-nepali')?.pdfUrl).toBe('files/mero-nepali-5.pdf');
  });

  it('writes the catalog in shards, answering as the catalog does', async () => {
    const catalog = readCatalog(out);
    const api = new BooksApi(catalog);
    const files = listFiles(out).filter((f) => f.startsWith(`${SHARDS_DIR}/`));
    // The shards, and catalog.json by columns (what the worker's save fetches).
    expect(files.sort()).toEqual([...shardCatalog(catalog, api).keys(), COLUMNS_FILE].sort());
    const sharded = await ShardedBooksApi.open(async (f) => JSON.parse(readFileSync(join(out, f), 'utf8')) as unknown);
    for (const [path, q] of [
      ['/api/books', ''],
      ['/api/books', 'q=ganit'],
      ['/api/textbooks', 'grade=1&full=true'],
      ['/api/books/cehrd-g1-mathematics', ''],
      ['/api/stats', ''],
    ] as const) {
      expect(await sharded.handle('GET', path, new URLSearchParams(q)), `${path}?${q}`).toEqual(api.handle('GET', path, new URLSearchParams(q)));
    }
  });

  it('every file conforms to its schema, and the catalog is labelled as sample data', () => {
    const catalog = readCatalog(out);
    expect(schemaProblems(catalogFileSchema, catalog, 'catalog.json').map(formatProblem)).toEqual([]);
    expect(catalog.sample).toBe(true);
    expect(catalog.books.every((b) => b.sample === true && /SAMPLE/.test(String(b.description)))).toBe(true);
    expect(catalog.credit).toBe('Powered by YoBook API');
    const check = (name: string, file: string) => expect(schemaProblems(standalone(name), readJson(out, file), file).map(formatProblem)).toEqual([]);
    check('BookList', 'api/books/index.json');
    check('SourcesResponse', 'api/sources/index.json');
    check('StatsResponse', 'api/stats/index.json');
    for (const b of catalog.books) check('BookResponse', bookFile(b.id));
  });

  it('keeps the upstream LICENSE and NOTICE with the data', () => {
    expect(readFileSync(join(out, 'api/books/LICENSE.upstream.txt'), 'utf8')).toContain('YoBook API Contributors');
    expect(readFileSync(join(out, 'api/books/NOTICE.upstream.txt'), 'utf8')).toContain('Powered by YoBook API');
    expect(readFileSync(join(out, 'api/books/NOTICE.upstream.txt'))).toEqual(readFileSync(join(ROOT, 'data-build/books/upstream/NOTICE.upstream.txt')));
  });

  it('the docs page works offline: local assets only, the credit, an OpenAPI description in JSON and YAML', () => {
    const html = readFileSync(join(out, 'docs/index.html'), 'utf8');
    expect(html).toContain('Powered by YoBook API');
    expect(html).toContain('sample');
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect(readFileSync(join(out, 'docs/docs.js'), 'utf8')).toContain('validatorUrl: null');
    // swagger-ui-dist's map files are not shipped: no script or style may point at one.
    for (const f of ['docs/swagger-ui.css', 'docs/swagger-ui-bundle.js'])
      expect(readFileSync(join(out, f), 'utf8').includes('sourceMappingURL'), `${f} points at a source map`).toBe(false);
    const json = readJson<Record<string, unknown>>(out, 'docs/openapi.json');
    expect(parse(readFileSync(join(out, 'docs/openapi.yaml'), 'utf8'))).toEqual(json);
    expect(json).toMatchObject({ openapi: '3.1.0', paths: { '/api/books': { get: { 'x-static-file': 'api/books/index.json' } } } });
    // The catalog helpers' routes.
    expect(Object.keys(json.paths as object)).toEqual(
      expect.arrayContaining(['/api/gradewise-audio', '/api/research', '/api/research/{id}', '/api/theses', '/api/theses/{id}']),
    );
  });

  it('is deterministic: the same input gives the same bytes', async () => {
    const again = tmp();
    const r = await booksBuild(['--out', again]);
    expect(r.code, r.stderr).toBe(0);
    const a = snapshot(out);
    const b = snapshot(again);
    for (const f of ['api/v1/letters.json', 'data/market/status.json', 'index.html']) a.delete(f);
    expect([...b.keys()]).toEqual([...a.keys()]);
    for (const [f, bytes] of a) expect(b.get(f)!.equals(bytes), f).toBe(true);
    const epoch = tmp();
    expect((await booksBuild(['--out', epoch], { SOURCE_DATE_EPOCH: '1767225600' })).code).toBe(0);
    expect(readCatalog(epoch).generatedAt).toBe('2026-01-01T00:00:00Z');
  });
});

describe('inputs', () => {
  let http: Served;
  const site = tmp('khoj-books-src-');
  beforeAll(async () => {
    cpSync(SAMPLE_DIR, join(site, 'data'), { recursive: true });
    http = await serve(site);
  });
  afterAll(() => http.close());

  it('a base URL: the per-source files it has (404s are absent files)', async () => {
    const out = tmp();
    const r = await booksBuild(['--books', `${http.url}/data/`, '--out', out, '--private-upstream', http.url]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('not found: archive_org.json, open_library.json');
    expect(readCatalog(out).books).toHaveLength(35);
  });

  it('one file, plain or gzipped, by path or URL', async () => {
    const gz = join(site, 'cdc_nepal.json.gz');
    writeFileSync(gz, gzipSync(readFileSync(join(SAMPLE_DIR, 'cdc_nepal.json'))));
    for (const src of [join(SAMPLE_DIR, 'pustakalaya.json'), gz, `${http.url}/data/cehrd_learning.json`]) {
      const out = tmp();
      const r = await booksBuild(['--books', src, '--out', out, '--private-upstream', http.url]);
      expect(r.code, `${src}: ${r.stderr}`).toBe(0);
      expect(readCatalog(out).sample).toBe(false);
    }
    const cdc = tmp();
    expect((await booksBuild(['--books', gz, '--out', cdc])).code).toBe(0);
    expect(readCatalog(cdc).books.map((b) => b.source)).toEqual(Array(7).fill('cdc-nepal'));
  });

  it('a folder with only the merged all_books.json, and the upstream API envelope', async () => {
    const dir = tmp('khoj-books-merged-');
    const all = ['cehrd_learning.json', 'cdc_nepal.json', 'pustakalaya.json'].flatMap(
      (f) => JSON.parse(readFileSync(join(SAMPLE_DIR, f), 'utf8')) as unknown[],
    );
    writeFileSync(join(dir, 'all_books.json'), JSON.stringify({ success: true, data: all }));
    const out = tmp();
    const r = await booksBuild(['--books', dir, '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(readCatalog(out).books).toHaveLength(35);
    expect(readCatalog(out).books[0]!.coverUrl).toBe(`/covers/${fileStem(readCatalog(out).books[0]!.id)}.svg`);
  });
});
