// `npm run bench -- pack`: the whole dictionary saved from its pack, at full size (the shared dump
// generator's 123,363 headwords), in headless Chromium:
// - the transfer: the pack (what crosses the network for every entry; the letters' lists and the
//   meaning index are made on the device), against the files' brotli and gzip (sizes.json);
// - the real save by the service worker, the page throttled 4× (CDP): the download the app quoted
//   before the button against the bytes the server sent (harness/http.ts serveCounting), the
//   time to the end and from the pack's last byte, the worker's peak memory (CDP Runtime.getHeapUsage
//   every 100 ms on its target: the JS heap and the ArrayBuffers' backing store), and the page's
//   long tasks (over 50 ms) while the worker stores;
// - the save's own work at 4× CPU: Chromium throttles pages only, not a service worker, so the same
//   run (src/sw/dictionary/whole/run.ts) is timed on a throttled page (bench/pack-harness.ts) against
//   IndexedDB, from the local server and over an emulated 9 Mbit/s network.
// BENCH_DIST=<dist> measures another build's real save (e.g. main's, for the before figures: its
// page fetches every file); its transfer then is what its server sent. Figures are printed and
// written to bench/RESULTS.md (section "pack"), never asserted.

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { type Browser, chromium, type Page } from '@playwright/test';
import type { PackIndexFile } from '../src/core/dictionary/pack/files.ts';
import type { SizesFile } from '../src/core/dictionary/sizes.ts';
import { askWorker } from '../harness/ask-worker.ts';
import { serveCounting } from '../harness/http.ts';
import { dump } from './dictionary-build.ts';
import type { HarnessResult } from './pack-harness.ts';
import { writeSection } from './results.ts';

const ROOT = resolve(import.meta.dirname, '..');
const WORK = join(ROOT, '.bench');
const RUNS = Number(process.env.BENCH_PACK_RUNS ?? 3);
/** the real saves (BENCH_PACK_REAL_RUNS=0: only the harness's) */
const REAL_RUNS = Number(process.env.BENCH_PACK_REAL_RUNS ?? RUNS);
const mb = (n: number) => `${(n / 1e6).toFixed(2)} MB`;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const uptime = () =>
  execFileSync('uptime', { encoding: 'utf8' })
    .trim()
    .replace(/^.*load average/, 'load average');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export function buildFullSize(): string {
  const data = join(WORK, 'pack-data');
  const dist = join(WORK, 'pack-dist');
  if (process.env.BENCH_REUSE === '1' && existsSync(join(dist, 'sw.js'))) return dist;
  execFileSync(
    process.execPath,
    [join(ROOT, 'data-build/run.mjs'), 'cli', '--only', 'dictionary', '--dictionary', dump('dump-seed1', []), '--out', data, '--quiet'],
    {
      stdio: 'inherit',
    },
  );
  execFileSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', '--outDir', dist, '--emptyOutDir'], {
    cwd: ROOT,
    env: { ...process.env, KHOJ_DATA_DIR: data, KHOJ_BUILD_ID: 'bench-pack' },
    stdio: 'inherit',
  });
  return dist;
}

/** Samples the service worker's heap (CDP on its target) until stopped; the peaks. */
async function watchWorkerHeap(browser: Browser) {
  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets');
  const target = targetInfos.find((t) => t.type === 'service_worker');
  if (!target) throw new Error('no service worker target');
  const { sessionId } = await cdp.send('Target.attachToTarget', { targetId: target.targetId, flatten: false });
  let id = 0;
  const waiting = new Map<number, (v: Record<string, number>) => void>();
  cdp.on('Target.receivedMessageFromTarget', (e) => {
    const m = JSON.parse(e.message) as { id?: number; result?: Record<string, number> };
    if (m.id !== undefined) waiting.get(m.id)?.(m.result ?? {});
  });
  const heap = () =>
    new Promise<Record<string, number>>((ok) => {
      const n = ++id;
      waiting.set(n, ok);
      void cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: n, method: 'Runtime.getHeapUsage', params: {} }) });
    });
  const peak = { js: 0, all: 0 };
  let on = true;
  const loop = (async () => {
    while (on) {
      const h = await heap();
      peak.js = Math.max(peak.js, h.usedSize ?? 0);
      peak.all = Math.max(peak.all, (h.usedSize ?? 0) + (h.embedderHeapUsedSize ?? 0) + (h.backingStorageSize ?? 0));
      await new Promise((ok) => setTimeout(ok, 100));
    }
  })();
  return async () => {
    on = false;
    await loop;
    await cdp.detach().catch(() => undefined);
    return peak;
  };
}

