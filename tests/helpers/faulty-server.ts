// A real loopback server for fault runs: serves a folder as `npm start` does, except where the
// test's `fault` function picks a fault for a request. Counts what it served, so a run can print
// the mix of faults it went through.

import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';
import { appHandler } from '../../src/server/app.ts';

export type Fault =
  /** the connection is closed before any answer */
  | 'drop'
  /** the headers and half the body, then the connection is closed */
  | 'drop-mid-body'
  /** 200 with half the file, ended cleanly (no length): a truncated file that looks complete */
  | 'truncate'
  /** 200 with an HTML error page, as some hosts and portals answer */
  | 'html'
  | '500'
  /** 200 with this JSON text instead of the file (another build's file, a rolled-back answer) */
  | { body: string }
  /** the file as usual, after a wait (a slow phone network) */
  | { delayMs: number }
  /** 200 with these bytes instead of the file (a damaged copy of the same length, say) */
  | { bytes: Uint8Array }
  /**
   * 200 promising the whole file, its first `cutAfter` bytes, then, once the reader has had time to
   * read them (a real network's cut loses only what is in flight), the connection closed
   */
  | { cutAfter: number };

export interface FaultyServer {
  url: string;
  /** serve another folder from now on */
  use: (dir: string) => void;
  /** the fault for each request (path below the origin, decoded); undefined serves it normally */
  fault: (path: string, req: IncomingMessage) => Fault | undefined;
  /** requests served, by fault ("ok" for normal answers) */
  served: Record<string, number>;
  /** paths requested, in order */
  log: string[];
  close: () => Promise<void>;
}

export async function serveFaulty(dir: string): Promise<FaultyServer> {
  let root = dir;
  let handle = appHandler(dir);
  const sockets = new Set<Socket>();
  const s: FaultyServer = {
    url: '',
    use: (d) => {
      root = d;
      handle = appHandler(d);
    },
    fault: () => undefined,
    served: {},
    log: [],
    close: () =>
      new Promise((ok) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => ok());
      }),
  };
  const count = (what: string) => (s.served[what] = (s.served[what] ?? 0) + 1);
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    s.log.push(path);
    const fault = s.fault(path, req);
    if (typeof fault === 'object' && 'delayMs' in fault) {
      count('delayed');
      return void setTimeout(() => void handle(req, res), fault.delayMs);
    }
    count(typeof fault === 'object' ? 'replaced' : (fault ?? 'ok'));
    if (!fault) return void handle(req, res);
    if (typeof fault === 'object' && 'cutAfter' in fault) {
      count('cut');
      const body = readFileSync(join(root, path));
      res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': body.length, 'Cache-Control': 'no-store' });
      return void res.write(body.subarray(0, fault.cutAfter), () => setTimeout(() => req.socket.destroy(), 300));
    }
    if (typeof fault === 'object' && 'bytes' in fault)
      return void res
        .writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': fault.bytes.length, 'Cache-Control': 'no-store' })
        .end(fault.bytes);
    if (typeof fault === 'object') return void res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }).end(fault.body);
    if (fault === 'drop') return void req.socket.destroy();
    if (fault === '500') return void res.writeHead(500, { 'Content-Type': 'application/json' }).end('{"error":"boom","status":500}');
    if (fault === 'html')
      return void res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>Service unavailable</title><h1>Please try later</h1>');
    let body: Buffer;
    try {
      body = readFileSync(join(root, path));
    } catch {
      body = Buffer.from('{"apiVersion":"1.0.0","entries":[{"word":"क');
    }
    const half = body.subarray(0, Math.max(1, body.length >> 1));
    if (fault === 'truncate') return void res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }).end(half);
    // drop-mid-body: the length promised is never delivered
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': body.length, 'Cache-Control': 'no-store' });
    res.write(half, () => setImmediate(() => req.socket.destroy()));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  s.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return s;
}
