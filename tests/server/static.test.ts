// The Node server behind `npm start`, over real HTTP on loopback.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type Served } from '../../harness/http.ts';
import { dictionaryBuild } from '../../harness/run.ts';

/** A raw GET that sends the path exactly as written (fetch would normalise `..`). */
function get(base: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((ok, fail) => {
    const u = new URL(base);
    const req = request({ host: u.hostname, port: u.port, path, headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (d: Buffer) => parts.push(d));
      res.on('end', () => ok({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(parts) }));
    });
    req.on('error', fail);
    req.end();
  });
}

describe('static server', () => {
  const dist = mkdtempSync(join(tmpdir(), 'khoj-dist-'));
  let s: Served;

  beforeAll(async () => {
    expect((await dictionaryBuild(['--out', dist, '--chunk-size', '100'])).code).toBe(0);
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Khoj</title>');
    s = await serve(dist);
  });
  afterAll(() => s.close());

  it('serves contract files as JSON, with CORS, an ETag and 304 on revalidation', async () => {
    const r = await get(s.url, '/api/v1/letters.json');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(r.headers['access-control-allow-origin']).toBe('*');
    expect(JSON.parse(r.body.toString()).apiVersion).toBe('1.0.0');
    const again = await get(s.url, '/api/v1/letters.json', { 'if-none-match': String(r.headers.etag) });
    expect(again.status).toBe(304);
  });

  it('serves Devanagari letter paths percent-encoded, gzipped when asked', async () => {
    const r = await get(s.url, `/api/v1/words-by-letter/${encodeURIComponent('क')}.json`, { 'accept-encoding': 'gzip' });
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(r.body).toString()).letter).toBe('क');
    expect((await get(s.url, '/api/v1/openapi.yaml')).headers['content-type']).toBe('application/yaml; charset=utf-8');
  });

  it('answers a missing letter or chunk, and a chunk id that is not four digits, with a JSON 404', async () => {
    const cases: Array<[string, string]> = [
      ['/api/v1/chunks/9999.json', 'no chunk 9999'],
      ['/api/v1/chunks/12.json', 'chunk id "12" is not exactly four digits'],
      ['/api/v1/chunks/00001.json', 'chunk id "00001" is not exactly four digits'],
      [`/api/v1/words-by-letter/${encodeURIComponent('ऴ')}.json`, 'no words start with the letter "ऴ"'],
      ['/api/v1/nothing.json', 'no such file: nothing.json'],
    ];
    for (const [path, error] of cases) {
      const r = await get(s.url, path);
      expect(r.status, path).toBe(404);
      expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(JSON.parse(r.body.toString())).toEqual({ error, status: 404 });
    }
  });

  it('never leaves its folder, however the path is spelt', async () => {
    for (const path of [
      '/../package.json',
      '/%2e%2e/package.json',
      '/api/v1/..%2f..%2f..%2fpackage.json',
      '/%2e%2e%5cpackage.json',
      '/api/v1/%00.json',
      '/..%252fpackage.json',
    ]) {
      const r = await get(s.url, path);
      expect([400, 404], path).toContain(r.status);
      expect(r.body.toString()).not.toMatch(/"name":\s*"khoj"|at .*\.ts:\d+/);
    }
    expect((await get(s.url, '/%E0%A4')).status).toBe(400);
  });

  it('gives the app shell to deep links and 405 to other methods', async () => {
    const r = await get(s.url, '/word/किरण'.replace('किरण', encodeURIComponent('किरण')));
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    const post = await new Promise<number>((ok) => request(`${s.url}/api/v1/letters.json`, { method: 'POST' }, (res) => ok(res.statusCode!)).end());
    expect(post).toBe(405);
  });
});
