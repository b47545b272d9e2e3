// deploy/: the committed files are what src/core/http-policy.ts generates (drift), and Debian's nginx with
// deploy/nginx/khoj.conf serves a built dist/ as the Node server does: the same security
// headers, CORS and preflight, cache policy, precompressed files per encoding, ETags, Range,
// JSON 404s under the data prefixes, sub-path hosting, no symlink out of the site.

import { LIST_FILES } from '../../src/core/books/paths.ts';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployFiles, headersFile, redirectsFile } from '../../src/vite/deploy-config.ts';
import { cspMetaValue, securityHeaders } from '../../src/core/http-policy.ts';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { appHandler } from '../../src/server/app.ts';
import { type Nginx, startNginx } from '../../harness/nginx.ts';
import { haveTool } from '../../harness/tools.mjs';
import { ROOT } from '../../harness/run.ts';
import { appBuild } from '../helpers/app-build.ts';
import { call } from '../helpers/raw-call.ts';

describe('deploy files', () => {
  it('are what src/core/http-policy.ts generates (run `npm run deploy-config` after changing it)', () => {
    for (const [path, text] of deployFiles()) expect(readFileSync(join(ROOT, 'deploy', path), 'utf8'), `deploy/${path}`).toBe(text);
  });
});

const hasNginx = haveTool('nginx', 'the nginx tests (tests/deploy/nginx.test.ts)');

