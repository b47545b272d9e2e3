// `npm run bench -- tap`: with the full-size dictionary (the shared dump generator's 123,363
// headwords), saved whole and offline, in headless Chromium at 360×640:
// - tap → entry painted: a real tap (Playwright's click: pointer and mouse events through the
//   browser's input pipeline) on a word of the search results, to the end of the first frame that
//   has its entry (ARM below says how that frame is found);
// - cold start: navigation start (the page's time origin) → the end of the first frame with the
//   home page's letter grid, and first contentful paint, offline from the service worker at `#/`, with the
//   worker running and with it stopped first.
// Figures are printed and written to bench/RESULTS.md (section "tap"), never asserted.

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import { decodeHeadwords, type HeadwordsFile } from '../src/core/dictionary/headwords.ts';
import { serveSwitchable } from '../harness/http.ts';
import { dump } from './dictionary-build.ts';
import { writeSection } from './results.ts';

const ROOT = resolve(import.meta.dirname, '..');
const WORK = join(ROOT, '.bench');
/** Taps per kind of run. */
const TAPS = Number(process.env.BENCH_TAPS ?? 40);
const STARTS = Number(process.env.BENCH_STARTS ?? 10);
/** How long the reader looks at the results before tapping one (the app may use it to get ready). */
const DWELL_MS = 500;
const CPU = Number(process.env.BENCH_CPU ?? 1);

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const pct = (xs: number[], p: number) => sorted(xs)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;
/** Median, p90 and n of the figures measured (a page that had no first contentful paint entry yet has none). */
const fmt = (all: number[]) => {
  const xs = all.filter(Number.isFinite);
  if (!xs.length) return 'none';
  return `median ${pct(xs, 50).toFixed(1)} ms, p90 ${pct(xs, 90).toFixed(1)} ms, n ${xs.length}`;
};
const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();

/** The full-size app, built from the current sources (BENCH_REUSE=1 keeps the last build). */
function buildFullSize(): string {
  const data = join(WORK, 'tap-data');
  const dist = join(WORK, 'tap-dist');
  if (process.env.BENCH_REUSE === '1' && existsSync(join(dist, 'sw.js'))) return dist;
  const source = dump('dump-seed1', []);
  execFileSync(process.execPath, [join(ROOT, 'data-build/run.mjs'), 'cli', '--only', 'dictionary', '--dictionary', source, '--out', data, '--quiet'], {
    stdio: 'inherit',
  });
  execFileSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', '--outDir', dist, '--emptyOutDir'], {
    cwd: ROOT,
    env: { ...process.env, KHOJ_DATA_DIR: data, KHOJ_BUILD_ID: 'bench-tap' },
    stdio: 'inherit',
  });
  return dist;
}

// Page scripts are strings: tsx's helpers do not exist in the page.

/**
 * Arms the timing of the next tap, whose entry is `word`: window.__tap resolves with its times (ms
 * since the time origin). From the tap on, each frame's first requestAnimationFrame callback (ours,
 * asked for before the app asks for any in that frame) looks for the entry: the first frame that has
 * it paints it, and a message posted from there runs once that frame's rendering steps are done,
 * before the app's own after-paint work (Preact's effects wait on a timer set in a later callback).
 */
const ARM = (word: string) => `(() => {
  const t = { busy: false };
  const done = () => document.querySelector('article.entry h1')?.textContent === ${JSON.stringify(word)};
  window.__tap = new Promise((ok) => {
    const frame = () => requestAnimationFrame(() => {
      if (!done()) return frame();
      t.frame = performance.now();
      const ch = new MessageChannel();
      ch.port1.onmessage = () => ok({ ...t, paint: performance.now() });
      ch.port2.postMessage(0);
    });
    addEventListener('click', (e) => { t.click = e.timeStamp; frame(); }, { capture: true, once: true });
  });
  addEventListener('hashchange', (e) => (t.hash = e.timeStamp), { capture: true, once: true });
  const mo = new MutationObserver(() => {
    t.busy ||= !!document.querySelector('main [aria-busy="true"]');
    if (!done()) return;
    mo.disconnect();
    t.dom = performance.now();
  });
  mo.observe(document.querySelector('main'), { subtree: true, childList: true, characterData: true });
})()`;

