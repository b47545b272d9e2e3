// A `npm start` server in a process of its own (so the load generator does not share its event
// loop): serves argv[2] on a loopback port and prints the port.

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { appHandler } from '../src/server/app.ts';

const handle = appHandler(process.argv[2]!);
const server = createServer((req, res) => {
  handle(req, res).catch(() => {
    if (!res.headersSent) res.writeHead(500);
    res.end();
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`${(server.address() as AddressInfo).port}\n`));