// Each long task's start and length: those before the button (buffered: the page's own load, at
// full speed) are not the save's, and are left out of the count.
const LONG_TASKS = `(() => {
  window.__long = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });
})()`;

interface RealRun {
  /** what the app said the save would download (offline-status, before the button) */
  quoted: number | undefined;
  ms: number;
  afterLastByte: number;
  sent: number;
  pack: number;
  requests: number;
  heap: { js: number; all: number };
  longTasks: number[];
}

/** The real save: one visit to the saved page, the save button, until it is done; the page at 4× CPU. */
async function realSave(browser: Browser, dist: string): Promise<RealRun> {
  const server = await serveCounting(dist);
  const context = await browser.newContext({ serviceWorkers: 'allow', viewport: { width: 360, height: 640 } });
  try {
    const page = await context.newPage();
    await page.goto(`${server.url}/#/saved`);
    await page.waitForFunction(() => !!navigator.serviceWorker.controller);
    // The first visit's part saved (the status is known), then the count starts.
    await page.locator('#save-all').waitFor();
    // The first visit's part saved (the worker knows what is left), and what the app quotes for the rest.
    let quoted: number | undefined;
    for (let i = 0; i < 120 && quoted === undefined; i++) {
      const status = await askWorker(page, 'offline-status', {});
      if (!status.saving && status.dictionary?.estimate) quoted = status.dictionary.estimate.download;
      else await page.waitForTimeout(500);
    }
    await page.waitForTimeout(1000);
    await page.evaluate(LONG_TASKS);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const stop = await watchWorkerHeap(browser);
    const before = { ...server.sent };
    const t0 = Date.now();
    const clicked = (await page.evaluate('performance.now()')) as number;
    await page.locator('#save-all').click();
    await page.locator('#save-done').waitFor({ timeout: 600_000 });
    const t1 = Date.now();
    const heap = await stop();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const longTasks = ((await page.evaluate('window.__long')) as Array<[number, number]>).filter(([at]) => at >= clicked).map(([, ms]) => ms);
    return {
      quoted,
      ms: t1 - t0,
      afterLastByte: server.sent.packEnd ? t1 - server.sent.packEnd : NaN,
      sent: server.sent.bytes - before.bytes,
      pack: server.sent.pack - before.pack,
      requests: server.sent.requests - before.requests,
      heap,
      longTasks,
    };
  } finally {
    await context.close();
    await server.close();
  }
}

/** The harness (pack-harness.ts) and the save it runs, bundled from the sources under `root`. */
async function harnessBundle(root: string): Promise<string> {
  const out = await build({ entryPoints: [join(root, 'bench/pack-harness.ts')], bundle: true, write: false, format: 'iife', target: 'es2022', minify: true });
  return out.outputFiles[0]!.text;
}

/** A copy of commit `ref`'s sources (src, bench, harness, tsconfig.json) under .bench/, for its harness. */
function sourcesOf(ref: string): string {
  const sha = execFileSync('git', ['rev-parse', ref], { cwd: ROOT, encoding: 'utf8' }).trim();
  const dir = join(WORK, `base-${sha.slice(0, 12)}`);
  if (!existsSync(dir)) {
    mkdirSync(dir, { recursive: true });
    execFileSync('sh', ['-c', `git archive ${sha} src bench harness tsconfig.json | tar -x -C '${dir}'`], { cwd: ROOT });
  }
  return dir;
}

type HarnessRun = HarnessResult & { heap: number; threadMs: number; processMs: number };

