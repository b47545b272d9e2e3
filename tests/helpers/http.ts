// A real HTTP server on loopback serving a folder exactly as `npm start` serves dist/.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { appHandler } from '../../src/server/app.ts';

export interface Served {
  url: string;
  close: () => Promise<void>;
}

export async function serve(dir: string): Promise<Served> {
  const handle = appHandler(dir);
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

export interface Switchable extends Served {
  /** serve another folder from now on, on the same origin */
  use: (dir: string) => void;
}

/**
 * One origin whose files can be swapped, as a host is redeployed under a running app;
 * with `prefix` (e.g. "/khoj"), the files are served under that sub-path only.
 */
export async function serveSwitchable(dir: string, prefix = ''): Promise<Switchable> {
  let handle = appHandler(dir);
  const server: Server = createServer((req, res) => {
    if (prefix) {
      if (!req.url?.startsWith(`${prefix}/`)) {
        res.writeHead(404).end();
        return;
      }
      req.url = req.url.slice(prefix.length);
    }
    void handle(req, res);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    use: (d) => (handle = appHandler(d)),
    close: () =>
      new Promise((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
