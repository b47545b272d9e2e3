// `npm run bench serve`: the Node server (and Debian's nginx with deploy/nginx, when installed)
// under a bounded autocannon load on loopback. (1) A ~100 KB chunk served from its precompressed
// .br/.gz against today's per-request gzip (the same server, a folder without .br/.gz), same
// run. (2) The catalog query, a chunk and `/` of a built app: requests/s, p99, errors.

import autocannon from 'autocannon';
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { precompressTree } from '../src/vite/precompress.ts';
import { nginxMissing, startNginx } from '../harness/nginx.ts';

const ROOT = resolve(import.meta.dirname, '..');
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

/** A dictionary-like chunk of about `bytes` bytes (Devanagari words and senses). */
function chunk(bytes: number): string {
  const letters = 'कखगघङचछजझञटठडढणतथदधनपफबभमयरलवशषसह';
  const entries: unknown[] = [];
  let seed = 7;
  const r = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  const word = (n: number) => Array.from({ length: n }, () => letters[Math.floor(r() * letters.length)]).join('');
  let size = 0;
  while (size < bytes) {
    const e = {
      word: word(3 + Math.floor(r() * 4)),
      definitions: [{ grammar: 'ना.', senses: [word(5) + ' ' + word(7) + '; ' + word(4), word(6) + ' ' + word(3)] }],
    };
    size += Buffer.byteLength(JSON.stringify(e));
    entries.push(e);
  }
  return JSON.stringify({ apiVersion: '1.0.0', chunk: 1, count: entries.length, entries });
}

function startServer(dir: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'bench/serve-child.ts'), dir], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((ok, fail) => {
    child.stdout!.setEncoding('utf8').once('data', (d: string) => ok({ url: `http://127.0.0.1:${d.trim()}`, child }));
    child.once('exit', (code) => fail(new Error(`the server exited (${code})`)));
  });
}

interface Figures {
  rps: number;
  p99: number;
  errors: number;
  non2xx: number;
  mbps: number;
}

async function load(url: string, headers: Record<string, string> = {}): Promise<Figures> {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx, mbps: r.throughput.average / 1e6 };
}

const row = (what: string, f: Figures) =>
  `| ${what} | ${Math.round(f.rps).toLocaleString('en')} | ${f.p99} ms | ${f.errors} | ${f.non2xx} | ${f.mbps.toFixed(1)} MB/s |`;
const HEAD = '| what | requests/s | p99 | errors | non-2xx | transfer |\n|---|---|---|---|---|---|';

export async function benchServe(): Promise<void> {
  const work = join(tmpdir(), `khoj-bench-serve-${process.pid}`);
  const pre = join(work, 'pre');
  const dyn = join(work, 'dyn');
  const path = '/api/v1/chunks/0001.json';
  const text = chunk(100_000);
  for (const d of [pre, dyn]) {
    mkdirSync(join(d, 'api/v1/chunks'), { recursive: true });
    writeFileSync(join(d, path), text);
  }
  await precompressTree(pre);
  const size = (p: string) => statSync(p).size;
  console.log(
    `\nserve: a ${(size(join(pre, path)) / 1000).toFixed(0)} KB chunk (br ${(size(join(pre, `${path}.br`)) / 1000).toFixed(1)} KB, gzip ${(size(join(pre, `${path}.gz`)) / 1000).toFixed(1)} KB), ` +
      `autocannon ${CONNECTIONS} connections × ${DURATION} s each, loopback, same run`,
  );
  const servers = await Promise.all([startServer(pre), startServer(dyn)]);
  const lines = [HEAD];
  try {
    const [p, d] = servers;
    // Warm both (the first request of each loads modules and opens files).
    await Promise.all([fetch(p!.url + path), fetch(d!.url + path)]);
    lines.push(row('precompressed .br (Accept-Encoding: gzip, br)', await load(p!.url + path, { 'accept-encoding': 'gzip, br' })));
    lines.push(row('precompressed .gz (Accept-Encoding: gzip)', await load(p!.url + path, { 'accept-encoding': 'gzip' })));
    lines.push(row('per-request gzip, as before (Accept-Encoding: gzip, br)', await load(d!.url + path, { 'accept-encoding': 'gzip, br' })));
    lines.push(row('uncompressed (no Accept-Encoding)', await load(p!.url + path)));
  } finally {
    for (const s of servers) s.child.kill();
  }
  console.log(lines.join('\n'));

  // (2) A built app: sample data of every service, the real vite build (precompressed).
  const site = join(work, 'site');
  execFileSync(process.execPath, [join(ROOT, 'data-build/run.mjs'), 'cli', '--out', join(site, 'data'), '--quiet'], { cwd: ROOT, stdio: 'inherit' });
  execFileSync(
    process.execPath,
    [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error', '--outDir', join(site, 'dist'), '--emptyOutDir'],
    {
      cwd: ROOT,
      env: { ...process.env, KHOJ_DATA_DIR: join(site, 'data') },
      stdio: 'inherit',
    },
  );
  const dist = join(site, 'dist');
  const targets: Array<[string, string, Record<string, string>]> = [
    ['catalog query /api/books?q=science&grade=9', '/api/books?q=science&grade=9', { 'accept-encoding': 'gzip, br' }],
    ['a chunk /api/v1/chunks/0000.json', '/api/v1/chunks/0000.json', { 'accept-encoding': 'gzip, br' }],
    ['the app shell /', '/', { 'accept-encoding': 'gzip, br' }],
  ];
  console.log(`\nserve: load run on a built app, autocannon ${CONNECTIONS} connections × ${DURATION} s per path, loopback`);
  const load2 = [HEAD];
  const node = await startServer(dist);
  try {
    for (const [what, p, h] of targets) {
      await fetch(node.url + p);
      load2.push(row(`Node server: ${what}`, await load(node.url + p, h)));
    }
  } finally {
    node.child.kill();
  }
  const missing = nginxMissing();
  if (missing) console.log(`  (nginx skipped: ${missing})`);
  else {
    const ng = await startNginx(dist);
    try {
      // nginx answers no query (the service worker does): its rows are the files.
      for (const [what, p, h] of targets.slice(1)) load2.push(row(`nginx + deploy/nginx: ${what}`, await load(ng.url + p, h)));
    } finally {
      await ng.close();
    }
  }
  console.log(load2.join('\n'));
  rmSync(work, { recursive: true, force: true });
}

if (import.meta.url === `file://${process.argv[1]}`) await benchServe();