interface TapTimes {
  /** "loading" was drawn before the entry */
  busy: boolean;
  click: number;
  hash: number;
  dom: number;
  frame: number;
  paint: number;
}

/** Before any script of the page: when the home's letter grid is first in a frame (as ARM), and when that frame is done. */
export const COLD_INIT = `(() => {
  window.__cold = new Promise((ok) => {
    const frame = () => requestAnimationFrame(() => {
      if (!document.querySelector('ul.letters a')) return frame();
      const dom = performance.now();
      const ch = new MessageChannel();
      ch.port1.onmessage = () => ok({ dom, paint: performance.now() });
      ch.port2.postMessage(0);
    });
    frame();
  });
})()`;

/** A reader at 360×640 in Nepali who saved the whole dictionary at `url`: the context and its page (on the saved-words screen). */
export async function savedWhole(browser: Browser, url: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ serviceWorkers: 'allow', viewport: { width: 360, height: 640 }, locale: 'ne-NP' });
  const page = await context.newPage();
  await page.goto(`${url}/#/saved`);
  await page.waitForFunction(() => !!navigator.serviceWorker.controller);
  await page.locator('#save-all').click();
  await page.locator('#save-done').waitFor({ timeout: 600_000 });
  return { context, page };
}

/** Search queries whose results are tapped: words spread over the whole list, a few romanised. */
function queries(dist: string): string[] {
  const file = JSON.parse(readFileSync(join(dist, 'api/v1/headwords.json'), 'utf8')) as HeadwordsFile;
  const words = decodeHeadwords(file.words);
  const n = Math.ceil(TAPS * 0.8);
  const spread = Array.from({ length: n }, (_, i) => words[Math.floor(((i + 0.5) * words.length) / n)]!);
  return [...spread, 'namaste', 'kiran', 'pani', 'ghar', 'pustak', 'shabda', 'hariyo', 'aakash'].slice(0, TAPS);
}

/** Searches `q`, waits `dwell` ms with the results on screen, taps result `i`; its times. */
async function tapResult(page: Page, q: string, i: number, dwell: number): Promise<TapTimes & { word: string }> {
  await page.evaluate((hash) => (location.hash = hash), `#/search?q=${encodeURIComponent(q)}`);
  await page.waitForFunction((x) => document.querySelector('#results')?.getAttribute('data-q') === x && !!document.querySelector('#results a'), q);
  const links = page.locator('#results a');
  const link = links.nth(Math.min(i, (await links.count()) - 1));
  const word = (await link.textContent())!;
  if (dwell) await page.waitForTimeout(dwell);
  await page.evaluate(ARM(word));
  await link.click();
  const times = (await page.evaluate('window.__tap')) as TapTimes;
  return { ...times, word };
}

