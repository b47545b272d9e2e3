// The index history screen drawing 29 years of daily NEPSE closes (350 monthly files, about
// 7,600 days) in headless Chromium at 360×640, the CPU slowed 4× as a phone: the longest task
// (PerformanceObserver "longtask") while the "all" range is drawn, from months kept in memory
// (switching ranges) and on the first view (350 files fetched through the worker and read). And
// the decimation and path alone, in Node. Figures are printed and written to bench/RESULTS.md
// (section "index-history"), never asserted. Needs the e2e suite's shared build (.e2e/all/dist:
// `npx playwright test tests/e2e/market-history.spec.ts` makes it).

import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { chromium, type Page } from '@playwright/test';
import { decimateIndices } from '../src/core/market/decimate.ts';
import { linePath } from '../src/app/market/line-path.ts';
import { historySite } from '../harness/history-site.ts';
import { serveSwitchable } from '../harness/http.ts';
import { ALL_DIST } from '../harness/variant.ts';
import { writeSection } from './results.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** CPU slow-down (Chromium's throttling): 4 stands for a mid-range phone; BENCH_CPU=1 for the machine as it is. */
const CPU = Number(process.env.BENCH_CPU ?? 4);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

// A page script (a string: tsx's helpers do not exist in the page): switch to a range and wait
// for its chart; returns [ms to the chart in the DOM, longest task ms, number of long tasks].
const DRAW = (hash: string, range: string) => `(async () => {
  const tasks = [];
  const po = new PerformanceObserver((l) => { for (const e of l.getEntries()) tasks.push(e.duration); });
  po.observe({ type: 'longtask' });
  const start = performance.now();
  location.hash = ${JSON.stringify(hash)};
  await new Promise((ok) => {
    const done = () => !!document.querySelector('section[data-range="${range}"] #index-chart svg[data-drawn]');
    if (done()) return ok();
    const mo = new MutationObserver(() => { if (done()) { mo.disconnect(); ok(); } });
    mo.observe(document.querySelector('main'), { subtree: true, childList: true, attributes: true });
  });
  const dom = performance.now() - start;
  await new Promise((ok) => requestAnimationFrame(() => setTimeout(ok, 100)));
  po.disconnect();
  return [dom, tasks.length ? Math.max(...tasks) : 0, tasks.length];
})()`;

const run = (page: Page, script: string) => page.evaluate(script) as Promise<[number, number, number]>;

export async function benchIndexHistory(): Promise<void> {
  if (!existsSync(join(ALL_DIST, 'sw.js')))
    throw new Error(`${ALL_DIST}: no build; run the e2e suite's global setup first (npx playwright test tests/e2e/market-history.spec.ts)`);
  const { site, nepse } = historySite(ALL_DIST);
  const lines: string[] = [];
  const say = (s: string) => {
    console.log(s);
    lines.push(`- ${s}`);
  };

  // Node: decimation and the SVG path for 360 px.
  const values = Array.from({ length: nepse.days }, (_, i) => 300 + i * 0.3 + 80 * Math.sin(i / 90));
  const node: number[] = [];
  let drawnNode = 0;
  for (let i = 0; i < RUNS * 4; i++) {
    const t = performance.now();
    const idx = decimateIndices(values, 360);
    linePath(
      idx.map((x) => values[x]!),
      360,
      200,
    );
    node.push(performance.now() - t);
    drawnNode = idx.length;
  }
  say(
    `Node: decimate ${nepse.days} daily closes to 360 px (${drawnNode} points kept) and write the SVG path: median ${median(node).toFixed(2)} ms, max ${Math.max(...node).toFixed(2)} ms`,
  );

  const server = await serveSwitchable(site);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });
    await page.goto(`${server.url}/#/market`);
    await page.waitForFunction(() => !!navigator.serviceWorker.controller);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
    await run(page, DRAW('#/market/history/NEPSE?range=1m', '1m'));

    // First view of "all": 348 more months fetched through the worker, read, drawn.
    const [firstDom, firstLong, firstCount] = await run(page, DRAW('#/market/history/NEPSE?range=all', 'all'));
    const drawn = await page.locator('#index-chart svg').getAttribute('data-drawn');
    say(
      `first view of "all" (${nepse.days} days in 350 months; 348 fetched through the worker and read, ${drawn} points drawn at 360 px, CPU ${CPU}× slower): chart in ${firstDom.toFixed(0)} ms, longest task ${firstLong.toFixed(0)} ms (${firstCount} tasks over 50 ms)`,
    );

    // "all" again from months in memory: the work of drawing alone.
    const dom: number[] = [];
    const long: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await run(page, DRAW(`#/market/history/NEPSE?range=1y&r=${i}`, '1y'));
      const [d, l] = await run(page, DRAW(`#/market/history/NEPSE?range=all&r=${i}`, 'all'));
      dom.push(d);
      long.push(l);
    }
    say(
      `"all" drawn again from months in memory (${RUNS} runs, CPU ${CPU}× slower): chart in median ${median(dom).toFixed(0)} ms; longest task median ${median(long).toFixed(0)} ms, max ${Math.max(...long).toFixed(0)} ms (target: no task over 100 ms)`,
    );
  } finally {
    await browser.close();
    await server.close();
    rmSync(site, { recursive: true, force: true });
  }
  writeSection(
    `index-history-cpu${CPU}`,
    `## Index history: 29 years of daily points (\`npm run bench -- index-history\`, CPU ${CPU}×)\n\nbench/index-history.ts, ${new Date().toISOString().slice(0, 16)}Z, headless Debian Chromium at 360×640 on the 2-core machine shared with other sessions (load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(', ')}).\n\n${lines.join('\n')}`,
  );
}
