// Odd request targets and headers, sent byte for byte over a socket, to both servers: the Node
// server `npm start` runs (src/server/server.ts) and Debian's nginx with deploy/nginx. Every
// answer carries each policy header of src/core/http-policy.ts exactly once (no header twice),
// errors and everything under /api/ are JSON, no odd target is an internal error, and many
// ranges in one header get the whole file, not a multipart answer many times its size.

import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from '../../src/core/http-policy.ts';
import { khojServer } from '../../src/server/server.ts';
import { type Nginx, nginxMissing, startNginx } from '../../harness/nginx.ts';
import { rawCall, type RawAnswer } from '../helpers/raw-call.ts';
import { dataBuild } from '../../harness/run.ts';

const FILE = '/api/v1/letters.json';
const ranges = (n: number) => Array.from({ length: n }, () => '0-0').join(',');

interface Odd {
  /** the request line */
  line: string;
  /** header lines after Host (none when `noHost`) */
  extra?: string[];
  noHost?: boolean;
  /** the whole of FILE is expected */
  whole?: boolean;
}

/** One table for both servers. */
const ODD: Odd[] = [
  { line: 'GET // HTTP/1.1' },
  { line: 'GET //a:b@/x HTTP/1.1' },
  { line: 'GET //%zz/ HTTP/1.1' },
  { line: 'GET http://[::1 HTTP/1.1' },
  { line: 'GET http://[::1]/api/v1/x HTTP/1.1' },
  { line: 'GET /../x HTTP/1.1' },
  { line: 'GET /%2e%2e/x HTTP/1.1' },
  { line: 'GET /api/../../x HTTP/1.1' },
  { line: 'GET /api/v1/%2e%2e/%2e%2e/%2e%2e/etc/passwd HTTP/1.1' },
  { line: 'GET /api/v1/%zz HTTP/1.1' },
  { line: 'GET /api/books/%zz HTTP/1.1' },
  { line: 'GET /api/v1/%00.json HTTP/1.1' },
  { line: 'GET /api/v1/\\..\\x HTTP/1.1' },
  { line: `GET /api/v1/${'a'.repeat(9000)} HTTP/1.1` },
  { line: `GET /api/books/${'a'.repeat(70_000)} HTTP/1.1` },
  { line: 'GET / HTTP/1.1', extra: [`X-Big: ${'a'.repeat(70_000)}`] },
  { line: 'GET /api/v1/letters.json HTTP/1.1', extra: [`Cookie: ${'a'.repeat(70_000)}`] },
  { line: 'GET / HTTP/1.1', noHost: true },
  { line: 'GET /api/ HTTP/1.1', extra: ['Host: second'] },
  { line: 'GET / HTTP/9.9' },
  { line: 'GET /api/v1/ HTTP/2.0' },
  { line: 'GET /\x01 HTTP/1.1' },
  { line: 'GET api/v1/letters.json HTTP/1.1' },
  { line: 'OPTIONS * HTTP/1.1' },
  // nginx's error answers are internal locations: asked for from outside, a 404 like any other.
  { line: 'GET /__khoj_error_app_400 HTTP/1.1' },
  { line: 'GET /__khoj_error_catalog_416 HTTP/1.1' },
  { line: 'TRACE / HTTP/1.1' },
  { line: 'TRACE /api/v1/letters.json HTTP/1.1' },
  { line: 'POST /api/v1/letters.json HTTP/1.1', extra: ['Content-Length: 0'] },
  { line: 'DELETE /api/books HTTP/1.1' },
  { line: 'PUT /data/market/status.json HTTP/1.1', extra: ['Content-Length: 0'] },
  { line: 'BREW / HTTP/1.1' },
  { line: `GET ${FILE} HTTP/1.1`, extra: ['Range: bytes=99999999-'] },
  { line: `GET ${FILE} HTTP/1.1`, extra: ['Range: bytes=-0'] },
  { line: `GET ${FILE} HTTP/1.1`, extra: [`Range: bytes=${ranges(1000)}`], whole: true },
  { line: `GET ${FILE} HTTP/1.1`, extra: ['Range: bytes=0-0,2-2'], whole: true },
  { line: `GET ${FILE} HTTP/1.1`, extra: ['Content-Length: 5', 'Transfer-Encoding: chunked'] },
];

