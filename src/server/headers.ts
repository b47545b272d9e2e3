// Applies policy.ts to every answer of a handler: the security headers (JSON errors included),
// CORS on the public data, and the preflight (OPTIONS) that cross-origin clients send first.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { CORS_HEADERS, isPublicData, PREFLIGHT_HEADERS, securityHeaders } from './policy.ts';

export type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export interface PolicyOptions {
  /** a report-uri for CSP violations (the browser tests collect them) */
  cspReportTo?: string;
}

/** The URL path of a request, decoded when it can be (undecodable paths are left to the handler). */
function pathOf(req: IncomingMessage): string {
  const raw = new URL(req.url ?? '/', 'http://x').pathname;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export function withPolicy(handler: Handler, options: PolicyOptions = {}): Handler {
  return async (req, res) => {
    const path = pathOf(req);
    for (const [k, v] of Object.entries(securityHeaders(options.cspReportTo))) res.setHeader(k, v);
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
