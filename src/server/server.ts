// The HTTP server `npm start` runs around the app's handler (app.ts): a failure inside the
// handler is a JSON 500, never a stack trace, and a request Node cannot parse gets a JSON
// error with the policy's headers (headers.ts), as every other answer.

import { createServer, type Server } from 'node:http';
import { appHandler } from './app.ts';
import { answerClientError, type PolicyOptions } from './headers.ts';

export function khojServer(root: string, options: PolicyOptions = {}): Server {
  const handle = appHandler(root, options);
  // requireHostHeader off: withPolicy answers a missing Host itself, with the headers.
  const server = createServer({ requireHostHeader: false }, (req, res) => {
    handle(req, res).catch(() => {
      // Never a stack trace in a response; the security headers are already set (withPolicy).
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ error: 'internal error', status: 500 }));
    });
  });
  server.on('clientError', answerClientError);
  return server;
}
