// `npm run bench -- trace`: a Chromium trace of a first visit (a new profile: no service worker,
// nothing stored), and the page's main-thread tasks over 50 ms at 4× CPU, judged as Lighthouse's
// mobile simulation does (each task's time × 4) on the thread's own CPU time, which a machine shared
// with other work does not stretch as it does the wall time. Traced unthrottled (BENCH_TRACE_CPU=4
// throttles, but Chromium's throttling spins on the thread, so its CPU time then counts the spin).
// Each task with what ran in it: the trace events under it (script evaluation, function calls by script URL, parsing,
// style, layout, garbage collection) and the functions the V8 sampler found most often. Serves the
// real-size build (harness/real-build.ts, as `npm run lighthouse -- --real` audits it), or
// BENCH_TRACE_DIST, with our server; BENCH_TRACE_ROUTES names the routes (default: the dictionary
// home, a word and the symbol page). Figures are printed, never asserted; the raw traces are kept in
// .bench/trace/<route>.json for chrome://tracing or the DevTools performance panel.

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { appHandler } from '../src/server/app.ts';
import { realBuild } from '../harness/real-build.ts';

const ROOT = resolve(import.meta.dirname, '..');
const OUT = join(ROOT, '.bench/trace');
/** The tasks listed: over this at ×4 (Lighthouse's long task; BENCH_TRACE_LONG_MS lists shorter ones too). */
const LONG_MS = Number(process.env.BENCH_TRACE_LONG_MS ?? 50);
/** Chromium's CPU throttling while tracing (1: none). */
const CPU = Number(process.env.BENCH_TRACE_CPU ?? 1);
/** Lighthouse's mobile CPU multiplier: a task is judged by its CPU time times this. */
const SLOWDOWN = 4;

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** the thread's own time in it (CPU), µs: what a loaded machine does not stretch */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown> & { cpuProfile?: CpuProfile; timeDeltas?: number[] } };
  id?: string;
}

interface CpuProfile {
  nodes?: Array<{ id: number; parent?: number; callFrame: { functionName: string; url: string; lineNumber?: number; columnNumber?: number } }>;
  samples?: number[];
}

export interface LongTask {
  start: number;
  dur: number;
  /** the thread's CPU time in it, ms */
  cpu: number;
  /** the biggest trace events under it: name (script or function), ms */
  parts: Array<[string, number]>;
  /** the functions V8's sampler saw most in it (self time), ms */
  hot: Array<[string, number]>;
}