export async function benchTap(): Promise<void> {
  const dist = buildFullSize();
  console.log('\n## tap → entry painted, and cold start (full-size dictionary, offline)');
  const server = await serveSwitchable(dist);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
  const lines: string[] = [];
  const say = (s: string) => {
    console.log(s);
    lines.push(s);
  };
  try {
    const { context, page } = await savedWhole(browser, server.url);
    await context.setOffline(true);
    const cdp = await context.newCDPSession(page);
    if (CPU !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });

    const qs = queries(dist);
    // One warm-up tap: the search worker's first index and the modules of the word screen.
    await tapResult(page, qs[0]!, 0, DWELL_MS);
    const taps: Record<'dwell' | 'atOnce', Array<TapTimes & { word: string }>> = { dwell: [], atOnce: [] };
    const before = uptime();
    for (let k = 0; k < qs.length; k++) {
      taps.dwell.push(await tapResult(page, qs[k]!, k % 4, DWELL_MS));
      taps.atOnce.push(await tapResult(page, qs[(k + 7) % qs.length]!, (k + 1) % 4, 0));
    }
    const after = uptime();
    say(
      `Tap → entry painted (CPU ${CPU}×; \`uptime\` before: ${before}; after: ${after}). A search, the results on screen, a tap on one of the first four (${qs.length} searches spread over the headword list, a few romanised; a different word each time):`,
    );
    say('');
    say('| reader taps | click → heading in the DOM | click → entry painted | hash change → entry painted | entries drawn with no "loading" first |');
    say('|---|---|---|---|---|');
    for (const [key, label] of [
      ['dwell', `${DWELL_MS} ms after the results appear`],
      ['atOnce', 'at once (as soon as the results are in the DOM)'],
    ] as const) {
      const t = taps[key];
      say(
        `| ${label} | ${fmt(t.map((x) => x.dom - x.click))} | **${fmt(t.map((x) => x.paint - x.click))}** | ${fmt(t.map((x) => x.paint - x.hash))} | ${t.filter((x) => !x.busy).length} of ${t.length} |`,
      );
    }
    say('');
    say('Target: a median under 16.7 ms (one frame at 60 Hz) from the tap to the painted entry.');
    say('');

    // Cold start: a new page at the app's initial route, offline, answered by the worker.
    await page.close();
    await context.addInitScript(COLD_INIT);
    const control = await context.newPage();
    const controlCdp = await context.newCDPSession(control);
    await controlCdp.send('ServiceWorker.enable');
    const cold: Record<'running' | 'stopped', { fcp: number[]; paint: number[] }> = { running: { fcp: [], paint: [] }, stopped: { fcp: [], paint: [] } };
    const coldBefore = uptime();
    for (let i = 0; i < STARTS * 2; i++) {
      const kind = i % 2 ? 'stopped' : 'running';
      if (kind === 'stopped') await controlCdp.send('ServiceWorker.stopAllWorkers');
      const p = await context.newPage();
      const pageCdp = await context.newCDPSession(p);
      if (CPU !== 1) await pageCdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
      await p.goto(`${server.url}/`);
      // Read through CDP, not page.evaluate: Playwright's first evaluate in a page injects its
      // utility script (a trace showed 92 ms of compile and run at a load of 20), and when that
      // ran between the grid's frame and the message posted from it, it was counted as the app's.
      const { result } = await pageCdp.send('Runtime.evaluate', { expression: 'window.__cold', awaitPromise: true, returnByValue: true });
      const { paint } = result.value as { dom: number; paint: number };
      // The paint entry is queued once the frame is presented, which can be after the page's own mark.
      const fcp = await p.evaluate(
        () =>
          new Promise<number>((ok) => {
            new PerformanceObserver((list) => ok(list.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN)).observe({
              type: 'paint',
              buffered: true,
            });
            setTimeout(() => ok(NaN), 2000);
          }),
      );
      cold[kind].paint.push(paint);
      cold[kind].fcp.push(fcp);
      await p.close();
    }
    say(
      `Cold start (CPU ${CPU}×; \`uptime\` before: ${coldBefore}; after: ${uptime()}): a new page at \`/\` (the dictionary's home), offline, the app and its data answered by the service worker; from navigation start (the page's time origin):`,
    );
    say('');
    say('| service worker | first contentful paint | the home page (its letter grid) painted |');
    say('|---|---|---|');
    say(`| running (a new tab) | ${fmt(cold.running.fcp)} | **${fmt(cold.running.paint)}** |`);
    say(`| stopped first (as after the browser let it go idle) | ${fmt(cold.stopped.fcp)} | **${fmt(cold.stopped.paint)}** |`);
    say('');
    say('Target: under 300 ms.');
  } finally {
    await browser.close();
    await server.close();
  }
  const head = [
    '## Tap → entry painted, and cold start (`npm run bench -- tap`)',
    '',
    `bench/tap.ts, ${new Date().toISOString().slice(0, 16)}Z: the full-size dictionary (123,363 headwords from the shared dump generator), saved whole, offline, headless Debian Chromium at 360×640, Nepali. "Painted": from the tap (or the start of the page) on, the first requestAnimationFrame callback of each frame looks for the entry's heading (or the letter grid); in the first frame that has it, a message posted from there runs once that frame's rendering steps are done, and that is the time taken (the app's own after-paint work comes later). A tap: Playwright's click (pointer and mouse events through the browser's input pipeline), timed from the click event.`,
    '',
  ];
  writeSection('tap', [...head, ...lines].join('\n'));
  console.log('written to bench/RESULTS.md');
}
