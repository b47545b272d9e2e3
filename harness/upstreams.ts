// The `public` profile's three upstreams, served on loopback at the same paths as the real
// hosts, from ../shared/data:
//   - github.io: /yoshabdakosh/api/v1/… (a tree our build made from a dump of real headwords)
//     and /yonepse/data/… (the real layout-A files; a trimmed `.sample.json` stands in for a
//     file that could not be copied, as upstream would serve the full one);
//   - yobook-api: a live YoBook API (our own server over the real per-source files).
// Static files carry ETag and Last-Modified and answer 304, as GitHub Pages does. Every
// request is logged; `fail()` makes the next requests of a path answer 429 or 503.

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { appHandler } from '../src/server/app.ts';
import { dataBuild } from './run.ts';
import { DUMP_TOOL, HEADWORDS, SHARED_DATA } from './shared-data.ts';

export const PUBLIC = {
  dictionary: 'https://shubhamnpk.github.io/yoshabdakosh/api/v1',
  books: 'https://yobook-api.vercel.app',
  market: 'https://shubhamnpk.github.io/yonepse',
};

export interface Logged {
  host: 'github' | 'yobook';
  path: string;
  status: number;
}

export interface Upstreams {
  /** KHOJ_MIRRORS pointing the public hosts here */
  mirrors: string;
  log: Logged[];
  /** the next `times` requests whose path starts with `prefix` answer `status` (with Retry-After when given) */
  fail(prefix: string, status: number, times: number, retryAfter?: string): void;
  /** the next `times` requests whose path starts with `prefix` get a 200 and half a body, then nothing */
  stall(prefix: string, times: number): void;
  /** how many headwords the dictionary tree holds */
  entries: number;
  /** the folder holding the YoBook host's built catalog (its api/books/catalog.json) */
  booksSite: string;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = { '.json': 'application/json; charset=utf-8', '.yaml': 'text/yaml; charset=utf-8', '.txt': 'text/plain; charset=utf-8' };

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** A file answered as a static host does: ETag and Last-Modified, 304 when they match. */
function sendStatic(req: IncomingMessage, res: ServerResponse, file: string): number {
  const body = readFileSync(file);
  const etag = `"${createHash('sha1').update(body).digest('hex').slice(0, 16)}"`;
  const lastModified = statSync(file).mtime.toUTCString();
  const headers = {
    ETag: etag,
    'Last-Modified': lastModified,
    'Cache-Control': 'max-age=600',
    'Content-Type': TYPES[file.slice(file.lastIndexOf('.'))] ?? 'application/octet-stream',
  };
  if (req.headers['if-none-match'] === etag || (!req.headers['if-none-match'] && req.headers['if-modified-since'] === lastModified)) {
    res.writeHead(304, headers).end();
    return 304;
  }
  res.writeHead(200, { ...headers, 'Content-Length': body.length }).end(body);
  return 200;
}

const isFile = (p: string) => existsSync(p) && statSync(p).isFile();

export async function startUpstreams(opts: { entries?: number } = {}): Promise<Upstreams> {
  const work = mkdtempSync(join(tmpdir(), 'khoj-upstreams-'));
  const entries = opts.entries ?? 3000;
  // The dictionary host's tree: our own build of a dump of real headwords (synthetic senses).
  const dump = join(work, 'dump.json');
  execFileSync(process.execPath, [DUMP_TOOL, '--words', HEADWORDS, '--out', dump, '--entries', String(entries)], { stdio: 'ignore' });
  const tree = join(work, 'dictionary');
  const d = await dataBuild(['--only', 'dictionary', '--dictionary', dump, '--out', tree, '--quiet'], { SOURCE_DATE_EPOCH: '1780000000' });
  if (d.code !== 0) throw new Error(`upstreams: the dictionary tree did not build: ${d.stderr}`);
  // The YoBook host: the real per-source files, served by our API server.
  const booksSite = join(work, 'yobook');
  const b = await dataBuild(['--only', 'books', '--books', join(SHARED_DATA, 'books/sources'), '--out', booksSite, '--quiet'], { KHOJ_BOOKS_PDFS: 'none' });
  if (b.code !== 0) throw new Error(`upstreams: the YoBook catalog did not build: ${b.stderr}`);
  const marketData = join(SHARED_DATA, 'market/layout-a/data');

  const log: Logged[] = [];
  const faults: Array<{ prefix: string; status: number; left: number; retryAfter?: string }> = [];
  const faulted = (path: string, res: ServerResponse): number | undefined => {
    const f = faults.find((x) => x.left > 0 && path.startsWith(x.prefix));
    if (!f) return undefined;
    f.left--;
    if (f.status === 0) {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': 1000 });
      res.write('{"half": ');
      return 0;
    }
    res.writeHead(f.status, { 'Content-Type': 'text/plain', ...(f.retryAfter !== undefined ? { 'Retry-After': f.retryAfter } : {}) }).end(`${f.status}`);
    return f.status;
  };

  const github = await listen((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const status = ((): number => {
      const fault = faulted(path, res);
      if (fault !== undefined) return fault;
      let file: string | undefined;
      if (path.startsWith('/yoshabdakosh/api/v1/')) file = join(tree, 'api/v1', path.slice('/yoshabdakosh/api/v1/'.length));
      else if (path.startsWith('/yonepse/data/')) {
        file = join(marketData, path.slice('/yonepse/data/'.length));
        if (!isFile(file)) file = file.replace(/\.json$/, '.sample.json');
      }
      if (file && !resolve(file).includes('..') && isFile(file)) return sendStatic(req, res, file);
      res.writeHead(404, { 'Content-Type': 'text/html' }).end('<h1>404</h1>');
      return 404;
    })();
    log.push({ host: 'github', path, status });
  });
  const api = appHandler(booksSite);
  const yobook = await listen((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const fault = faulted(`yobook:${path}`, res);
    if (fault !== undefined) {
      log.push({ host: 'yobook', path, status: fault });
      return;
    }
    res.on('finish', () => log.push({ host: 'yobook', path, status: res.statusCode }));
    void api(req, res);
  });

  return {
    mirrors: `https://shubhamnpk.github.io=${github.url} ${PUBLIC.books}=${yobook.url}`,
    log,
    fail: (prefix, status, times, retryAfter) => faults.push({ prefix, status, left: times, ...(retryAfter !== undefined ? { retryAfter } : {}) }),
    stall: (prefix, times) => faults.push({ prefix, status: 0, left: times }),
    entries,
    booksSite,
    close: async () => {
      for (const s of [github.server, yobook.server]) {
        s.closeAllConnections();
        await new Promise((ok) => s.close(ok));
      }
    },
  };
}