describe.skipIf(!hasNginx)("Debian's nginx with deploy/nginx", () => {
  const tmp = mkdtempSync(join(tmpdir(), 'khoj-deploy-'));
  const dist = join(tmp, 'dist');
  const SEC = securityHeaders();
  let ng: Nginx;
  let sub: Nginx;
  let node: { url: string; server: Server };

  beforeAll(async () => {
    chmodSync(tmp, 0o755);
    // A copy of the production build with every section (tests/helpers/app-build.ts, kept between runs): a link is added below.
    cpSync((await appBuild('dictionary,books,market')).dist, dist, { recursive: true, preserveTimestamps: true });
    const outside = mkdtempSync(join(tmpdir(), 'khoj-outside-'));
    chmodSync(outside, 0o755);
    writeFileSync(join(outside, 'secret.json'), '{"secret":true}');
    symlinkSync(join(outside, 'secret.json'), join(dist, 'link.json'));
    // The same site under /khoj/.
    mkdirSync(join(tmp, 'root'));
    cpSync(dist, join(tmp, 'root/khoj'), { recursive: true, verbatimSymlinks: true });
    const handle = appHandler(dist);
    const server = createServer((req, res) => void handle(req, res));
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    node = { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
    [ng, sub] = await Promise.all([startNginx(dist), startNginx(join(tmp, 'root'), '/khoj/')]);
  });
  afterAll(async () => {
    await Promise.all([ng?.close(), sub?.close(), new Promise((ok) => (node ? node.server.close(ok) : ok(undefined)))]);
  });

  const chunk = () => readdirSync(join(dist, 'api/v1/chunks')).find((f) => f.endsWith('.json'))!;

  it('sends the same security headers as the Node server on every answer, errors included', async () => {
    const paths = [
      '/',
      '/index.html',
      '/sw.js',
      '/manifest.webmanifest',
      '/api/v1/letters.json',
      '/api/v1/chunks/9999.json',
      '/api/sources',
      '/api/nothing',
      '/data/nothing.json',
      '/nothing.png',
      '/docs/',
      '/openapi.yaml',
    ];
    for (const path of paths) {
      const [n, o] = await Promise.all([call(ng.url, path), call(node.url, path)]);
      for (const [k, v] of Object.entries(SEC)) {
        expect(n.headers[k.toLowerCase()], `nginx ${path} ${k}`).toBe(v);
        expect(o.headers[k.toLowerCase()], `node ${path} ${k}`).toBe(v);
      }
      expect(n.status === 200, path).toBe(o.status === 200);
    }
    const post = await call(ng.url, '/index.html', {}, 'POST');
    expect(post.status).toBe(405);
    expect(post.headers['x-content-type-options']).toBe('nosniff');
  });

  it('revalidates the app and the data, keeps hashed assets a year', async () => {
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    const asset = /src="\.\/(assets\/index-[\w-]+\.js)"/.exec(html)![1]!;
    const a = await call(ng.url, `/${asset}`);
    expect(a.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(a.headers['content-type']).toBe('text/javascript; charset=utf-8');
    for (const path of [
      '/',
      '/index.html',
      '/sw.js',
      '/manifest.webmanifest',
      '/api/v1/metadata.json',
      `/api/v1/chunks/${chunk()}`,
      '/api/books/index.json',
      '/data/market/status.json',
      '/openapi.yaml',
    ]) {
      const r = await call(ng.url, path);
      expect(r.status, path).toBe(200);
      expect(r.headers['cache-control'], path).toBe('no-cache');
      expect(r.headers.etag, path).toBeTruthy();
    }
    expect((await call(ng.url, '/manifest.webmanifest')).headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect((await call(ng.url, '/api/v1/letters.json')).headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('serves the precompressed files by Accept-Encoding, with Vary and an ETag per encoding', async () => {
    const path = '/api/v1/letters.json';
    const original = readFileSync(join(dist, path));
    const br = await call(ng.url, path, { 'accept-encoding': 'gzip, br' });
    const gz = await call(ng.url, path, { 'accept-encoding': 'gzip' });
    const plain = await call(ng.url, path);
    expect([br, gz, plain].map((a) => a.headers['content-encoding'])).toEqual(['br', 'gzip', undefined]);
    expect(brotliDecompressSync(br.body)).toEqual(original);
    expect(gunzipSync(gz.body)).toEqual(original);
    expect(plain.body).toEqual(original);
    for (const a of [br, gz]) expect(a.headers.vary).toBe('Accept-Encoding');
    expect(new Set([br.headers.etag, gz.headers.etag, plain.headers.etag]).size).toBe(3);
    expect((await call(ng.url, path, { 'accept-encoding': 'br', 'if-none-match': `"x", ${br.headers.etag}` })).status).toBe(304);
    expect((await call(ng.url, path, { 'if-none-match': '*' })).status).toBe(304);
    const range = await call(ng.url, path, { range: 'bytes=0-9' });
    expect(range.status).toBe(206);
    expect(range.body).toEqual(original.subarray(0, 10));
  });

  it('answers the CORS preflight on the public data and exposes the ETag', async () => {
    const pre = { origin: 'https://other.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'if-none-match' };
    for (const path of ['/api/v1/letters.json', '/data/market/status.json', '/api/books/index.json']) {
      const r = await call(ng.url, path, pre, 'OPTIONS');
      expect(r.status, path).toBe(204);
      expect(r.headers['access-control-allow-origin']).toBe('*');
      expect(String(r.headers['access-control-allow-headers']).toLowerCase()).toContain('if-none-match');
      expect(r.headers['x-content-type-options']).toBe('nosniff');
    }
    const get = await call(ng.url, '/api/v1/letters.json', { origin: 'https://other.example' });
    expect(get.headers['access-control-allow-origin']).toBe('*');
    expect(String(get.headers['access-control-expose-headers'])).toContain('ETag');
    expect((await call(ng.url, '/index.html')).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers JSON 404s under /api/v1/, /api/ and /data/, never the app shell; serves the catalog files at the API paths', async () => {
    const cases: Array<[string, unknown]> = [
      ['/api/v1/chunks/9999.json', { error: 'not found', status: 404 }],
      ['/api/v1/nothing', { error: 'not found', status: 404 }],
      ['/api/nothing', { success: false, error: 'Not found' }],
      ['/api/no-such-route', { success: false, error: 'Not found' }],
      // A query is the service worker's (or npm start's) to answer: never a file's.
      ['/api/books?grade=5', { success: false, error: 'Not found' }],
      ['/data/nothing.json', { error: 'not found', status: 404 }],
      ['/nothing.png', { error: 'not found', status: 404 }],
    ];
    for (const [path, body] of cases) {
      const r = await call(ng.url, path);
      expect(r.status, path).toBe(404);
      expect(r.headers['content-type'], path).toBe('application/json; charset=utf-8');
      expect(JSON.parse(r.body.toString()), path).toEqual(body);
      expect(r.headers['x-content-type-options']).toBe('nosniff');
    }
    // The catalog helpers' parameterless answers are files too (data-build/books/build.ts).
    for (const path of ['/api/gradewise-audio', '/api/research', '/api/theses']) {
      const r = await call(ng.url, path);
      expect(r.status, path).toBe(200);
      expect((JSON.parse(r.body.toString()) as { success: boolean }).success, path).toBe(true);
    }
    for (const [path, file] of Object.entries(LIST_FILES)) {
      const r = await call(ng.url, path);
      expect(r.status, path).toBe(200);
      expect(r.body).toEqual(readFileSync(join(dist, file)));
    }
    // The YoBook client's two lists are files too: a plain static host answers them.
    const all = JSON.parse((await call(ng.url, '/api/books')).body.toString()) as { meta: { total: number } };
    const textbooks = JSON.parse((await call(ng.url, '/api/textbooks')).body.toString()) as { success: boolean; meta: { total: number } };
    expect(textbooks.success).toBe(true);
    expect(textbooks.meta.total).toBeGreaterThan(0);
    expect(textbooks.meta.total).toBeLessThan(all.meta.total);
    const docs = await call(ng.url, '/docs');
    expect(docs.status).toBe(301);
    expect(docs.headers.location).toBe('/docs/');
  });

  it('never follows a symlink out of the site', async () => {
    const r = await call(ng.url, '/link.json');
    expect([403, 404]).toContain(r.status);
    expect(r.body.toString()).not.toContain('"secret":true');
  });

  it('serves the same site under a sub-path', async () => {
    const index = await call(sub.url, '/khoj/');
    expect(index.status).toBe(200);
    expect(index.body).toEqual(readFileSync(join(dist, 'index.html')));
    expect(index.headers['content-security-policy']).toBe(SEC['Content-Security-Policy']);
    expect((await call(sub.url, '/khoj/api/v1/letters.json')).status).toBe(200);
    const miss = await call(sub.url, '/khoj/api/v1/chunks/9999.json');
    expect([miss.status, JSON.parse(miss.body.toString())]).toEqual([404, { error: 'not found', status: 404 }]);
    expect((await call(sub.url, '/khoj/docs')).headers.location).toBe('/khoj/docs/');
    expect((await call(sub.url, '/khoj')).status).toBe(301);
  });

  it('puts the static hosts’ _headers and _redirects, generated from the same policy, in dist/', () => {
    expect(readFileSync(join(dist, '_headers'), 'utf8')).toBe(headersFile());
    expect(readFileSync(join(dist, '_redirects'), 'utf8')).toBe(redirectsFile());
    expect(JSON.parse(readFileSync(join(dist, 'not-found/api.json'), 'utf8'))).toEqual({ success: false, error: 'Not found' });
  });

  it('puts the policy in the pages as a <meta> too, for hosts that send no headers (GitHub Pages)', () => {
    for (const page of ['index.html', 'docs/index.html']) {
      const html = readFileSync(join(dist, page), 'utf8');
      const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1];
      expect(meta?.replace(/&#39;/g, "'"), page).toBe(cspMetaValue());
      // Before any script or style it governs.
      expect(html.indexOf('Content-Security-Policy'), page).toBeLessThan(html.search(/<script|<link/));
    }
  });
});
