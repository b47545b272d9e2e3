// Catalog query benchmark: a 100,000-book synthetic catalog, filtered queries with q.
// Figures: the server's query path in-process (query module + JSON serialisation, what
// src/server/books/api.ts does per request) and end to end over HTTP against the real
// server on loopback. Target: p95 under 20 ms. Printed, never asserted.

import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BooksApi } from '../src/core/books/query.ts';
import { appHandler } from '../src/server/app.ts';
import { rng, syntheticCatalog, SYNTHETIC_VOCABULARY } from '../harness/books/synthetic.ts';

const N = Number(process.env.BENCH_BOOKS ?? 100_000);
const QUERIES = Number(process.env.BENCH_BOOK_QUERIES ?? 2000);
const HTTP_QUERIES = Number(process.env.BENCH_BOOK_HTTP_QUERIES ?? 500);

const ms = (t: number) => `${t.toFixed(2)} ms`;
const mb = (b: number) => `${(b / 1e6).toFixed(0)} MB`;
function percentiles(times: number[]): string {
  const s = [...times].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  return `p50 ${ms(at(0.5))}, p95 ${ms(at(0.95))}, p99 ${ms(at(0.99))}, max ${ms(s[s.length - 1]!)}`;
}

/** Filtered queries with q: 1–3 words or prefixes (English and Devanagari), and one to three filters. */
function queryMix(count: number, seed: number): URLSearchParams[] {
  const r = rng(seed);
  const pick = <T>(a: readonly T[]): T => a[Math.floor(r() * a.length)]!;
  const out: URLSearchParams[] = [];
  while (out.length < count) {
    const x = r();
    const words = Array.from({ length: x < 0.5 ? 1 : x < 0.85 ? 2 : 3 }, () => {
      const w = pick(SYNTHETIC_VOCABULARY);
      const chars = [...w];
      return r() < 0.3 && chars.length > 3 ? chars.slice(0, 2 + Math.floor(r() * (chars.length - 2))).join('') : w;
    });
    const p = new URLSearchParams({ q: words.join(' ') });
    if (r() < 0.5) p.set('grade', String(1 + Math.floor(r() * 12)));
    if (r() < 0.3) p.set('source', pick(['cehrd-learning', 'cdc-nepal', 'pustakalaya', 'archive-org', 'openlibrary']));
    if (r() < 0.25) p.set('subject', pick(['Mathematics', 'गणित', 'Nepali', 'Science', 'Social Studies', 'English']));
    if (r() < 0.25) p.set('language', pick(['en', 'ne']));
    if (!p.has('grade') && !p.has('source') && !p.has('subject') && !p.has('language')) p.set('grade', String(1 + Math.floor(r() * 12)));
    p.set('limit', pick(['20', '50']));
    if (r() < 0.1) p.set('page', String(2 + Math.floor(r() * 2)));
    out.push(p);
  }
  return out;
}

export async function benchBooks(): Promise<void> {
  console.log(`books: ${N.toLocaleString('en')}-book synthetic catalog, filtered queries with q (target: p95 < 20 ms)`);
  let t = performance.now();
  const catalog = syntheticCatalog(N, 42);
  console.log(`  generated in ${ms(performance.now() - t)}`);

  global.gc?.();
  const heap0 = process.memoryUsage().heapUsed;
  t = performance.now();
  const api = new BooksApi(catalog);
  const ready = performance.now() - t;
  t = performance.now();
  api.handle('GET', '/api/books', new URLSearchParams({ q: 'warm' }));
  const indexed = performance.now() - t;
  global.gc?.();
  console.log(
    `  query module ready in ${ms(ready)}; search index built on the first q in ${ms(indexed)}; heap ${mb(process.memoryUsage().heapUsed - heap0)} for catalog columns + index`,
  );

  // In-process: the query path of one request, as the server runs it.
  const mix = queryMix(QUERIES, 7);
  for (const p of mix.slice(0, 100)) JSON.stringify(api.handle('GET', '/api/books', p)!.body); // warm-up
  const times: number[] = [];
  let results = 0;
  let empty = 0;
  for (const p of mix) {
    const start = performance.now();
    const r = api.handle('GET', '/api/books', p)!;
    JSON.stringify(r.body);
    times.push(performance.now() - start);
    const total = (r.body as { meta: { total: number } }).meta.total;
    results += total;
    if (total === 0) empty++;
  }
  console.log(
    `  server query path in-process (query module + JSON), ${QUERIES} queries: ${percentiles(times)}; mean ${Math.round(results / QUERIES)} matches, ${empty} with none`,
  );

  // The worst case: a word nearly every book has, with one filter.
  const common: number[] = [];
  const r = rng(5);
  for (let i = 0; i < 500; i++) {
    const p = new URLSearchParams({ q: ['grade', 'कक्षा', 'class', 'c', 'क'][i % 5]!, grade: String(1 + Math.floor(r() * 12)) });
    const start = performance.now();
    JSON.stringify(api.handle('GET', '/api/books', p)!.body);
    common.push(performance.now() - start);
  }
  console.log(`  worst case, a word in most books (grade / कक्षा / class / one letter) + grade filter, 500 queries: ${percentiles(common)}`);

  // End to end: the real server (app handler of `npm start`) on loopback, the catalog file on disk.
  const dir = join(tmpdir(), `khoj-bench-books-${process.pid}`);
  mkdirSync(join(dir, 'api/books'), { recursive: true });
  const file = join(dir, 'api/books/catalog.json');
  writeFileSync(file, JSON.stringify(catalog));
  const handle = appHandler(dir);
  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    t = performance.now();
    await (await fetch(`${base}/api/books?q=warm`)).arrayBuffer();
    console.log(`  server: catalog.json ${mb(statSync(file).size)}, loaded and indexed on the first request in ${ms(performance.now() - t)}`);
    const httpMix = queryMix(HTTP_QUERIES, 11);
    for (const p of httpMix.slice(0, 50)) await (await fetch(`${base}/api/books?${p}`)).arrayBuffer();
    const http: number[] = [];
    for (const p of httpMix) {
      const start = performance.now();
      const res = await fetch(`${base}/api/books?${p}`);
      await res.arrayBuffer();
      http.push(performance.now() - start);
      if (res.status !== 200) throw new Error(`HTTP ${res.status} for ${p}`);
    }
    console.log(`  over HTTP to the real server (loopback, gzip, one client), ${HTTP_QUERIES} queries: ${percentiles(http)}`);
  } finally {
    await new Promise((ok) => server.close(ok));
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchBooks();
