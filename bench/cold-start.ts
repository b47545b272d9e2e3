// Cold start of builds side by side, and where a start's time goes:
//   node --import tsx bench/cold-start.ts <dist> [<dist>…]
// Each build (a full-size one: `npm run bench -- tap` leaves it in .bench/tap-dist) is served on its
// own origin, saved whole and taken offline in one browser; then starts alternate build by build
// (worker running, then stopped first), so a load that varies hits every build alike. Times as
// bench/tap.ts's cold start (COLD_INIT): navigation start → the end of the first frame with the
// home's letter grid. BENCH_STARTS starts per build and kind (default 8). BENCH_TRACE=<dir> also
// records one Chromium trace per build and kind (open in chrome://tracing or Perfetto) and prints
// its phases. Figures are printed, never written to RESULTS.md (bench/tap.ts does that).

import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type CDPSession } from '@playwright/test';
import { serveSwitchable } from '../harness/http.ts';
import { COLD_INIT, savedWhole } from './tap.ts';

const STARTS = Number(process.env.BENCH_STARTS ?? 8);
const TRACE = process.env.BENCH_TRACE;
const GAP = Number(process.env.BENCH_GAP ?? 0);
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'loading',
  'navigation',
  'ServiceWorker',
  'v8.execute',
  'blink',
  'cc',
  'toplevel',
  'disabled-by-default-devtools.timeline.frame',
  'netlog',
  'disabled-by-default-netlog',
].join(',');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();

interface Build {
  dist: string;
  url: string;
  context: BrowserContext;
  control: CDPSession;
  times: Record<'running' | 'stopped', number[]>;
}

async function prepare(browser: Browser, dist: string): Promise<Build & { close: () => Promise<void> }> {
  const server = await serveSwitchable(dist);
  const { context, page } = await savedWhole(browser, server.url);
  // The home once online, as a reader's first visit leaves it (its letters kept).
  await page.goto(`${server.url}/`);
  await page.locator('ul.letters a').first().waitFor();
  await page.waitForTimeout(1000);
  await context.setOffline(true);
  await page.close();
  await context.addInitScript(COLD_INIT);
  const controlPage = await context.newPage();
  const control = await context.newCDPSession(controlPage);
  await control.send('ServiceWorker.enable');
  return { dist, url: server.url, context, control, times: { running: [], stopped: [] }, close: () => server.close() };
}

/** One cold start: its time, and a trace of it when asked for. */
async function start(browser: Browser, b: Build, kind: 'running' | 'stopped', trace?: string): Promise<number> {
  if (kind === 'stopped') await b.control.send('ServiceWorker.stopAllWorkers');
  // BENCH_GAP ms between starts (default 0, as bench/tap.ts): the worker may still be answering the
  // last page's after-first-frame questions when the next page starts.
  if (GAP) await new Promise((ok) => setTimeout(ok, GAP));
  const p = await b.context.newPage();
  const cdp = await b.context.newCDPSession(p);
  if (trace) await browser.startTracing(undefined, { categories: CATEGORIES.split(',') });
  if (trace) await cdp.send('Profiler.enable');
  if (trace) await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  if (trace) await cdp.send('Profiler.start');
  await p.goto(`${b.url}/`);
  const { result } = await cdp.send('Runtime.evaluate', { expression: 'window.__cold', awaitPromise: true, returnByValue: true });
  const { paint } = result.value as { paint: number };
  if (trace) writeFileSync(trace.replace(/\.json$/, '.cpuprofile'), JSON.stringify((await cdp.send('Profiler.stop')).profile));
  if (trace) {
    const buf = await browser.stopTracing();
    writeFileSync(trace, buf);
    phases(JSON.parse(buf.toString()) as { traceEvents: TraceEvent[] }, b.url, paint);
  }
  await p.close();
  return paint;
}

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: Record<string, unknown> & { data?: Record<string, unknown> };
}

