// Applies the HTTP policy (core/http-policy.ts) to every answer of a handler: the security headers (JSON errors included),
// CORS on the public data, and the preflight (OPTIONS) that cross-origin clients send first.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { CONTENT_TYPES, CORS_HEADERS, isPublicData, PREFLIGHT_HEADERS, securityHeaders } from '../core/http-policy.ts';
import { requestUrl } from './target.ts';

export type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export interface PolicyOptions {
  /** a report-uri for CSP violations (the browser tests collect them) */
  cspReportTo?: string;
}

/** The URL path of a request, decoded when it can be (undecodable paths are left to the handler). */
function pathOf(url: URL): string {
  const raw = url.pathname;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export function withPolicy(handler: Handler, options: PolicyOptions = {}): Handler {
  return async (req, res) => {
    // First, so that every answer below (a failure's 500 included) carries them.
    for (const [k, v] of Object.entries(securityHeaders(options.cspReportTo))) res.setHeader(k, v);
    const url = requestUrl(req);
    if (!url) return jsonError(res, 400, 'the request target is not a URL');
    // HTTP/1.1 requires Host (RFC 9112 3.2); Node's own check would answer without these headers.
    if (req.httpVersion === '1.1' && req.headers.host === undefined) return jsonError(res, 400, 'no Host header');
    const path = pathOf(url);
    if (isPublicData(path)) {
      if (req.method === 'OPTIONS') {
        res.writeHead(204, { ...PREFLIGHT_HEADERS, Allow: 'GET, HEAD, OPTIONS', 'Cache-Control': 'no-cache' });
        res.end();
        return;
      }
      for (const [k, v] of Object.entries(CORS_HEADERS)) res.setHeader(k, v);
    }
    await handler(req, res);
  };
}

function jsonError(res: ServerResponse, status: number, error: string): void {
  res.writeHead(status, { 'Content-Type': CONTENT_TYPES['.json']!, 'Cache-Control': 'no-cache' });
  res.end(JSON.stringify({ error, status }));
}

/**
 * The server's answer to a request it could not parse (Node's 'clientError'): Node's own is a
 * bare status line; this one is JSON with the policy's headers, as every other answer.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify({ error: STATUS_CODES[status]!.toLowerCase(), status });
  const headers = {
    ...securityHeaders(),
    'Content-Type': CONTENT_TYPES['.json']!,
    'Cache-Control': 'no-cache',
    'Content-Length': String(Buffer.byteLength(body)),
    Connection: 'close',
  };
  const head = [`HTTP/1.1 ${status} ${STATUS_CODES[status]}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)].join('\r\n');
  socket.end(`${head}\r\n\r\n${body}`);
}
