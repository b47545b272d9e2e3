// The textbook catalog at today's scale (`npm run bench -- books-scale`): catalogs of 11,700
// and 50,000 records in today's shapes (harness/books/current-records.ts: the real records of
// ../shared/data/books/current repeated in upstream's proportions, generated here, never
// committed), published in shards (src/core/books/shards.ts) and answered from them by the
// worker's reader (src/core/books/sharded.ts), against the targets on a phone-class CPU
// (Chromium at 4× CPU slowdown):
//  - transfer of the catalog at a first visit: under 500 KB brotli;
//  - the first query: under 200 ms;
//  - memory for the catalog: under 30 MB.
// The reader runs in a page (Chromium's CPU throttling applies to pages, not to service
// workers; the code and the V8 are the same), twice: reading the shard files from IndexedDB
// as the worker stores them (src/sw/books/store.ts; the worker's reads once the catalog is
// saved), and fetching them from a loopback server (a first visit before the save), so the
// times include the loopback fetches but no network latency. Figures are
// printed against their targets and written to bench/RESULTS.md (section books-scale),
// never asserted.

import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { toColumns } from '../src/core/books/columns.ts';
import { BooksApi, compactItem } from '../src/core/books/query.ts';
import { shardCatalog } from '../src/core/books/shard-writer.ts';
import { scaledCurrentCatalog } from '../harness/books/current-records.ts';
import { writeSection } from './results.ts';

const SIZES = (process.env.BENCH_BOOK_SCALE ?? '11700,50000').split(',').map(Number);
const RUNS = 7;
const kb = (n: number) => `${Math.round(n / 1024).toLocaleString('en')} KB`;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
const br = (s: string) =>
  brotliCompressSync(Buffer.from(s), { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: s.length } }).length;
const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();

/** A first visit's requests, in order, as the app makes them: a search, a grade, a refined search, a book; the shard files from the network (fetch) or as the worker stores them (IndexedDB, store.ts). */
const MEASURE = `async (bookPath, from) => {
  const load = from === 'network'
    ? async (file) => {
        const res = await fetch('/' + file);
        if (!res.ok) throw new Error(file + ': HTTP ' + res.status);
        return res.json();
      }
    : async (file) => {
        // As the worker's storedShard (src/sw/books/catalog.ts).
        const row = await KhojShards.readFile(file);
        if (!row) throw new Error(file + ' is not stored');
        return JSON.parse(row.text);
      };
  const ask = async (api, path, q) => JSON.stringify((await api.handle('GET', path, new URLSearchParams(q))).body).length;
  const t0 = performance.now();
  // As the worker opens them (src/sw/books/catalog.ts): the network's shards with the first request, the stored ones alone.
  const api = await KhojShards.ShardedBooksApi.open(load, from === 'network' ? new URLSearchParams('q=science&limit=20') : undefined);
  const t1 = performance.now();
  await ask(api, '/api/books', 'q=science&limit=20');
  const t2 = performance.now();
  await ask(api, '/api/books', 'grade=5');
  const t3 = performance.now();
  await ask(api, '/api/books', 'q=nepali grade 5&limit=20');
  const t4 = performance.now();
  await ask(api, bookPath, '');
  const t5 = performance.now();
  window.__keep = api;
  return { open: t1 - t0, firstQ: t2 - t1, list: t3 - t2, laterQ: t4 - t3, book: t5 - t4 };
}`;

/** The floor under any reader of these files from the network: the first q's files fetched in the reader's order (the manifest with its term shards and the layout, then its record chunks together), bodies read, nothing parsed. */
const FLOOR = `async (groups) => {
  const t0 = performance.now();
  for (const group of groups) await Promise.all(group.map((f) => fetch('/' + f).then((r) => r.text())));
  return performance.now() - t0;
}`;