/** The save's own work on a page at 4× CPU (pack-harness.ts); `kbps`: an emulated network, else the local one. */
async function harnessSave(browser: Browser, dist: string, bundle: string, kbps?: number): Promise<HarnessRun> {
  const server = await serveCounting(dist);
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    const page: Page = await context.newPage();
    await page.goto(`${server.url}/api/v1/metadata.json`);
    await page.evaluate(bundle);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    if (kbps) {
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 40,
        downloadThroughput: (kbps * 1000) / 8,
        uploadThroughput: (kbps * 1000) / 8,
      });
    }
    let heap = 0;
    let on = true;
    const sampling = (async () => {
      while (on) {
        const h = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number; embedderHeapUsedSize?: number; backingStorageSize?: number };
        heap = Math.max(heap, h.usedSize + (h.embedderHeapUsedSize ?? 0) + (h.backingStorageSize ?? 0));
        await new Promise((ok) => setTimeout(ok, 100));
      }
    })();
    // The CPU time the page's thread and its process spent (Chromium's own counters): what the save
    // costs whatever share of the cores the shared machine gives it, unlike the time on the clock.
    await cdp.send('Performance.enable');
    const cpu = async () => {
      const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: Array<{ name: string; value: number }> };
      const of = (name: string) => (metrics.find((m) => m.name === name)?.value ?? NaN) * 1000;
      return { thread: of('ThreadTime'), process: of('ProcessTime') };
    };
    const before = await cpu();
    const result = (await page.evaluate('khojPackHarness()')) as HarnessResult;
    const after = await cpu();
    on = false;
    await sampling;
    return { ...result, heap, threadMs: after.thread - before.thread, processMs: after.process - before.process };
  } finally {
    await context.close();
    await server.close();
  }
}

