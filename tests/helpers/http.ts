// A real HTTP server on loopback serving a folder with the project's own static handler.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { staticHandler } from '../../src/server/static.ts';

export interface Served {
  url: string;
  close: () => Promise<void>;
}

export async function serve(dir: string): Promise<Served> {
  const handle = staticHandler(dir);
  const server: Server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((ok) => server.close(() => ok())),
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