interface Row {
  n: number;
  wholeBytes: number;
  wholeBr: number;
  wholeGz: number;
  columnsBr: number;
  compactBr: number;
  shardFiles: number;
  shardBr: number;
  firstVisitFiles: number;
  firstVisitBr: number;
  firstQFiles: number;
  firstQBr: number;
  /** FLOOR's median, ms */
  floor: number;
  network: Times;
  stored: Times;
}

interface Times {
  open: number;
  firstQ: number;
  list: number;
  laterQ: number;
  book: number;
  heap: number;
}

export async function benchBooksScale(): Promise<void> {
  const before = uptime();
  const started = new Date();
  console.log(`\n## Textbook catalog at today's scale, in shards (Chromium, 4× CPU slowdown) — ${before}`);
  const bundle = await build({
    stdin: {
      contents: "export { ShardedBooksApi } from './src/core/books/sharded.ts'; export { readFile, writeFiles } from './src/sw/books/store.ts';",
      resolveDir: fileURLToPath(new URL('..', import.meta.url)),
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    globalName: 'KhojShards',
    write: false,
    minify: true,
    target: 'es2022',
    // As in the worker's build (vite.config.ts): flexsearch-lite stands in for flexsearch.
    alias: { flexsearch: fileURLToPath(new URL('../src/sw/books/flexsearch-lite.ts', import.meta.url)) },
  });
  const script = bundle.outputFiles[0]!.text;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--enable-precise-memory-info', '--js-flags=--expose-gc'],
  });
  const rows: Row[] = [];
  try {
    for (const n of SIZES) {
      const catalog = scaledCurrentCatalog(n, 42);
      const whole = JSON.stringify(catalog);
      // What the worker's save fetches: catalog.json by columns (src/core/books/columns.ts).
      const columns = JSON.stringify(toColumns(catalog));
      const api = new BooksApi(catalog);
      const compact = JSON.stringify(catalog.books.map((b) => compactItem(b, `/api/books/${api.publicId(b)}`)));
      const files = shardCatalog(catalog, api);
      const brOf = new Map<string, number>();
      const brotliOf = (f: string) => brOf.get(f) ?? brOf.set(f, br(files.get(f)!)).get(f)!;
      const shardBr = [...files.keys()].reduce((s, f) => s + brotliOf(f), 0);
      let fetched: string[] = [];
      const server = createServer((req, res) => {
        const file = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname.slice(1));
        const text = file === 'all-files' ? JSON.stringify([...files]) : files.get(file);
        if (text !== undefined) {
          fetched.push(file);
          res.writeHead(200, { 'Content-Type': 'application/json' }).end(text);
        } else res.writeHead(200, { 'Content-Type': 'text/html' }).end(`<!doctype html><script>${script.replace(/<\/script/g, '<\\/script')}</script>`);
      });
      await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      const bookPath = `/api/books/${encodeURIComponent(catalog.books[Math.floor(n / 2)]!.id)}`;
      try {
        const times = async (from: 'network' | 'stored'): Promise<Times> => {
          const runs: Array<Record<string, number>> = [];
          for (let run = 0; run < RUNS; run++) {
            const context = await browser.newContext();
            if (from === 'stored') {
              // The worker's save, unthrottled and untimed: every file in IndexedDB as store.ts writes it.
              const setup = await context.newPage();
              await setup.goto(url);
              await setup.evaluate(
                `fetch('/all-files').then((r) => r.json()).then((all) => KhojShards.writeFiles(${JSON.stringify(catalog.generatedAt)}, all))`,
              );
              await setup.close();
            }
            const page = await context.newPage();
            const cdp = await context.newCDPSession(page);
            await page.goto(url);
            await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
            await cdp.send('HeapProfiler.collectGarbage');
            const base = (await cdp.send('Runtime.getHeapUsage')).usedSize;
            fetched = [];
            const r = (await page.evaluate(`(${MEASURE})(${JSON.stringify(bookPath)}, ${JSON.stringify(from)})`)) as Record<string, number>;
            await cdp.send('HeapProfiler.collectGarbage');
            r.heap = (await cdp.send('Runtime.getHeapUsage')).usedSize - base;
            runs.push(r);
            await context.close();
          }
          const med = (k: string) => runs.map((r) => r[k]!).sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
          return { open: med('open'), firstQ: med('firstQ'), list: med('list'), laterQ: med('laterQ'), book: med('book'), heap: med('heap') };
        };
        const stored = await times('stored');
        const network = await times('network');
        // What the first query alone needs: the manifest, its term shard(s), its page's chunks.
        const firstQ = await firstQueryFiles(files);
        const groups = [firstQ.filter((f) => !f.includes('/books/')), firstQ.filter((f) => f.includes('/books/'))];
        const floors: number[] = [];
        for (let run = 0; run < RUNS; run++) {
          const context = await browser.newContext();
          const page = await context.newPage();
          const cdp = await context.newCDPSession(page);
          await page.goto(url);
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
          floors.push((await page.evaluate(`(${FLOOR})(${JSON.stringify(groups)})`)) as number);
          await context.close();
        }
        const floor = floors.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
        // What the first visit fetched (the last run's; every run fetches the same files, and the floor's none more).
        const firstVisit = [...new Set(fetched)];
        const row: Row = {
          n,
          wholeBytes: whole.length,
          wholeBr: br(whole),
          wholeGz: gzipSync(whole).length,
          columnsBr: br(columns),
          compactBr: br(compact),
          shardFiles: files.size,
          shardBr,
          firstVisitFiles: firstVisit.length,
          firstVisitBr: firstVisit.reduce((s, f) => s + brotliOf(f), 0),
          firstQFiles: firstQ.length,
          firstQBr: firstQ.reduce((s, f) => s + brotliOf(f), 0),
          floor,
          network,
          stored,
        };
        rows.push(row);
        console.log(
          `${n.toLocaleString('en')} records: whole catalog.json ${mb(row.wholeBytes)}, ${kb(row.wholeBr)} brotli; in shards ${row.shardFiles} files, ${kb(row.shardBr)} brotli in all; ` +
            `the save (catalog-columns.json) ${kb(row.columnsBr)} brotli; searches before it ${row.firstVisitFiles} files, ${kb(row.firstVisitBr)} brotli, of which the first q ${row.firstQFiles} files, ${kb(row.firstQBr)}; first visit in all ${kb(row.columnsBr + row.firstVisitBr)} (target < 500 KB); ` +
            (['stored', 'network'] as const)
              .map((k) => {
                const t = row[k];
                return `${k}: open (manifest) ${t.open.toFixed(0)} ms + first q ${t.firstQ.toFixed(0)} ms = ${(t.open + t.firstQ).toFixed(0)} ms (target < 200 ms), grade list ${t.list.toFixed(0)} ms, a later q ${t.laterQ.toFixed(0)} ms, a book ${t.book.toFixed(0)} ms, heap ${mb(t.heap)} (target < 30 MB)`;
              })
              .join('; ') +
            `; the first q's ${firstQ.length} files alone from the network (fetched in the reader's order, bodies read, nothing parsed): ${row.floor.toFixed(0)} ms`,
        );
      } finally {
        await new Promise((ok) => server.close(ok));
      }
    }
  } finally {
    await browser.close();
  }
  writeSection('books-scale', section(rows, started, before, uptime()));
}