export async function benchPack(): Promise<void> {
  const dist = process.env.BENCH_DIST ?? buildFullSize();
  const label = process.env.BENCH_DIST ? `the build in ${dist}` : 'this build';
  const v1 = join(dist, 'api/v1');
  const lines: string[] = [];
  const say = (line: string) => (console.log(line), lines.push(line));
  console.log(`\n## The whole dictionary saved (${label})`);
  // The pack's figures for a build whose app uses it (a BENCH_DIST of main's app has no sizes.json).
  if (existsSync(join(v1, 'pack.json')) && existsSync(join(v1, 'sizes.json'))) {
    const pack = JSON.parse(readFileSync(join(v1, 'pack.json'), 'utf8')) as PackIndexFile;
    const sizes = JSON.parse(readFileSync(join(v1, 'sizes.json'), 'utf8')) as SizesFile;
    // As sent: brotli (else gzip, else the file) or gzip (else the file); sizes.json has 0 where none was written.
    const sum = (re: RegExp, at: 1 | 2) =>
      Object.entries(sizes.files)
        .filter(([p]) => re.test(p))
        .reduce((n, [, s]) => n + (s[at] || s[2] || s[0]!), 0);
    const br = (re: RegExp) => sum(re, 1);
    const gz = (re: RegExp) => sum(re, 2);
    say(
      `- transfer: the pack ${pack.bytes.toLocaleString('en')} bytes (**${mb(pack.bytes)}**, target ≤ 5 MB), ${pack.blocks.length} blocks, ${pack.files.length} chunk files; ` +
        `the files it replaces as brotli sends them: chunks ${mb(br(/^chunks\//))}, meaning index ${mb(br(/^meanings\//))}, letters ${mb(br(/^words-by-letter\//))} (${mb(br(/^(chunks|meanings|words-by-letter)\//))} in all; gzip ${mb(gz(/^(chunks|meanings|words-by-letter)\//))}); the headword list, saved at the first visit, ${mb(br(/^headwords\.json$/))}`,
    );
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
  try {
    const real: RealRun[] = [];
    for (let i = 0; i < REAL_RUNS; i++) {
      const load = uptime();
      const r = await realSave(browser, dist);
      real.push(r);
      say(
        `- real save by the service worker, run ${i + 1} (${load}): the app quoted **${r.quoted === undefined ? 'no size' : mb(r.quoted)}** to download, the server sent **${mb(r.sent)}**` +
          (r.quoted ? ` (${((r.sent / r.quoted - 1) * 100).toFixed(1)}%)` : '') +
          ` in ${r.requests} answers (the pack ${mb(r.pack)}); ${s(r.ms)} from the button to "saved"` +
          (Number.isFinite(r.afterLastByte) ? `, ${s(r.afterLastByte)} after the server sent the pack's last byte` : '') +
          `; the worker's peak memory ${mb(r.heap.all)} (JS heap ${mb(r.heap.js)}; target < 100 MB); ` +
          `the page at 4× CPU: ${r.longTasks.length} long tasks from the button on${r.longTasks.length ? `, the longest ${Math.round(Math.max(...r.longTasks))} ms` : ''}`,
      );
    }
    if (real.length)
      say(
        `- real save, median of ${real.length}: ${s(median(real.map((r) => r.ms)))}; the worker's peak memory ${mb(median(real.map((r) => r.heap.all)))} (${mb(Math.min(...real.map((r) => r.heap.all)))}–${mb(Math.max(...real.map((r) => r.heap.all)))}); long tasks on the page: ${real.flatMap((r) => r.longTasks).length} in all, the longest ${Math.round(Math.max(0, ...real.flatMap((r) => r.longTasks)))} ms`,
      );
    if (!process.env.BENCH_DIST) {
      // BENCH_PACK_BASE=<git ref>: that commit's save runs too, turn about with this tree's, so
      // both meet the same load on the shared machine.
      const base = process.env.BENCH_PACK_BASE;
      const trees = [{ label: 'this tree', bundle: await harnessBundle(ROOT) }];
      // (a comma-separated list: each of those commits.)
      for (const ref of base?.split(',').reverse() ?? []) trees.unshift({ label: `base ${ref}`, bundle: await harnessBundle(sourcesOf(ref)) });
      // BENCH_PACK_LOCAL_ONLY=1: from the local server only, not over the emulated network too.
      for (const kbps of process.env.BENCH_PACK_LOCAL_ONLY === '1' ? [undefined] : [undefined, 9000]) {
        const runs = new Map<string, HarnessRun[]>(trees.map((t) => [t.label, []]));
        for (let i = 0; i < RUNS; i++) {
          for (const tree of trees) {
            const load = uptime();
            const h = await harnessSave(browser, dist, tree.bundle, kbps);
            runs.get(tree.label)!.push(h);
            const steps = Object.entries(h.steps)
              .map(([k, v]) => `${k} ${s(v)}`)
              .join(', ');
            say(
              `- the save's own work at 4× CPU (a throttled page), ${kbps ? `over ${kbps / 1000} Mbit/s` : 'from the local server'}, ${base ? `${tree.label}, ` : ''}run ${i + 1} (${load}): ended "${h.end.step}", ${h.files} files; ` +
                `**${s(h.done - h.lastByte)} after the pack's last byte** (target < 10 s), ${s(h.done)} in all; steps from the start: ${steps}; peak memory ${mb(h.heap)}; CPU time ${s(h.threadMs)} on the page's thread, ${s(h.processMs)} in its process`,
            );
          }
        }
        for (const [label, r] of runs)
          say(
            `  - ${base ? `${label}, ` : ''}median of ${RUNS}: ${s(median(r.map((h) => h.done - h.lastByte)))} after the last byte (${s(Math.min(...r.map((h) => h.done - h.lastByte)))}–${s(Math.max(...r.map((h) => h.done - h.lastByte)))}), ${s(median(r.map((h) => h.done)))} in all; peak memory ${mb(median(r.map((h) => h.heap)))}; CPU time on the page's thread ${s(median(r.map((h) => h.threadMs)))} (${s(Math.min(...r.map((h) => h.threadMs)))}–${s(Math.max(...r.map((h) => h.threadMs)))})`,
          );
      }
    }
  } finally {
    await browser.close();
  }
  writeSection(
    process.env.BENCH_DIST ? 'pack-before' : 'pack',
    [
      `## The whole dictionary saved${process.env.BENCH_DIST ? ', before the pack' : ', from its pack'} (\`npm run bench -- pack\`${process.env.BENCH_DIST ? ', BENCH_DIST' : ''})`,
      '',
      `bench/pack.ts, ${new Date().toISOString().slice(0, 16)}Z, the full-size dictionary (123,363 entries), headless Debian Chromium; each line has the load average before it (2 cores, shared).`,
      '',
      ...lines,
    ].join('\n'),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await benchPack();
