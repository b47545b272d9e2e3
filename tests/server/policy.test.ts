// The HTTP policy of the Node server (src/core/http-policy.ts through headers.ts and static.ts),
// over real HTTP on loopback: security headers on every answer, CORS and its preflight on the
// public data, If-None-Match lists, precompressed files per encoding, Range, symlinks.

import { mkdirSync, mkdtempSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSP, PERMISSIONS_POLICY } from '../../src/core/http-policy.ts';
import { serve, type Served } from '../../harness/http.ts';
import { dictionaryBuild } from '../../harness/run.ts';
import { call } from '../helpers/raw-call.ts';

describe('HTTP policy of the Node server', () => {
  const dist = mkdtempSync(join(tmpdir(), 'khoj-policy-'));
  const outside = mkdtempSync(join(tmpdir(), 'khoj-outside-'));
  const chunk = Buffer.from(JSON.stringify({ words: Array.from({ length: 3000 }, (_, i) => `शब्द ${i}`) }));
  const chunkBr = brotliCompressSync(chunk);
  const chunkGz = gzipSync(chunk);
  let s: Served;

  beforeAll(async () => {
    expect((await dictionaryBuild(['--out', dist, '--chunk-size', '100'])).code).toBe(0);
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Khoj</title>');
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets/big-AbCdEf12.json'), chunk);
    writeFileSync(join(dist, 'assets/big-AbCdEf12.json.br'), chunkBr);
    writeFileSync(join(dist, 'assets/big-AbCdEf12.json.gz'), chunkGz);
    // A precompressed file older than its original is stale: never served.
    writeFileSync(join(dist, 'stale.json'), chunk);
    writeFileSync(join(dist, 'stale.json.gz'), gzipSync(Buffer.from('{"stale":true}')));
    utimesSync(join(dist, 'stale.json.gz'), new Date(2000, 0, 1), new Date(2000, 0, 1));
    writeFileSync(join(outside, 'secret.json'), '{"secret":true}');
    symlinkSync(join(outside, 'secret.json'), join(dist, 'link.json'));
    symlinkSync(outside, join(dist, 'linked-dir'));
    symlinkSync(join(dist, 'index.html'), join(dist, 'inside-link.html'));
    s = await serve(dist);
  });
  afterAll(() => s.close());

  const EVERY = ['/', '/index.html', '/api/v1/letters.json', '/api/v1/chunks/9999.json', '/nothing.png', '/%E0%A4', '/api/books?limit=1', '/api/nothing'];

  it('sends nosniff, the CSP, Referrer-Policy, frame-ancestors and Permissions-Policy on every answer, errors included', async () => {
    const answers = await Promise.all([
      ...EVERY.map((p) => call(s.url, p)),
      call(s.url, '/api/v1/letters.json', {}, 'POST'),
      call(s.url, '/index.html', {}, 'DELETE'),
    ]);
    expect(answers.map((a) => a.status)).toEqual(expect.arrayContaining([200, 404, 400, 405]));
    for (const a of answers) {
      expect(a.headers['x-content-type-options'], String(a.status)).toBe('nosniff');
      expect(a.headers['referrer-policy']).toBe('no-referrer');
      expect(a.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
      const csp = String(a.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toMatch(/img-src 'self' data: blob:(;|$)/);
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('unsafe-eval');
    }
    expect(CSP.find(([k]) => k === 'img-src')![1]).not.toMatch(/https?:|\*/);
  });

  it('answers the CORS preflight on /api/v1/, /api/ and /data/, and exposes the ETag', async () => {
    const preflight = { origin: 'https://other.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'if-none-match' };
    for (const path of ['/api/v1/letters.json', '/data/market/status.json', '/api/books?limit=1']) {
      const r = await call(s.url, path, preflight, 'OPTIONS');
      expect(r.status, path).toBe(204);
      expect(r.headers['access-control-allow-origin']).toBe('*');
      expect(String(r.headers['access-control-allow-methods'])).toContain('GET');
      expect(String(r.headers['access-control-allow-headers']).toLowerCase()).toContain('if-none-match');
      expect(r.headers['x-content-type-options']).toBe('nosniff');
    }
    const get = await call(s.url, '/api/v1/letters.json', { origin: 'https://other.example' });
    expect(get.headers['access-control-allow-origin']).toBe('*');
    expect(String(get.headers['access-control-expose-headers'])).toContain('ETag');
    // The app itself is no public data.
    expect((await call(s.url, '/index.html')).headers['access-control-allow-origin']).toBeUndefined();
    expect((await call(s.url, '/index.html', {}, 'OPTIONS')).status).toBe(405);
  });

  it('honours If-None-Match with a list of ETags, weak ETags and *', async () => {
    const etag = String((await call(s.url, '/api/v1/letters.json')).headers.etag);
    expect((await call(s.url, '/api/v1/letters.json', { 'if-none-match': `"nope", ${etag}` })).status).toBe(304);
    expect((await call(s.url, '/api/v1/letters.json', { 'if-none-match': `W/${etag}` })).status).toBe(304);
    expect((await call(s.url, '/api/v1/letters.json', { 'if-none-match': '*' })).status).toBe(304);
    expect((await call(s.url, '/api/v1/letters.json', { 'if-none-match': '"nope", "other"' })).status).toBe(200);
  });

  it('serves the precompressed file for the encoding asked, with Vary and an ETag per encoding', async () => {
    const path = '/assets/big-AbCdEf12.json';
    const br = await call(s.url, path, { 'accept-encoding': 'gzip, deflate, br' });
    const gz = await call(s.url, path, { 'accept-encoding': 'gzip' });
    const plain = await call(s.url, path, { 'accept-encoding': 'identity' });
    const none = await call(s.url, path, { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect([br, gz, plain, none].map((a) => a.headers['content-encoding'])).toEqual(['br', 'gzip', undefined, undefined]);
    expect(br.body).toEqual(chunkBr);
    expect(gz.body).toEqual(chunkGz);
    expect(plain.body).toEqual(chunk);
    for (const a of [br, gz, plain]) {
      expect(a.headers.vary).toBe('Accept-Encoding');
      expect(Number(a.headers['content-length'])).toBe(a.body.length);
      expect(a.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect(new Set([br.headers.etag, gz.headers.etag, plain.headers.etag]).size).toBe(3);
    // An ETag of one encoding does not revalidate another.
    expect((await call(s.url, path, { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) })).status).toBe(304);
    expect((await call(s.url, path, { 'accept-encoding': 'gzip', 'if-none-match': String(br.headers.etag) })).status).toBe(200);
  });

  it('never serves a precompressed file older than its original', async () => {
    const r = await call(s.url, '/stale.json', { 'accept-encoding': 'gzip' });
    expect(r.status).toBe(200);
    const body = r.headers['content-encoding'] === 'gzip' ? gunzipSync(r.body) : r.body;
    expect(body).toEqual(chunk);
  });

  it('answers Range requests on large files', async () => {
    const path = '/assets/big-AbCdEf12.json';
    const r = await call(s.url, path, { range: 'bytes=10-19', 'accept-encoding': 'identity' });
    expect(r.status).toBe(206);
    expect(r.headers['content-range']).toBe(`bytes 10-19/${chunk.length}`);
    expect(r.body).toEqual(chunk.subarray(10, 20));
    const tail = await call(s.url, path, { range: 'bytes=-5', 'accept-encoding': 'identity' });
    expect(tail.body).toEqual(chunk.subarray(chunk.length - 5));
    const open = await call(s.url, path, { range: `bytes=${chunk.length - 3}-`, 'accept-encoding': 'identity' });
    expect(open.body).toEqual(chunk.subarray(chunk.length - 3));
    const beyond = await call(s.url, path, { range: `bytes=${chunk.length}-`, 'accept-encoding': 'identity' });
    expect(beyond.status).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${chunk.length}`);
    // A changed validator in If-Range: the whole file.
    const changed = await call(s.url, path, { range: 'bytes=0-9', 'if-range': '"old"', 'accept-encoding': 'identity' });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual(chunk);
  });

  it('never follows a symlink out of its folder', async () => {
    for (const path of ['/link.json', '/linked-dir/secret.json']) {
      const r = await call(s.url, path);
      expect(r.status, path).toBe(404);
      expect(r.body.toString()).not.toContain('"secret":true');
    }
    expect((await call(s.url, '/inside-link.html')).status).toBe(200);
  });
});
