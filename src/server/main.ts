// `npm start`: serves the built app and data from dist/ on http://localhost:4173
// (PORT and HOST change it).

import { createServer } from 'node:http';
import { existsSync } from 'node:fs';
import { appHandler } from './app.ts';

const root = process.env.KHOJ_DIST ?? 'dist';
const port = Number(process.env.PORT ?? 4173);
const host = process.env.HOST ?? 'localhost';

if (!existsSync(root)) {
  process.stderr.write(`no ${root}/ folder: run "npm run build" first\n`);
  process.exit(1);
}
const handle = appHandler(root);
const server = createServer((req, res) => {
  handle(req, res).catch(() => {
    // Never a stack trace in a response.
    if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ error: 'internal error', status: 500 }));
  });
});
server.listen(port, host, () => {
  process.stdout.write(`Khoj is serving ${root}/ on http://${host}:${port}/\n`);
});
