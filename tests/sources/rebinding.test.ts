// DNS rebinding against the build's public-host rule (data-build/fetch/address.ts): a host whose
// name resolves to a public address when checked and to 127.0.0.1 when connected must not reach
// the loopback server. The system resolver (node:dns, which both the check and the connection
// use) is stood in for by a test resolver with such a changing answer; the server is real.

import { createRequire, syncBuiltinESMExports } from 'node:module';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { download } from '../../data-build/fetch/download.ts';
import { setNetOptions } from '../../data-build/fetch/options.ts';

const require = createRequire(import.meta.url);
const dns = require('node:dns') as typeof import('node:dns');
const dnsPromises = require('node:dns/promises') as typeof import('node:dns/promises');

const HOST = 'rebind.khoj.test';
const PUBLIC = '93.184.216.34';

type Address = { address: string; family: number };
let answers: Address[][] = [];
let asked = 0;
const original = { lookup: dns.lookup, promises: dnsPromises.lookup, dnsPromises: dns.promises.lookup };

/** The test resolver: HOST gets the next of `answers` (the last one from then on); other names the system's answer. */
function install(): void {
  const next = () => answers[Math.min(asked++, answers.length - 1)]!;
  const promised = (async (host: string, options?: unknown) => {
    if (host !== HOST) return (original.promises as (h: string, o?: unknown) => Promise<unknown>)(host, options);
    const list = next();
    return (options as { all?: boolean } | undefined)?.all ? list : list[0];
  }) as typeof dnsPromises.lookup;
  const callback = ((host: string, options: unknown, cb?: (...a: unknown[]) => void) => {
    const done = (typeof options === 'function' ? options : cb) as (...a: unknown[]) => void;
    const opts = (typeof options === 'object' && options) || {};
    if (host !== HOST) return (original.lookup as (...a: unknown[]) => void)(host, options, cb);
    const list = next();
    process.nextTick(() => ((opts as { all?: boolean }).all ? done(null, list) : done(null, list[0]!.address, list[0]!.family)));
  }) as typeof dns.lookup;
  dns.lookup = callback;
  dns.promises.lookup = promised;
  dnsPromises.lookup = promised;
  syncBuiltinESMExports();
}

let server: Server;
let hits = 0;
let port = 0;
beforeAll(async () => {
  server = createServer((_req, res) => {
    hits++;
    res.end('secret from the loopback server');
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  port = (server.address() as AddressInfo).port;
  install();
});
afterAll(async () => {
  dns.lookup = original.lookup;
  dns.promises.lookup = original.dnsPromises;
  dnsPromises.lookup = original.promises;
  syncBuiltinESMExports();
  await new Promise((ok) => server.close(ok));
});
afterEach(() => {
  hits = 0;
  asked = 0;
});

describe('public hosts only, where the connection is made', () => {
  it('a name that resolves to a public address and then to 127.0.0.1 never reaches the loopback server', async () => {
    setNetOptions({ cacheDir: null, retries: 0, timeoutMs: 10_000 });
    answers = [[{ address: PUBLIC, family: 4 }], [{ address: '127.0.0.1', family: 4 }]];
    await expect(download(`http://${HOST}:${port}/book.pdf`)).rejects.toThrow(
      /rebind\.khoj\.test: 127\.0\.0\.1 is a loopback address; only public hosts are fetched/,
    );
    expect(asked).toBeGreaterThanOrEqual(2);
    expect(hits).toBe(0);
  });

  it('a name with a public and a private address is refused', async () => {
    setNetOptions({ cacheDir: null, retries: 0, timeoutMs: 10_000 });
    answers = [
      [
        { address: PUBLIC, family: 4 },
        { address: '127.0.0.1', family: 4 },
      ],
    ];
    await expect(download(`http://${HOST}:${port}/book.pdf`)).rejects.toThrow(/127\.0\.0\.1 is a loopback address/);
    expect(hits).toBe(0);
  });

  it('--allow-private-hosts still reaches a private host, by name or by address; a named private upstream is reached, no other', async () => {
    setNetOptions({ cacheDir: null, retries: 0, allowPrivateHosts: true });
    answers = [[{ address: '127.0.0.1', family: 4 }]];
    const byName = await download(`http://${HOST}:${port}/book.pdf`);
    expect(new TextDecoder().decode(byName.bytes)).toBe('secret from the loopback server');
    const byAddress = await download(`http://127.0.0.1:${port}/book.pdf`);
    expect(byAddress.bytes.length).toBeGreaterThan(0);
    // Every fetch is held to public hosts, the operator's own source URLs too, unless named.
    setNetOptions({ cacheDir: null, retries: 0 });
    await expect(download(`http://127.0.0.1:${port}/dump.json`)).rejects.toThrow(/127\.0\.0\.1 is a loopback address; only public hosts are fetched/);
    setNetOptions({ cacheDir: null, retries: 0, privateUpstreams: [`http://127.0.0.1:${port}`] });
    expect((await download(`http://127.0.0.1:${port}/dump.json`)).bytes.length).toBeGreaterThan(0);
    await expect(download(`http://${HOST}:${port}/dump.json`)).rejects.toThrow(/rebind\.khoj\.test: 127\.0\.0\.1 is a loopback address/);
    expect(hits).toBe(3);
    setNetOptions({});
  });
});
