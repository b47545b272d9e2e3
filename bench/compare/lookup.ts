// A word lookup the way the public web client of /api/v1 does it (its letter file, then its
// chunk, over the network) against Khoj's (the same two files, answered by our service
// worker from IndexedDB), in one headless Chromium; the web client's network is emulated at
// 150 ms round trip, 1.6 Mbps down and 750 kbps up (CDP Network.emulateNetworkConditions).
// Full-size dictionary.
//
// cold: the web client with an empty HTTP cache; Khoj with its worker stopped (it starts,
//       opens IndexedDB and reads the rows).
// warm: the same word again at once: the web client with its HTTP cache (the server says
//       no-cache, so it revalidates), Khoj with its worker running.

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { buildSync } from 'esbuild';
import type { LettersFile, WordsByLetterFile } from '../../src/core/dictionary/types.ts';
import { serveSwitchable } from '../../harness/http.ts';
import { dump } from '../dictionary-build.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const WORK = join(ROOT, '.bench');
export const NETWORK = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };

export interface Times {
  cold: number[];
  warm: number[];
}
export interface LookupResult {
  words: number;
  bigLetter: { letter: string; bytes: number };
  web: Times;
  khoj: Times;
  /** Khoj's figures for the words of the biggest letter file only */
  khojBig: Times;
  /** of khojBig's warm lookups: the page's JSON.parse of both files */
  khojBigParse: number[];
  /** Khoj's own lookup (`lookUp`), the same words, from the worker's store */
  own: Times;
  ownBig: Times;
  /** a fresh page's read of manifest.json (fetch and parse), before its first lookUp */
  manifest: number[];
  /** with no worker at all: the page reading the biggest letter file from a Blob, and JSON.parse */
  floor: number[];
  /** a stopped worker's first answer: metadata.json (a few hundred bytes) from its store */
  startup: number[];
}

/** The full-size app: data from the synthetic full-size dump, built once and kept. */
function buildFullSize(): string {
  const data = join(WORK, 'compare-data');
  const dist = join(WORK, 'compare-dist');
  if (existsSync(join(dist, 'sw.js')) && process.env.BENCH_REBUILD !== '1') return dist;
  const source = dump('dump-seed1', []);
  execFileSync(process.execPath, [join(ROOT, 'data-build/run.mjs'), 'cli', '--only', 'dictionary', '--dictionary', source, '--out', data, '--quiet'], {
    stdio: 'inherit',
  });
  execFileSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', '--outDir', dist, '--emptyOutDir'], {
    cwd: ROOT,
    env: { ...process.env, KHOJ_DATA_DIR: data, KHOJ_BUILD_ID: 'compare' },
    stdio: 'inherit',
  });
  return dist;
}

/** 20 words of the biggest letter file and 20 spread over the other letters, evenly picked. */
function pickWords(dist: string): { words: { word: string; letterPath: string }[]; big: { letter: string; bytes: number } } {
  const api = join(dist, 'api/v1');
  const letters = (JSON.parse(readFileSync(join(api, 'letters.json'), 'utf8')) as LettersFile).letters;
  const size = (p: string) => statSync(join(api, p)).size;
  const big = [...letters].sort((a, b) => size(b.path) - size(a.path))[0]!;
  const from = (path: string, n: number) => {
    const list = (JSON.parse(readFileSync(join(api, path), 'utf8')) as WordsByLetterFile).words;
    return Array.from({ length: n }, (_, i) => ({ word: list[Math.floor(((i + 0.5) * list.length) / n)]!.word, letterPath: path }));
  };
  const others = letters.filter((l) => l !== big && l.count >= 50);
  const words = [...from(big.path, 20), ...others.slice(0, 20).map((l) => from(l.path, 1)[0]!)];
  return { words, big: { letter: big.letter, bytes: size(big.path) } };
}

