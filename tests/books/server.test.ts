// The shared catalog API suite against the real Node server (`serve()`, the app handler of
// `npm start`) on a built sample catalog; then what only a server has: traversal attempts,
// CORS preflight, ETags, gzip, a missing or broken catalog, reloading a rebuilt catalog.

import { cpSync, mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type Served } from '../../harness/http.ts';
import { booksApiSuite, fetchClient } from './api-suite.ts';
import { builtSample, readCatalog, tmp } from './helpers.ts';

/** A raw request that sends the path exactly as written (fetch would normalise `..`). */
function raw(base: string, path: string, init: { method?: string; headers?: Record<string, string> } = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((ok, fail) => {
    const u = new URL(base);
    const req = request({ host: u.hostname, port: u.port, path, method: init.method ?? 'GET', headers: init.headers ?? {} }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (d: Buffer) => parts.push(d));
      res.on('end', () => ok({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(parts) }));
    });
    req.on('error', fail);
    req.end();
  });
}

let dist: string;
let server: Served;

beforeAll(async () => {
  // The site folder sits in a parent holding a secret: no path may reach it.
  const parent = tmp('khoj-books-parent-');
  writeFileSync(join(parent, 'package.json'), '{"name":"khoj-secret"}');
  dist = await builtSample({}, join(parent, 'dist'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Khoj</title>');
  server = await serve(dist);
});
afterAll(() => server?.close());

booksApiSuite('Node server', () => fetchClient(server.url), { staticFiles: true });

describe('catalog server', () => {
  it('never leaves its folder, however the path is spelt', async () => {
    const attempts = [
      '/covers/../../package.json',
      '/../package.json',
      '/covers/%2e%2e/%2e%2e/package.json',
      '/covers/..%2f..%2fpackage.json',
      '/covers/%2e%2e%2f%2e%2e%2fpackage.json',
      '/covers/..%5c..%5cpackage.json',
      '/covers/%2e%2e%5c%2e%2e%5cpackage.json',
      '/covers/%252e%252e/%252e%252e/package.json',
      '/covers/%00.svg',
      '/covers/x.svg%00.png',
      '/api/books/..%2f..%2f..%2fpackage.json',
      '/api/books/../../../package.json',
      '/api/books/%2e%2e%2f%2e%2e%2f%2e%2e%2fpackage.json',
      '/api/books/..%2f..%2f..%2fpackage.json%00',
      '/api/sources/..%2f..%2f..%2fpackage.json',
      '/api/stats/%2e%2e/%2e%2e/%2e%2e/package.json',
      '/docs/../../package.json',
      '/docs/..%2f..%2fpackage.json',
    ];
    for (const path of attempts) {
      const r = await raw(server.url, path);
      expect([400, 404], `${path} → ${r.status}`).toContain(r.status);
      expect(r.body.toString(), path).not.toContain('khoj-secret');
      expect(r.body.toString(), path).not.toMatch(/at .*\.(ts|js):\d+|Error:/);
      expect(String(r.headers['content-type'])).toMatch(/^application\/json/);
    }
    expect((await raw(server.url, '/covers/%E0%A4.svg')).status).toBe(400);
    expect((await raw(server.url, '/api/books/%E0%A4')).status).toBe(400);
  });

  it('answers a CORS preflight, and gives CORS to static catalog files and covers', async () => {
    const pre = await raw(server.url, '/api/books?grade=5', {
      method: 'OPTIONS',
      headers: { origin: 'https://example.org', 'access-control-request-method': 'GET' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe('*');
    expect(pre.headers['access-control-allow-methods']).toContain('GET');
    for (const path of ['/api/books/index.json', '/api/books/catalog.json', '/covers/cdc-np-2-nepali.svg']) {
      const r = await raw(server.url, path);
      expect(r.status, path).toBe(200);
      expect(r.headers['access-control-allow-origin'], path).toBe('*');
    }
    const cover = await raw(server.url, '/covers/cdc-np-2-nepali.svg');
    expect(cover.headers['content-type']).toBe('image/svg+xml');
    expect(cover.headers['x-content-type-options']).toBe('nosniff');
  });

  it('revalidates with an ETag and gzips large answers', async () => {
    const first = await raw(server.url, '/api/books?grade=1');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect((await raw(server.url, '/api/books?grade=1', { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect((await raw(server.url, '/api/books?grade=2', { headers: { 'if-none-match': etag } })).status).toBe(200);
    const gz = await raw(server.url, '/api/books', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.body).toString()).meta.total).toBe(35);
    expect(Number(gz.headers['content-length'])).toBe(gz.body.length);
  });

  it('redirects /docs to /docs/ keeping the query', async () => {
    const r = await raw(server.url, '/docs?x=1');
    expect(r.status).toBe(301);
    expect(r.headers.location).toBe('docs/?x=1'); // relative: /docs → /docs/, /khoj/docs → /khoj/docs/
  });

  it('answers 503 with no catalog and with a broken one, never a stack trace; reloads a rebuilt catalog', async () => {
    const site = tmp('khoj-books-site-');
    cpSync(dist, site, { recursive: true });
    const catalogFile = join(site, 'api/books/catalog.json');
    const s = await serve(site);
    try {
      expect(JSON.parse((await raw(s.url, '/api/books/cdc-np-2-nepali')).body.toString()).data.id).toBe('cdc-np-2-nepali');

      // Rebuilt with fewer books: the server sees the new mtime and reloads.
      const catalog = readCatalog(site);
      catalog.books = catalog.books.filter((b) => b.source === 'cehrd-learning');
      catalog.aliases = {};
      writeFileSync(catalogFile, JSON.stringify(catalog));
      utimesSync(catalogFile, new Date(), new Date(Date.now() + 5000));
      const after = JSON.parse((await raw(s.url, '/api/books')).body.toString());
      expect(after.meta.total).toBe(13);
      expect((await raw(s.url, '/api/books/cdc-np-2-nepali')).status).toBe(404);

      writeFileSync(catalogFile, '{"format": "khoj-books-catalog", "books": [');
      utimesSync(catalogFile, new Date(), new Date(Date.now() + 10_000));
      const broken = await raw(s.url, '/api/books?q=x');
      expect(broken.status).toBe(503);
      expect(JSON.parse(broken.body.toString())).toEqual({ success: false, error: 'Catalog unavailable' });

      rmSync(catalogFile);
      const gone = await raw(s.url, '/api/stats');
      expect(gone.status).toBe(503);
      expect(JSON.parse(gone.body.toString())).toEqual({ success: false, error: 'Catalog not built' });
      expect(gone.headers['content-type']).toBe('application/json; charset=utf-8');
    } finally {
      await s.close();
    }
  });

  it('leaves every other path to the static files; an unknown /api/ path is a JSON 404, not the app shell', async () => {
    mkdirSync(join(dist, 'api/v1'), { recursive: true });
    writeFileSync(join(dist, 'api/v1/letters.json'), '{"letters":[]}');
    expect((await raw(server.url, '/api/v1/letters.json')).status).toBe(200);
    const unknown = await raw(server.url, '/api/booksx');
    expect(unknown.status).toBe(404);
    expect(unknown.headers['content-type']).toBe('application/json; charset=utf-8');
    writeFileSync(join(dist, 'api/extra.yaml'), 'a: 1');
    expect((await raw(server.url, '/api/extra.yaml')).status).toBe(200); // a file of the build is served
    expect((await raw(server.url, '/')).status).toBe(200);
  });
});