const head = (o: Odd) => [o.line, ...(o.noHost ? [] : ['Host: 127.0.0.1']), ...(o.extra ?? [])].join('\r\n');
const label = (o: Odd) => JSON.stringify(head(o).length > 120 ? `${head(o).slice(0, 100)}…(${head(o).length} bytes)` : head(o));

/** Under /api/ once dot segments are resolved, as both servers resolve them (`/api/../x` is /x). */
function underApi(target: string): boolean {
  try {
    return new URL(target.startsWith('/') ? `http://h${target}` : target).pathname.startsWith('/api/');
  } catch {
    return target.includes('/api/');
  }
}

/** Every way an answer breaks the policy, as text (empty when it keeps it). */
function faults(o: Odd, a: RawAnswer, file: Buffer): string[] {
  const out: string[] = [];
  // 505 (HTTP version not supported) is the one server status an odd request may get.
  if (!(a.status >= 200 && (a.status < 500 || a.status === 505))) out.push(`status ${a.status}`);
  const count = new Map<string, number>();
  for (const [k] of a.lines) count.set(k, (count.get(k) ?? 0) + 1);
  for (const [k, n] of count) if (n > 1) out.push(`${k} sent ${n} times`);
  for (const [k, v] of Object.entries(securityHeaders())) {
    const sent = a.lines.filter(([name]) => name === k.toLowerCase()).map(([, value]) => value);
    if (sent.length === 0) out.push(`no ${k}`);
    else if (sent[0] !== v) out.push(`${k}: ${sent[0]}`);
  }
  const type = a.lines.find(([k]) => k === 'content-type')?.[1] ?? '';
  const api = underApi(o.line.split(' ')[1]!);
  if ((api || a.status >= 400) && a.status !== 304 && a.status !== 204) {
    if (!type.startsWith('application/json')) out.push(`Content-Type ${type || 'none'}, not JSON`);
    else
      try {
        JSON.parse(a.body.toString());
      } catch {
        out.push(`body is not JSON: ${a.body.toString().slice(0, 80)}`);
      }
  }
  if (o.whole && (a.status !== 200 || !a.body.equals(file))) out.push(`status ${a.status}, ${a.body.length} bytes, not the whole file (${file.length} bytes)`);
  return out;
}

const missing = nginxMissing();
if (missing) {
  if (process.env.CI === 'true') throw new Error(missing);
  console.warn(`skipping the nginx half of the odd targets: ${missing}`);
}

describe('odd request targets', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'khoj-odd-'));
  const site = join(tmp, 'site');
  let node: { url: string; server: Server };
  let ng: Nginx | undefined;
  let file: Buffer;

  beforeAll(async () => {
    chmodSync(tmp, 0o755);
    // The data tree the build publishes (every section), and an app page beside it.
    const built = await dataBuild(['--out', site, '--chunk-size', '100', '--quiet']);
    expect(built.code, built.stderr).toBe(0);
    writeFileSync(join(site, 'index.html'), '<!doctype html><title>Khoj</title>');
    file = readFileSync(join(site, FILE));
    const server = khojServer(site);
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    node = { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
    if (!missing) ng = await startNginx(site);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([ng?.close(), new Promise((ok) => (node ? node.server.close(ok) : ok(undefined)))]);
  });

  const check = async (url: string) => {
    const found: string[] = [];
    for (const o of ODD) {
      const a = await rawCall(url, head(o));
      const f = faults(o, a, file);
      if (f.length) found.push(`${label(o)} → ${a.status}: ${f.join('; ')}`);
    }
    expect(found, found.join('\n')).toEqual([]);
  };

  it('the Node server (npm start) keeps the policy on every answer', () => check(node.url));
  it.skipIf(missing !== undefined)('nginx with deploy/nginx keeps the policy on every answer', () => check(ng!.url));
});
