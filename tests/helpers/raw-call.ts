// One HTTP request with exactly the headers given (no fetch defaults such as Accept-Encoding),
// for the tests of what a server sends: status, every header, the raw body bytes.

import { request } from 'node:http';

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