/** The shard files that `q=science&limit=20` reads from a fresh reader. */
async function firstQueryFiles(files: Map<string, string>): Promise<string[]> {
  const { ShardedBooksApi } = await import('../src/core/books/sharded.ts');
  const read = new Set<string>();
  const api = await ShardedBooksApi.open(async (f) => {
    read.add(f);
    return JSON.parse(files.get(f)!) as unknown;
  }, new URLSearchParams('q=science&limit=20'));
  await api.handle('GET', '/api/books', new URLSearchParams('q=science&limit=20'));
  return [...read];
}

function section(rows: Row[], started: Date, before: string, after: string): string {
  const ms = (x: number) => `${x.toFixed(0)} ms`;
  return [
    "## Textbook catalog at today's scale, in shards (`npm run bench -- books-scale`)",
    '',
    "`bench/books-scale.ts`: catalogs in today's record shapes, generated at bench time by `scaledCurrentCatalog` (harness/books/current-records.ts: the real records of `../shared/data/books/current` and Pustakalaya's from `../shared/data/books/sources`, repeated in upstream's proportions, each copy with its own id, title, URL names and shuffled long texts so that it compresses like a distinct record), published in shards (`api/books-shards/`, src/core/books/shards.ts; data-build/books/README.md) and answered by the worker's reader (src/core/books/sharded.ts) bundled into a page of headless Chromium with `Emulation.setCPUThrottlingRate` 4, reading the shard files from IndexedDB as the worker stores them (src/sw/books/store.ts, reads of one turn in one transaction) or fetching them from a loopback server (no network latency), opened as the worker opens them (from the network with the first request's query, so that its term shards and the layout come beside the manifest). A first visit asks, in order: `q=science&limit=20`, `grade=5`, `q=nepali grade 5&limit=20`, one book. Sizes: brotli quality 11 of each file fetched. Times: median of " +
      `${RUNS} fresh pages; heap: \`Runtime.getHeapUsage\` after a forced GC, with the reader held, minus before.`,
    '',
    `Measured ${started.toISOString().slice(0, 16)}Z on the 2-core machine shared with other sessions. \`uptime\` before: \`${before}\`; after: \`${after}\`.`,
    '',
    "| records | whole catalog.json (brotli) | the save: catalog-columns.json (brotli) | all shards (brotli) | a first visit's searches before the save lands: files, brotli | first visit in all: the save + those searches (target < 500 KB) | first q alone: files, brotli |",
    '|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.n.toLocaleString('en')} | ${mb(r.wholeBytes)} (${kb(r.wholeBr)}) | ${kb(r.columnsBr)} | ${r.shardFiles.toLocaleString('en')} files (${kb(r.shardBr)}) | ${r.firstVisitFiles}, ${kb(r.firstVisitBr)} | **${kb(r.columnsBr + r.firstVisitBr)}** | ${r.firstQFiles}, ${kb(r.firstQBr)} |`,
    ),
    '',
    'Times at 4× CPU, the shard files read from IndexedDB as the worker stores them (after the save: every later visit, and offline) or fetched from the loopback server (a first visit before the save):',
    '',
    '| records | files from | open (manifest) | first q | open + first q (target < 200 ms) | grade list | a later q | a book | heap (target < 30 MB) |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows.flatMap((r) =>
      (['stored', 'network'] as const).map((k) => {
        const t = r[k];
        return `| ${r.n.toLocaleString('en')} | ${k === 'stored' ? 'IndexedDB' : 'network'} | ${ms(t.open)} | ${ms(t.firstQ)} | **${ms(t.open + t.firstQ)}** | ${ms(t.list)} | ${ms(t.laterQ)} | ${ms(t.book)} | **${mb(t.heap)}** |`;
      }),
    ),
    '',
    `The floor under any reader of the first q's files from the network: the same ${rows.map((r) => r.firstQFiles).join('/')} files fetched in the reader's order (the manifest with its term shard and the layout, then its record chunks together), bodies read as text, nothing parsed, in a fresh page at 4× CPU (median of ${RUNS}): ${rows.map((r) => `${ms(r.floor)} at ${r.n.toLocaleString('en')}`).join(', ')}.`,
    '',
    `For comparison, the compact list items of every record, brotli: ${rows.map((r) => `${kb(r.compactBr)} at ${r.n.toLocaleString('en')}`).join(', ')}; and the whole catalog, gzip: ${rows.map((r) => `${kb(r.wholeGz)} at ${r.n.toLocaleString('en')}`).join(', ')}.`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) await benchBooksScale();
