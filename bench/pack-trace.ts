// `node --import tsx bench/pack-trace.ts [real|harness]`: where the whole-dictionary save's time goes, at
// full size, the page at 4× CPU (bench/pack.ts builds the app; BENCH_REUSE=1 reuses it). A CPU
// profile of the page (CDP Profiler), printed as the functions with the most time of their own:
// - real: the service worker's save, and the page's long tasks (over 50 ms) each with its functions;
// - harness: the save's own work on the page (bench/pack-harness.ts), for all of it and per step.
// A tool to look with, not a benchmark: nothing is written to bench/RESULTS.md.

import { join } from 'node:path';
import { build } from 'esbuild';
import { type CDPSession, chromium } from '@playwright/test';
import { serveCounting } from '../harness/http.ts';
import { buildFullSize } from './pack.ts';
import type { HarnessResult } from './pack-harness.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** The functions with the most self time (ms) in [from, to) (µs on the profile's clock), the top `n`. */
function top(p: Profile, from: number, to: number, n: number): string[] {
  const byId = new Map(p.nodes.map((x) => [x.id, x]));
  const self = new Map<string, number>();
  let t = p.startTime;
  p.samples.forEach((id, i) => {
    t += p.timeDeltas[i] ?? 0;
    const dt = p.timeDeltas[i + 1] ?? 0;
    if (t < from || t >= to) return;
    const f = byId.get(id)!.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').at(-1)}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + dt / 1000);
  });
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, ms]) => `${ms.toFixed(0).padStart(7)} ms  ${k}`);
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: Record<string, unknown> };
}

/** Each task over 50 ms on a thread named CrRendererMain, with the events inside it that took longest. */
function printLongTasks(events: TraceEvent[]): void {
  const main = new Set(
    events.filter((e) => e.name === 'thread_name' && (e.args as { name?: string } | undefined)?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  );
  const mine = events.filter((e) => main.has(`${e.pid}:${e.tid}`) && e.ph === 'X');
  for (const task of mine.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > Number(process.env.TRACE_TASK_MS ?? 50) * 1000)) {
    const inside = mine
      .filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + task.dur! && (e.dur ?? 0) > 1_000)
      .map((e) => `${e.name}${e.args?.data?.['functionName'] ? ` ${String(e.args.data['functionName'])}` : ''} ${((e.dur ?? 0) / 1000).toFixed(0)} ms`);
    console.log(`task ${(task.dur! / 1000).toFixed(0)} ms: ${inside.slice(0, 12).join(', ')}`);
  }
}

/** Stretches of the profile (µs) with no idle sample, longer than `minUs`. */
function busy(p: Profile, minUs: number): Array<[number, number]> {
  const idle = new Set(p.nodes.filter((x) => x.callFrame.functionName === '(idle)').map((x) => x.id));
  const out: Array<[number, number]> = [];
  let t = p.startTime;
  let from = -1;
  p.samples.forEach((id, i) => {
    t += p.timeDeltas[i] ?? 0;
    if (!idle.has(id)) {
      if (from < 0) from = t;
    } else if (from >= 0) {
      if (t - from > minUs) out.push([from, t]);
      from = -1;
    }
  });
  return out;
}

async function profiled<T>(cdp: CDPSession, work: () => Promise<T>): Promise<{ result: T; profile: Profile }> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  const result = await work();
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  return { result, profile };
}

const mode = process.argv[2] ?? 'harness';
const dist = buildFullSize();
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const server = await serveCounting(dist);
try {
  if (mode === 'real') {
    const context = await browser.newContext({ serviceWorkers: 'allow', viewport: { width: 360, height: 640 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/#/saved`);
    await page.waitForFunction(() => !!navigator.serviceWorker.controller);
    await page.locator('#save-all').waitFor();
    await page.waitForTimeout(5000);
    await page.evaluate(
      `(() => { window.__long = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push([e.startTime, e.duration]); }).observe({ type: 'longtask' }); })()`,
    );
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // A timeline trace besides the profile: the long tasks' own events (layout, paint, messages…).
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
    const traced = new Promise((ok) => cdp.once('Tracing.tracingComplete', ok));
    await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
    const { profile } = await profiled(cdp, async () => {
      await page.locator('#save-all').click();
      await page.locator('#save-done').waitFor({ timeout: 600_000 });
      await page.waitForTimeout(2000);
    });
    await cdp.send('Tracing.end');
    await traced;
    printLongTasks(events);
    const long = (await page.evaluate('window.__long')) as Array<[number, number]>;
    console.log(`${long.length} long tasks: ${long.map(([at, ms]) => `${ms.toFixed(0)} ms at ${at.toFixed(0)}`).join(', ')}`);
    // The profile's busy stretches over 50 ms (no idle sample in them): the long tasks, by the profile's clock.
    for (const [from, to] of busy(profile, 50_000)) console.log(`\nbusy ${((to - from) / 1000).toFixed(0)} ms:\n${top(profile, from, to, 12).join('\n')}`);
    console.log('\nall:');
    console.log(top(profile, 0, Infinity, 30).join('\n'));
    await context.close();
  } else {
    const bundle = (await build({ entryPoints: [join(import.meta.dirname, 'pack-harness.ts')], bundle: true, write: false, format: 'iife', target: 'es2022' }))
      .outputFiles[0]!.text;
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(`${server.url}/api/v1/metadata.json`);
    await page.evaluate(bundle);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const { result, profile } = await profiled(cdp, () => page.evaluate('khojPackHarness()') as Promise<HarnessResult>);
    console.log(
      `ended ${result.end.step}; last byte ${result.lastByte.toFixed(0)} ms; steps ${JSON.stringify(result.steps)}; done ${result.done.toFixed(0)} ms`,
    );
    console.log(top(profile, 0, Infinity, 40).join('\n'));
    await context.close();
  }
} finally {
  await server.close();
  await browser.close();
}