/** Prints a start's main events relative to its navigation start: the page's tasks, the worker's, and the requests. */
function phases(trace: { traceEvents: TraceEvent[] }, origin: string, paint: number): void {
  const ev = trace.traceEvents;
  const threads = new Map<string, string>();
  for (const e of ev) if (e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, String(e.args?.name));
  const nav = ev.find((e) => e.name === 'navigationStart' && String(e.args?.data?.documentLoaderURL ?? '').startsWith(origin));
  if (!nav) return console.log('  (no navigationStart in the trace)');
  const t0 = nav.ts;
  const main = `${nav.pid}:${nav.tid}`;
  const rel = (ts: number) => ((ts - t0) / 1000).toFixed(1).padStart(7);
  console.log(`  trace: navigationStart at 0; painted at ${paint.toFixed(1)} ms`);
  const rows: Array<[number, string]> = [];
  for (const e of ev) {
    const thread = threads.get(`${e.pid}:${e.tid}`) ?? '?';
    const d = e.args?.data ?? {};
    if (e.ts < t0 - 5000) continue;
    if (e.name === 'ResourceSendRequest' || e.name === 'ResourceReceiveResponse' || e.name === 'ResourceFinish')
      rows.push([e.ts, `${e.name.replace('Resource', '')} ${String(d.url ?? d.requestId).replace(origin, '')}${d.fromServiceWorker ? ' (sw)' : ''}`]);
    else if (
      e.ph === 'X' &&
      (e.dur ?? 0) >= 2000 &&
      (`${e.pid}:${e.tid}` === main || /ServiceWorker|Worker/i.test(thread)) &&
      e.name !== 'RunTask' &&
      e.name !== 'ThreadControllerImpl::RunTask'
    )
      rows.push([
        e.ts,
        `[${`${e.pid}:${e.tid}` === main ? 'main' : thread}] ${e.name} ${((e.dur ?? 0) / 1000).toFixed(1)} ms ${String(d.url ?? d.functionName ?? '').replace(origin, '')}`,
      ]);
    else if (/ServiceWorker|FetchEvent|DispatchFetch/i.test(e.name) && (e.ph === 'X' || e.ph === 'b' || e.ph === 'B' || e.ph === 'n' || e.ph === 'I'))
      rows.push([e.ts, `(${thread}) ${e.name} ${e.ph}${e.dur ? ` ${(e.dur / 1000).toFixed(1)} ms` : ''}`]);
    else if (['firstContentfulPaint', 'markDOMContent', 'MarkDOMContent', 'domContentLoadedEventStart', 'commitNavigationEnd', 'MarkLoad'].includes(e.name))
      rows.push([e.ts, `* ${e.name}`]);
  }
  rows.sort((a, b) => a[0] - b[0]);
  for (const [ts, s] of rows) if (ts - t0 <= (paint + 50) * 1000) console.log(`  ${rel(ts)}  ${s}`);
}

const dists = process.argv.slice(2).map((d) => resolve(d));
if (dists.length === 0) throw new Error('usage: node --import tsx bench/cold-start.ts <dist> [<dist>…]');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
});
try {
  const builds = [];
  for (const d of dists) builds.push(await prepare(browser, d));
  if (TRACE) {
    mkdirSync(TRACE, { recursive: true });
    for (const [i, b] of builds.entries())
      for (const kind of ['running', 'stopped'] as const) {
        console.log(`\n${b.dist}, worker ${kind}:`);
        // As in the timed runs: right after a start of the other kind.
        await start(browser, b, kind === 'running' ? 'stopped' : 'running');
        await start(browser, b, kind, join(TRACE, `cold-${i}-${kind}.json`));
      }
  }
  console.log(`\nuptime before: ${uptime()}`);
  // Build by build, stopped then running: as in bench/tap.ts, a "running" start comes right after
  // another start of the same build, whose worker may still be busy with that page's questions.
  for (let i = 0; i < STARTS; i++)
    for (const b of builds) for (const kind of ['stopped', 'running'] as const) b.times[kind].push(await start(browser, b, kind));
  console.log(`uptime after: ${uptime()}`);
  for (const b of builds)
    console.log(
      `${b.dist}: home painted, median running ${median(b.times.running).toFixed(1)} ms / stopped ${median(b.times.stopped).toFixed(1)} ms (n ${STARTS}); all: ${b.times.running.map((x) => x.toFixed(0)).join(' ')} / ${b.times.stopped.map((x) => x.toFixed(0)).join(' ')}`,
    );
  for (const b of builds) await b.close();
} finally {
  await browser.close();
}