/** In the page: letter file, then chunk, then the entry; milliseconds. A string: tsx's helpers do not exist in the page. */
const LOOKUP = `async ({ word, letterPath }) => {
  const base = '/api/v1/';
  const enc = (p) => base + p.split('/').map(encodeURIComponent).join('/');
  let parse = 0;
  const get = async (path) => {
    const res = await fetch(enc(path));
    const text = await res.text();
    const t = performance.now();
    const data = JSON.parse(text);
    parse += performance.now() - t;
    return { data, source: res.headers.get('X-Khoj-Source') };
  };
  const t0 = performance.now();
  const words = await get(letterPath);
  const item = words.data.words.find((w) => w.word === word);
  const chunk = await get(item.path);
  const entry = chunk.data.entries.find((e) => e.word === word);
  if (!entry) throw new Error('not found: ' + word);
  return { ms: performance.now() - t0, parse, sources: [words.source, chunk.source] };
}`;

/** Times one lookup; `from` is where both answers must have come from ('idb': the worker's store; null: the network). */
async function lookup(page: Page, w: { word: string; letterPath: string }, from: string | null, parseTimes?: number[]): Promise<number> {
  const { ms, parse, sources } = (await page.evaluate(`(${LOOKUP})(${JSON.stringify(w)})`)) as { ms: number; parse: number; sources: (string | null)[] };
  if (sources.some((s) => s !== from)) throw new Error(`${w.word}: answered by ${sources.join(', ')}, expected ${from}`);
  parseTimes?.push(parse);
  return ms;
}

/**
 * Khoj's own lookup, src/app/dictionary/api.ts bundled as the app bundles it and run in the page,
 * its fetches counted: `lookUp` leaves the letter file to be asked for after the entry, and the
 * next lookup waits until that is answered, as a reader's next word would.
 */
const OWN_API =
  buildSync({ entryPoints: [join(ROOT, 'src/app/dictionary/api.ts')], bundle: true, format: 'iife', globalName: 'khojApi', write: false }).outputFiles[0]!
    .text +
  `;window.khojApi = khojApi;
  window.asked = { open: 0, sources: [] };
  const pageFetch = window.fetch.bind(window);
  window.fetch = async (...args) => {
    window.asked.open++;
    try {
      const res = await pageFetch(...args);
      window.asked.sources.push(res.headers.get('X-Khoj-Source'));
      return res;
    } finally {
      window.asked.open--;
    }
  };`;

const OWN_LOOKUP = `async (word) => {
  window.asked.sources = [];
  const t0 = performance.now();
  const entry = await window.khojApi.lookUp(word);
  const ms = performance.now() - t0;
  if (!entry || entry.word !== word) throw new Error('not found: ' + word);
  while (window.asked.open > 0) await new Promise((ok) => setTimeout(ok, 5));
  return { ms, sources: window.asked.sources };
}`;

async function ownLookup(page: Page, word: string): Promise<number> {
  const { ms, sources } = (await page.evaluate(`(${OWN_LOOKUP})(${JSON.stringify(word)})`)) as { ms: number; sources: (string | null)[] };
  if (sources.some((s) => s !== 'idb')) throw new Error(`${word}: answered by ${sources.join(', ')}, expected idb`);
  return ms;
}

async function emulate(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  return cdp;
}

