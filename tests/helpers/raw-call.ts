// One HTTP request with exactly the headers given (no fetch defaults such as Accept-Encoding),
// for the tests of what a server sends: status, every header, the raw body bytes.

import { request } from 'node:http';
import { connect } from 'node:net';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export function call(base: string, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((ok, fail) => {
    const u = new URL(base);
    // A connection per request: a kept-alive socket closed by the server while a slow test computes would reset.
    const req = request({ host: u.hostname, port: u.port, path, headers, method, agent: false }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (d: Buffer) => parts.push(d));
      res.on('end', () => ok({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(parts) }));
    });
    req.on('error', fail);
    req.end();
  });
}

export interface RawAnswer {
  status: number;
  /** every header line as sent, in order, names lower-cased: repeats stay visible */
  lines: Array<[string, string]>;
  body: Buffer;
}

/** Un-chunks a chunked body (RFC 9112 7.1); trailers are dropped. */
function unchunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = data.indexOf('\r\n', at);
    if (eol < 0) throw new Error('truncated chunked body');
    const size = parseInt(data.subarray(at, eol).toString('latin1'), 16);
    if (!Number.isFinite(size)) throw new Error('bad chunk size');
    if (size === 0) return Buffer.concat(parts);
    parts.push(data.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
}

/**
 * Sends `head` (a request line and header lines, no blank line) byte for byte over a fresh
 * socket, with "Connection: close", and reads the one answer until the server closes. For the
 * targets no HTTP client would send (`//a:b@/x`, `http://[::1`, `/../x`, a bare TRACE).
 */
export function rawCall(base: string, head: string): Promise<RawAnswer> {
  return new Promise((ok, fail) => {
    const u = new URL(base);
    const socket = connect(Number(u.port), u.hostname);
    const parts: Buffer[] = [];
    socket.on('data', (d: Buffer) => parts.push(d));
    socket.on('error', fail);
    socket.on('close', () => {
      const data = Buffer.concat(parts);
      const end = data.indexOf('\r\n\r\n');
      if (end < 0) return fail(new Error(`no answer head in ${JSON.stringify(data.toString('latin1').slice(0, 200))}`));
      const [statusLine, ...rest] = data.subarray(0, end).toString('latin1').split('\r\n');
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine!)?.[1]);
      const lines = rest.map((l): [string, string] => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]);
      let body: Buffer = data.subarray(end + 4);
      if (lines.some(([k, v]) => k === 'transfer-encoding' && /chunked/i.test(v))) body = unchunk(body);
      ok({ status, lines, body });
    });
    socket.write(Buffer.from(`${head}\r\nConnection: close\r\n\r\n`, 'latin1'));
  });
}
