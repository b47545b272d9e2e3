// The textbook catalog at today's scale (`npm run bench books-scale`): catalogs of 11,700 and
// 50,000 records in today's shapes (tests/books/current-records.ts: the real records of
// ../shared/data/books/current repeated in upstream's proportions, generated here, never
// committed), against the targets on a phone-class CPU (Chromium at 4× CPU slowdown):
//  - transfer of the catalog at a first visit: under 500 KB brotli;
//  - the first query: under 200 ms;
//  - memory for the catalog: under 30 MB.
// The query module (src/core/books/query.ts, the worker's) runs in a page: Chromium's CPU
// throttling applies to pages, not to service workers; the code and the V8 are the same.
// Figures are printed against their targets, never asserted.

import { build } from 'esbuild';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { BooksApi, compactItem } from '../src/core/books/query.ts';
import { scaledCurrentCatalog } from '../tests/books/current-records.ts';

const SIZES = (process.env.BENCH_BOOK_SCALE ?? '11700,50000').split(',').map(Number);
const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
const br = (s: string) =>
  brotliCompressSync(Buffer.from(s), { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: s.length } }).length;

/** In the page: fetch the catalog, parse it, build the query module, answer a list and a first q; times and heap. */
const MEASURE = `async () => {
  const heap = () => performance.memory ? performance.memory.usedJSHeapSize : NaN;
  const before = heap();
  const t0 = performance.now();
  const text = await (await fetch('/catalog.json')).text();
  const t1 = performance.now();
  const api = new KhojBooks.BooksApi(JSON.parse(text));
  const t2 = performance.now();
  const list = api.handle('GET', '/api/books', new URLSearchParams('grade=5'));
  JSON.stringify(list.body);
  const t3 = performance.now();
  const q = api.handle('GET', '/api/books', new URLSearchParams('q=science&limit=20'));
  JSON.stringify(q.body);
  const t4 = performance.now();
  const again = api.handle('GET', '/api/books', new URLSearchParams('q=nepali grade 5&limit=20'));
  const t5 = performance.now();
  window.__keep = api;
  return { fetch: t1 - t0, parse: t2 - t1, list: t3 - t2, firstQ: t4 - t3, laterQ: t5 - t4, before, total: q.body.meta.total + again.body.meta.total };
}`;

export async function benchBooksScale(): Promise<void> {
  console.log("\n## Textbook catalog at today's scale (records in today's shapes; Chromium, 4× CPU slowdown)");
  const bundle = await build({
    entryPoints: ['src/core/books/query.ts'],
    bundle: true,
    format: 'iife',
    globalName: 'KhojBooks',
    write: false,
    minify: true,
    target: 'es2022',
  });
  const script = bundle.outputFiles[0]!.text;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--enable-precise-memory-info', '--js-flags=--expose-gc'],
  });
  try {
    for (const n of SIZES) {
      const catalog = scaledCurrentCatalog(n, 42);
      const full = JSON.stringify(catalog);
      const api = new BooksApi(catalog);
      // What a list/search shard would hold: the compact items (plus the search fields they carry).
      const compact = JSON.stringify(catalog.books.map((b) => compactItem(b, `/api/books/${api.publicId(b)}`)));
      console.log(
        `${n.toLocaleString('en')} records: catalog.json ${mb(full.length)}, brotli ${kb(br(full))}, gzip ${kb(gzipSync(full).length)} (target < 500 KB brotli at a first visit); ` +
          `compact items only ${mb(compact.length)}, brotli ${kb(br(compact))}`,
      );
      const server = createServer((req, res) => {
        if (req.url === '/catalog.json') res.writeHead(200, { 'Content-Type': 'application/json' }).end(full);
        else res.writeHead(200, { 'Content-Type': 'text/html' }).end(`<!doctype html><script>${script.replace(/<\/script/g, '<\\/script')}</script>`);
      });
      await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      try {
        const rows: Array<Record<string, number>> = [];
        for (let run = 0; run < 3; run++) {
          const context = await browser.newContext();
          const page = await context.newPage();
          const cdp = await context.newCDPSession(page);
          await page.goto(url);
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
          await cdp.send('HeapProfiler.collectGarbage');
          const base = (await cdp.send('Runtime.getHeapUsage')).usedSize;
          const r = (await page.evaluate(`(${MEASURE})()`)) as Record<string, number>;
          await cdp.send('HeapProfiler.collectGarbage');
          r.heap = (await cdp.send('Runtime.getHeapUsage')).usedSize - base;
          rows.push(r);
          await context.close();
        }
        const med = (k: string) => rows.map((r) => r[k]!).sort((a, b) => a - b)[1]!;
        const ms = (k: string) => `${med(k).toFixed(0)} ms`;
        console.log(
          `  (median of 3 fresh pages) fetch ${ms('fetch')}, JSON.parse + query module ${ms('parse')}, first list (grade=5) ${ms('list')}, ` +
            `first q (index built) ${ms('firstQ')} — first answer after the catalog is in: ${(med('parse') + med('list')).toFixed(0)} ms, first q ${(med('parse') + med('firstQ')).toFixed(0)} ms (target < 200 ms); ` +
            `a later q ${ms('laterQ')}; heap held for the catalog after GC ${mb(med('heap'))} (target < 30 MB)`,
        );
      } finally {
        await new Promise((ok) => server.close(ok));
      }
    }
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchBooksScale();