export async function compareLookups(): Promise<LookupResult> {
  const dist = buildFullSize();
  const { words, big } = pickWords(dist);
  const server = await serveSwitchable(dist);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
  try {
    // The public web client: plain fetches over the emulated network, no service worker.
    const webContext = await browser.newContext({ serviceWorkers: 'block' });
    const web = await webContext.newPage();
    await web.goto(`${server.url}/api/v1/metadata.json`);
    const webCdp = await emulate(webContext, web);
    const webTimes: Times = { cold: [], warm: [] };
    for (const w of words) {
      await webCdp.send('Network.clearBrowserCache');
      webTimes.cold.push(await lookup(web, w, null));
      webTimes.warm.push(await lookup(web, w, null));
    }

    // Khoj: the whole dictionary saved, then the same lookups answered by the worker.
    const khojContext = await browser.newContext({ serviceWorkers: 'allow' });
    const khoj = await khojContext.newPage();
    await khoj.goto(`${server.url}/#/saved`);
    await khoj.waitForFunction(() => !!navigator.serviceWorker.controller);
    await khoj.locator('#save-all').click();
    await khoj.locator('#save-done').waitFor({ timeout: 600_000 });
    // Not emulated here: DevTools would throttle the worker's answers to the page as if they
    // crossed the network, which on a phone they never do. Every answer is checked to come from
    // the store ('idb'), so the network plays no part in these figures.
    const khojCdp = await khojContext.newCDPSession(khoj);
    await khojCdp.send('ServiceWorker.enable');
    const khojTimes: Times = { cold: [], warm: [] };
    const khojBig: Times = { cold: [], warm: [] };
    const khojBigParse: number[] = [];
    for (const w of words) {
      await khojCdp.send('ServiceWorker.stopAllWorkers');
      const cold = await lookup(khoj, w, 'idb');
      const isBig = w.letterPath === words[0]!.letterPath;
      const warm = await lookup(khoj, w, 'idb', isBig ? khojBigParse : undefined);
      for (const t of isBig ? [khojTimes, khojBig] : [khojTimes]) {
        t.cold.push(cold);
        t.warm.push(warm);
      }
    }

    // Khoj's own lookups: a fresh page reads the manifest once (timed alone, worker running)...
    const manifest: number[] = [];
    for (let i = 0; i < 10; i++) {
      // After the app's own start (its requests done), so that only the manifest's read is timed.
      await khoj.reload({ waitUntil: 'networkidle' });
      await khoj.evaluate(OWN_API);
      manifest.push(
        (await khoj.evaluate(`(async () => { const t = performance.now(); await window.khojApi.getManifest(); return performance.now() - t; })()`)) as number,
      );
    }
    // ...then each word goes to its chunk by the manifest's ranges, kept parsed in the page.
    await khoj.evaluate(`window.khojApi.lookUp(${JSON.stringify(words[0]!.word)})`);
    const own: Times = { cold: [], warm: [] };
    const ownBig: Times = { cold: [], warm: [] };
    for (const w of words) {
      await khojCdp.send('ServiceWorker.stopAllWorkers');
      const cold = await ownLookup(khoj, w.word);
      const warm = await ownLookup(khoj, w.word);
      for (const t of w.letterPath === words[0]!.letterPath ? [own, ownBig] : [own]) {
        t.cold.push(cold);
        t.warm.push(warm);
      }
    }

    // What no worker can save: the page reading the biggest letter file from a Blob, and parsing it.
    const floor = (await khoj.evaluate(`(async (path) => {
      const bytes = await (await fetch(path)).arrayBuffer();
      const out = [];
      for (let i = 0; i < 15; i++) {
        const t = performance.now();
        JSON.parse(await new Response(new Blob([bytes])).text());
        out.push(performance.now() - t);
      }
      return out;
    })(${JSON.stringify(`/api/v1/words-by-letter/${encodeURIComponent(big.letter)}.json`)})`)) as number[];
    // And what a stopped worker costs before its first answer: a tiny stored file.
    const startup: number[] = [];
    for (let i = 0; i < 10; i++) {
      await khojCdp.send('ServiceWorker.stopAllWorkers');
      startup.push(
        (await khoj.evaluate(
          `(async () => { const t = performance.now(); await (await fetch('/api/v1/metadata.json')).text(); return performance.now() - t; })()`,
        )) as number,
      );
    }
    return { words: words.length, bigLetter: big, web: webTimes, khoj: khojTimes, khojBig, khojBigParse, own, ownBig, manifest, floor, startup };
  } finally {
    await browser.close();
    await server.close();
  }
}
