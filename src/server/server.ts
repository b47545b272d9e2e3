// The HTTP server `npm start` runs around the app's handler (app.ts): a failure inside the
// handler is a JSON 500, never a stack trace.

import { createServer, type Server } from 'node:http';
import { appHandler } from './app.ts';
import type { PolicyOptions } from './headers.ts';

export function khojServer(root: string, options: PolicyOptions = {}): Server {
  const handle = appHandler(root, options);
  return createServer((req, res) => {
    handle(req, res).catch(() => {
      // Never a stack trace in a response.
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ error: 'internal error', status: 500 }));
    });
  });
}
