// A real HTTP server on loopback serving a folder exactly as `npm start` serves dist/, with the
// same HTTP policy (src/core/http-policy.ts). The browser reports any CSP violation to it, and
// closing a server that received one fails the test that used it.

import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { appHandler } from '../src/server/app.ts';
import { CONTENT_TYPES } from '../src/core/http-policy.ts';
import { Folder, safeJoin } from '../src/server/served-file.ts';

/** Where the test servers' CSP sends violation reports (report-uri). */
export const CSP_REPORT_PATH = '/__csp-report';

/** Takes a CSP violation report (true) or leaves the request alone (false). */
function takeReport(req: IncomingMessage, res: ServerResponse, reports: string[]): boolean {
  if (req.method !== 'POST' || !req.url?.endsWith(CSP_REPORT_PATH)) return false;
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (d: string) => (body += d.slice(0, 4096)));
  req.on('end', () => {
    reports.push(body);
    res.writeHead(204).end();
  });
  return true;
}

function checkReports(reports: string[]): void {
  if (reports.length === 0) return;
  const list = reports.splice(0).map((r) => {
    try {
      const v = (JSON.parse(r) as { 'csp-report'?: Record<string, string> })['csp-report'] ?? {};
      return `${v['violated-directive'] ?? v['effective-directive']} blocked ${v['blocked-uri']} in ${v['document-uri']}${v['source-file'] ? ` (${v['source-file']}:${v['line-number']})` : ''}`;
    } catch {
      return r;
    }
  });
  throw new Error(`the browser reported Content-Security-Policy violations (policy: src/core/http-policy.ts):\n${list.join('\n')}`);
}

const policy = { cspReportTo: CSP_REPORT_PATH };

export interface Served {
  url: string;
  close: () => Promise<void>;
}

/** Closes the server, then fails if the pages it served reported a CSP violation. */
const closeChecked = (server: Server, reports: string[]): Promise<void> =>
  new Promise((ok, fail) =>
    server.close(() => {
      try {
        checkReports(reports);
        ok();
      } catch (e) {
        fail(e as Error);
      }
    }),
  );

export async function serve(dir: string): Promise<Served> {
  const handle = appHandler(dir, policy);
  const reports: string[] = [];
  const server: Server = createServer((req, res) => takeReport(req, res, reports) || void handle(req, res));
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    // Open connections dropped first: a page still open (its worker fetching) kept close() waiting
    // past a test's time (dictionary-correction.spec.ts, in full runs).
    close: () => {
      server.closeAllConnections();
      return closeChecked(server, reports);
    },
  };
}

/** A loopback port with nothing listening on it. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  await new Promise((ok) => server.close(ok));
  return port;
}

export interface Switchable extends Served {
  /** serve another folder from now on, on the same origin */
  use: (dir: string) => void;
  /** CSP violation reports received and not yet checked */
  reports: string[];
}

/**
 * One origin whose files can be swapped, as a host is redeployed under a running app;
 * with `prefix` (e.g. "/khoj"), the files are served under that sub-path only.
 */
export async function serveSwitchable(dir: string, prefix = ''): Promise<Switchable> {
  let handle = appHandler(dir, policy);
  const reports: string[] = [];
  const server: Server = createServer((req, res) => {
    if (takeReport(req, res, reports)) return;
    if (prefix) {
      if (!req.url?.startsWith(`${prefix}/`)) {
        res.writeHead(404).end();
        return;
      }
      req.url = req.url.slice(prefix.length);
    }
    void handle(req, res);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    use: (d) => (handle = appHandler(d, policy)),
    reports,
    close: () => {
      server.closeAllConnections();
      return closeChecked(server, reports);
    },
  };
}

export interface BareOptions {
  /** answer `…/index.html` with a 301 to `…/`, as many static hosts do */
  redirectIndex?: boolean;
}

/**
 * A static host that sends no headers but Content-Type, as GitHub Pages sends none of ours: the
 * page's own <meta> policy is all there is. Files only from inside `dir`; a folder's index.html
 * for a path ending in "/"; 404 otherwise.
 */
export async function serveBare(dir: string, options: BareOptions = {}): Promise<Served> {
  const folder = new Folder(dir);
  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      if (options.redirectIndex && path.endsWith('/index.html')) {
        res.writeHead(301, { Location: path.slice(0, -'index.html'.length) }).end();
        return;
      }
      const file = safeJoin(folder.root, path);
      const found = file && (await folder.file(file));
      if (!found) return void res.writeHead(404).end();
      res.writeHead(200, { 'Content-Type': CONTENT_TYPES[extname(found.path)] ?? 'application/octet-stream' });
      res.end(await readFile(found.path));
    })().catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

/** A loopback server answering with `handle` (a test's own site or upstream); `close` drops its open connections first. */
export async function listen(handle: (req: IncomingMessage, res: ServerResponse) => void): Promise<Served> {
  const server = createServer(handle);
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((ok) => (server.closeAllConnections(), server.close(() => ok()))),
  };
}

/**
 * A loopback front that notes every path asked of it (the worker's fetches too) in `asked` and
 * passes each request on to `target`; `own` may answer a request itself (true when it did).
 */
export async function countingProxy(target: string, own?: (req: IncomingMessage, res: ServerResponse) => boolean): Promise<Served & { asked: string[] }> {
  const to = new URL(target);
  const asked: string[] = [];
  const front = await listen((req, res) => {
    asked.push(req.url ?? '');
    if (own?.(req, res)) return;
    const options = { host: to.hostname, port: to.port, path: req.url, method: req.method, headers: req.headers };
    const up = httpRequest(options, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    up.on('error', () => res.writeHead(502).end());
    req.pipe(up);
  });
  return { ...front, asked };
}

export interface Counted {
  /** body bytes sent, as sent (compressed where the server sends a .br or .gz), and answers */
  bytes: number;
  requests: number;
  /** the same for the pack (/packs/), and when its last answer ended (Date.now()) */
  pack: number;
  packEnd: number;
}

/**
 * `serve`, counting what the server sends: what really crosses the network, to set against the
 * sizes the app quotes (issue 34: it quoted the files' UTF-8 size, 5× the transfer).
 */
export async function serveCounting(dir: string): Promise<Served & { sent: Counted }> {
  const handle = appHandler(dir, policy);
  const reports: string[] = [];
  const sent: Counted = { bytes: 0, requests: 0, pack: 0, packEnd: 0 };
  const server: Server = createServer((req, res) => {
    if (takeReport(req, res, reports)) return;
    countBody(req, res, sent);
    void handle(req, res);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sent,
    close: () => {
      server.closeAllConnections();
      return closeChecked(server, reports);
    },
  };
}

/** Adds each chunk of `res`'s body to `sent` as it is written (streams pipe through write; small answers come whole to end). */
function countBody(req: IncomingMessage, res: ServerResponse, sent: Counted): void {
  sent.requests++;
  const pack = (req.url ?? '').includes('/packs/');
  const count = (chunk: unknown) => {
    const n = typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk instanceof Uint8Array ? chunk.length : 0;
    sent.bytes += n;
    if (pack) sent.pack += n;
  };
  const write = res.write.bind(res) as (...a: unknown[]) => boolean;
  const end = res.end.bind(res) as (...a: unknown[]) => ServerResponse;
  res.write = ((chunk: unknown, ...rest: unknown[]) => (count(chunk), write(chunk, ...rest))) as typeof res.write;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (chunk && typeof chunk !== 'function') count(chunk);
    if (pack) res.once('finish', () => (sent.packEnd = Date.now()));
    return end(chunk, ...rest);
  }) as typeof res.end;
}
