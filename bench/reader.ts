// The PDF reader's page turn on a phone: the sample build's Nepali reader (files/mero-nepali-5.pdf,
// 6 A5 pages of Devanagari) saved and opened in headless Chromium at 360×640 (2 device pixels a
// CSS pixel, touch), the CPU slowed 4× as a phone. A turn to a page already drawn (the reader draws
// the pages beside the one shown ahead of time: src/app/books/pdf-canvases.ts) is timed from the
// input event (its timeStamp: a key's keydown, a tap's pointerup) to the first frame that shows
// the new page: the requestAnimationFrame after the canvas is swapped in, and the task after
// that frame. A page not drawn yet (the page-number box, to the last page) is timed the same way.
// And the share of the screen's height the reading surface and the page take in reading mode.
// Figures are printed and written to bench/RESULTS.md (section "reader"), never asserted.
// Needs the e2e suite's shared build (.e2e/all/dist: `npx playwright test tests/e2e/samples.spec.ts` makes it).

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { chromium, type Page } from '@playwright/test';
import { serve } from '../harness/http.ts';
import { ALL_DIST } from '../harness/variant.ts';
import { writeSection } from './results.ts';

/** The build measured: the suite's, or another (KHOJ_BENCH_DIST) with the same sample data. */
const DIST = process.env.KHOJ_BENCH_DIST ?? ALL_DIST;
const BOOK = 'cdc-np-5-nepali';
const PAGES = 6;
const CPU = Number(process.env.BENCH_CPU ?? 4);
const W = 360;
const H = 640;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const max = (xs: number[]) => Math.max(...xs);

// A page script: arms the watch for page `n` on the sheet; resolves [to the frame, to after the frame] in ms from the input event.
const ARM = (n: number, event: string) => `(() => {
  window.__turn = new Promise((ok) => {
    let start;
    addEventListener(${JSON.stringify(event)}, (e) => { start = e.timeStamp; }, { capture: true, once: true });
    const sheet = document.querySelector('.pdf-sheet');
    const mo = new MutationObserver(() => {
      if (!sheet.dataset.shown?.startsWith('${n}@')) return;
      mo.disconnect();
      requestAnimationFrame((frame) => {
        const raf = performance.now();
        setTimeout(() => ok([raf - start, performance.now() - start]), 0);
      });
    });
    mo.observe(sheet, { attributes: true, attributeFilter: ['data-shown'] });
  });
})()`;

const cachedAround = (page: Page, n: number) =>
  page.waitForFunction(
    ([n, last]) => {
      const cached = (document.querySelector('.pdf-sheet') as HTMLElement | null)?.dataset.cached?.split(' ').map(Number) ?? [];
      return [n - 1, n, n + 1].filter((p) => p >= 1 && p <= last).every((p) => cached.includes(p));
    },
    [n, PAGES] as const,
    { timeout: 60_000 },
  );

export async function benchReader(): Promise<void> {
  if (!existsSync(join(ALL_DIST, 'sw.js')))
    throw new Error(`${ALL_DIST}: no build; run the e2e suite's global setup first (npx playwright test tests/e2e/samples.spec.ts)`);
  const lines: string[] = [];
  const say = (s: string) => {
    console.log(s);
    lines.push(`- ${s}`);
  };
  const site = await serve(DIST);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: W, height: H }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    await page.addInitScript(() => localStorage.setItem('khoj.lang', 'en'));
    await page.goto(`${site.url}/#/books/book/${BOOK}`);
    await page.waitForFunction(() => !!navigator.serviceWorker.controller);
    await page.locator('button.save-pdf').click();
    await page.locator('a.open-saved').click();
    await page.locator('.pdf-sheet[data-rendered^="1@"]').waitFor({ timeout: 60_000 });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });

    // A page not drawn yet: the last, from the page-number box.
    await page.locator('#page-number').fill(String(PAGES));
    await page.evaluate(ARM(PAGES, 'keydown'));
    await page.locator('#page-number').press('Enter');
    const [coldFrame] = (await page.evaluate('window.__turn')) as [number, number];
    await page.locator('#page-number').fill('1');
    await page.locator('#page-number').press('Enter');
    await page.locator('.pdf-sheet[data-rendered^="1@"]').waitFor();
    // Reading mode: the bars away.
    await page.touchscreen.tap(W / 2, H / 2);
    await page.waitForFunction(() => document.querySelector('.reader')?.getAttribute('data-bars') === 'hidden');
    await page.waitForTimeout(400);
    const share = await page.evaluate(() => {
      const view = document.querySelector('.pdf-scroller')!.getBoundingClientRect();
      const sheet = document.querySelector('.pdf-sheet')!.getBoundingClientRect();
      return { view: view.height / innerHeight, page: sheet.height / innerHeight, width: sheet.width / innerWidth };
    });

    const keys: number[][] = [];
    const taps: number[][] = [];
    let at = 1;
    const turn = async (step: 1 | -1, how: 'key' | 'tap') => {
      await cachedAround(page, at);
      await page.evaluate(ARM(at + step, how === 'key' ? 'keydown' : 'pointerup'));
      if (how === 'key') await page.keyboard.press(step > 0 ? 'ArrowRight' : 'ArrowLeft');
      else await page.touchscreen.tap(step > 0 ? W - 20 : 20, H / 2);
      (how === 'key' ? keys : taps).push((await page.evaluate('window.__turn')) as number[]);
      at += step;
    };
    for (let round = 0; round < 2; round++) {
      for (const how of ['key', 'tap'] as const) {
        while (at < PAGES) await turn(1, how);
        while (at > 1) await turn(-1, how);
      }
    }
    const frame = (xs: number[][]) => xs.map((x) => x[0]!);
    const after = (xs: number[][]) => xs.map((x) => x[1]!);
    say(
      `a turn to a page already drawn, by key (→/←, ${keys.length} turns): new page in the frame after median ${median(frame(keys)).toFixed(0)} ms, max ${max(frame(keys)).toFixed(0)} ms; that frame done after median ${median(after(keys)).toFixed(0)} ms, max ${max(after(keys)).toFixed(0)} ms (target: under 100 ms)`,
    );
    say(
      `a turn to a page already drawn, by a tap on the screen's edge (${taps.length} turns, timed from the pointerup): new page in the frame after median ${median(frame(taps)).toFixed(0)} ms, max ${max(frame(taps)).toFixed(0)} ms; that frame done after median ${median(after(taps)).toFixed(0)} ms, max ${max(after(taps)).toFixed(0)} ms`,
    );
    say(`a turn to a page not drawn yet (1 → ${PAGES} from the page-number box): new page in the frame after ${coldFrame.toFixed(0)} ms`);
    say(
      `reading mode at ${W}×${H}: the reading surface takes ${(share.view * 100).toFixed(0)}% of the screen's height; the A5 page fit to the width takes ${(share.width * 100).toFixed(0)}% of the width and ${(share.page * 100).toFixed(0)}% of the height (the page's own shape; before: about 227 px of 640, 35%, under the toolbars)`,
    );
  } finally {
    await browser.close();
    await site.close();
  }
  writeSection(
    `reader-cpu${CPU}`,
    `## PDF reader: page turn and reading mode (\`npm run bench -- reader\`, CPU ${CPU}×)\n\nbench/reader.ts, ${new Date().toISOString().slice(0, 16)}Z, headless Debian Chromium at ${W}×${H} (2 device pixels a CSS pixel, touch) on the 2-core machine shared with other sessions (load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(', ')}).\n\n${lines.join('\n')}`,
  );
}