const short = (url: unknown) => (typeof url === 'string' && url ? url.replace(/^.*\//, '').replace(/\?.*$/, '') : '');

/** The page's main-thread tasks over 50 ms in a trace, from navigation start. */
export function longTasks(events: TraceEvent[], slowdown = 1, origin?: number): LongTask[] {
  const main = events.find(
    (e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && events.some((x) => x.pid === e.pid && x.name === 'navigationStart'),
  );
  if (!main) return [];
  const own = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
  const start0 = origin ?? events.find((e) => e.pid === main.pid && e.name === 'navigationStart')?.ts ?? 0;
  // The sampler's ticks on this thread: each sample's time and its leaf function.
  const nodes = new Map<number, string>();
  const ticks: Array<[number, string]> = [];
  const profile = events.find((e) => e.name === 'Profile' && e.pid === main.pid && e.tid === main.tid);
  let t = (profile?.args?.data as { startTime?: number } | undefined)?.startTime ?? 0;
  for (const e of events.filter((x) => x.name === 'ProfileChunk' && x.pid === main.pid && profile && x.id === profile.id)) {
    const data = e.args?.data;
    for (const n of data?.cpuProfile?.nodes ?? []) {
      const f = n.callFrame;
      nodes.set(
        n.id,
        `${f.functionName || '(anonymous)'} ${short(f.url)}${f.lineNumber !== undefined && f.url ? `:${f.lineNumber + 1}:${(f.columnNumber ?? 0) + 1}` : ''}`.trim(),
      );
    }
    const samples = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    samples.forEach((s, i) => {
      t += deltas[i] ?? 0;
      ticks.push([t, nodes.get(s) ?? String(s)]);
    });
  }
  const isTask = (e: TraceEvent) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask';
  // Outermost tasks only (RunTask sits inside ThreadControllerImpl::RunTask).
  const all = own.filter(isTask).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const outer: TraceEvent[] = [];
  for (const e of all) if (!outer.length || e.ts >= outer.at(-1)!.ts + outer.at(-1)!.dur!) outer.push(e);
  // Over 50 ms as a quiet machine would run it: the thread's CPU time times the slowdown (Chromium's
  // throttling stops the thread; it adds no CPU time). The wall time on a loaded machine is longer.
  const tasks = outer.filter((e) => ((e.tdur ?? e.dur!) * slowdown) / 1000 > LONG_MS);
  return tasks.map((task) => {
    const end = task.ts + task.dur!;
    const inside = own.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end && !isTask(e));
    const parts = new Map<string, number>();
    for (const e of inside) {
      const d = e.args?.data ?? {};
      const what = short(d.url) || short(d.scriptName) || (typeof d.functionName === 'string' ? d.functionName : '');
      const label = `${e.name}${what ? ` ${what}` : ''}`;
      parts.set(label, (parts.get(label) ?? 0) + (e.dur ?? 0) / 1000);
    }
    const hot = new Map<string, number>();
    for (let i = 0; i < ticks.length - 1; i++) {
      const [at, fn] = ticks[i]!;
      if (at >= task.ts && at < end) hot.set(fn, (hot.get(fn) ?? 0) + (ticks[i + 1]![0] - at) / 1000);
    }
    const top = (m: Map<string, number>, n: number) =>
      [...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .filter(([, ms]) => ms >= 2);
    return { start: (task.ts - start0) / 1000, dur: task.dur! / 1000, cpu: (task.tdur ?? task.dur!) / 1000, parts: top(parts, 8), hot: top(hot, 8) };
  });
}

/** A first visit to `url` at `cpu`× slowdown, traced; the trace's events. */
export async function traceFirstVisit(url: string, cpu = 4, settleMs = 10_000): Promise<TraceEvent[]> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (e) => void events.push(...(e.value as unknown as TraceEvent[])));
    const done = new Promise<void>((ok) => cdp.once('Tracing.tracingComplete', () => ok()));
    await cdp.send('Tracing.start', {
      traceConfig: {
        includedCategories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'disabled-by-default-devtools.timeline.frame',
          'toplevel',
          'v8',
          'v8.execute',
          'disabled-by-default-v8.cpu_profiler',
          'blink.user_timing',
          'loading',
          'blink',
        ],
      },
      transferMode: 'ReportEvents',
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(settleMs);
    await cdp.send('Tracing.end');
    await done;
    return events;
  } finally {
    await browser.close();
  }
}

export function describe(route: string, tasks: LongTask[], slowdown: number): string[] {
  const lines = [`${route}: ${tasks.length} task(s) over ${LONG_MS} ms on the page's main thread (CPU time × ${slowdown})`];
  for (const t of tasks) {
    lines.push(
      `  at ${(t.start / 1000).toFixed(2)} s: CPU ${t.cpu.toFixed(1)} ms × ${slowdown} = ${Math.round(t.cpu * slowdown)} ms (wall ${Math.round(t.dur)} ms)`,
    );
    if (t.parts.length) lines.push(`    events: ${t.parts.map(([n, ms]) => `${n} ${Math.round(ms)}`).join('; ')}`);
    if (t.hot.length) lines.push(`    hot: ${t.hot.map(([n, ms]) => `${n} ${Math.round(ms)}`).join('; ')}`);
  }
  return lines;
}

export async function benchTrace(): Promise<void> {
  const dist = process.env.BENCH_TRACE_DIST ? resolve(process.env.BENCH_TRACE_DIST) : (await realBuild()).dist;
  if (!existsSync(join(dist, 'index.html'))) throw new Error(`trace: no build in ${dist}`);
  const stocks = JSON.parse(readFileSync(join(dist, 'data/nepse_data.json'), 'utf8')) as { symbol: string; name: string }[];
  const stock = stocks.find((s) => / Bank Limited$/.test(s.name)) ?? stocks[0]!;
  const all: Record<string, string> = {
    dictionary: '#/',
    word: `#/word/${encodeURIComponent('नमस्ते')}`,
    books: '#/books',
    market: '#/market',
    prices: '#/market/prices',
    symbol: `#/market/symbol/${encodeURIComponent(stock.symbol)}`,
    // The index history needs its months (harness/history-site.ts): trace such a site (BENCH_TRACE_DIST).
    history: '#/market/history/NEPSE',
    portfolio: '#/market/portfolio',
  };
  const routes = (process.env.BENCH_TRACE_ROUTES ?? 'dictionary,word,symbol').split(',');
  const handle = appHandler(dist);
  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  console.log(
    `\n## First visit traced at ${CPU}× CPU (${dist}), load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')}`,
  );
  mkdirSync(OUT, { recursive: true });
  try {
    for (const route of routes) {
      const events = await traceFirstVisit(base + all[route]!, CPU);
      writeFileSync(join(OUT, `${route}.json`), JSON.stringify({ traceEvents: events }));
      for (const line of describe(route, longTasks(events, SLOWDOWN), SLOWDOWN)) console.log(line);
    }
  } finally {
    server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchTrace();
