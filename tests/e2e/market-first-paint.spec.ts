// A symbol page's first view on a phone: the company and its last price are drawn from the small
// quote file (nepse_data.json) alone, and the large files (dividend history, price months,
// securities, disclosures) are asked for only once they are on screen; then the rest of the page
// comes as before. On a slow network those files are seconds of transfer and parsing that the
// first content used to wait for (bench/RESULTS.md, section "Lighthouse (mobile): history, portfolio, symbol").

import { expect, type Page, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serve, type Served } from '../../harness/http.ts';
import { ALL_DIST, PLACEHOLDER_UPSTREAM } from '../../harness/variant.ts';

test.use({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });

// The files the first content must not wait for (paths below data/).
const HEAVY = /\/data\/(dividend\/history\.json|ltp\/monthly\/|other\/securities\.json|notify\/)/;

/** Scrolls the stock page down until its dividends are drawn (they load near the screen: ui/near-view.ts). */
async function scrollToDividends(page: Page) {
  await expect
    .poll(async () => {
      await page.evaluate(() => document.querySelector('.near-mark')?.scrollIntoView());
      return page.locator('#symbol-dividends table').count();
    })
    .toBeGreaterThan(0);
}

let app: Served;
let stock: { symbol: string; name: string };

test.beforeAll(async () => {
  app = await serve(ALL_DIST);
  const stocks = JSON.parse(readFileSync(join(ALL_DIST, 'data/nepse_data.json'), 'utf8')) as Array<{ symbol: string; name: string }>;
  // A bank: a long price history and dividends, as most symbols have.
  stock = stocks.find((s) => / Bank Limited$/.test(s.name)) ?? stocks[0]!;
});
test.afterAll(async () => {
  await app?.close();
});

test('the company and its last price are drawn before any large file is asked for, and the rest follows', async ({ context, page }) => {
  const held: Array<() => Promise<void>> = [];
  // What the page showed when each large file was asked for.
  const quoteWhenAsked: Array<{ path: string; quote: number }> = [];
  // On the context: the service worker's fetches are held too (it takes control during the visit).
  let holding = true;
  await context.route(HEAVY, async (route) => {
    if (!holding) return route.continue();
    quoteWhenAsked.push({ path: new URL(route.request().url()).pathname, quote: await page.locator('#quote-ltp').count() });
    // Released meanwhile (the count above takes a moment): not held, or it would never be let go.
    if (!holding) return route.continue();
    held.push(() => route.continue());
  });
  await page.goto(`${app.url}/#/market/symbol/${encodeURIComponent(stock.symbol)}`);

  // Drawn with every large file held back.
  await expect(page.locator('.market-symbol .company')).toContainText(stock.name);
  await expect(page.locator('#quote-ltp')).toHaveText(/[0-9०-९]/);
  await expect.poll(() => held.length).toBeGreaterThan(0);
  expect(quoteWhenAsked.filter((a) => a.quote === 0)).toEqual([]);

  // Answered: the rest of the page comes (the sector from securities, the chart, the dividends).
  holding = false;
  for (const go of held.splice(0)) await go();
  await expect(page.locator('.company .sector')).toBeVisible();
  await expect(page.locator('#history svg')).toBeVisible();
  await scrollToDividends(page);
  await expect(page.locator('#symbol-dividends')).toBeVisible();
});

test('the large files are asked for once the price is on screen, not only drawn (its Element Timing entry)', async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __shown?: number };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Array<PerformanceEntry & { identifier?: string; renderTime?: number }>)
        if (e.identifier === 'symbol-quote') w.__shown ??= e.renderTime;
    }).observe({ type: 'element', buffered: true });
  });
  await page.goto(`${app.url}/#/market/symbol/${encodeURIComponent(stock.symbol)}`);
  await scrollToDividends(page);
  const seen = await page.evaluate((heavy) => {
    const re = new RegExp(heavy);
    return {
      shown: (window as unknown as { __shown?: number }).__shown,
      asked: performance
        .getEntriesByType('resource')
        .filter((r) => re.test(new URL(r.name).pathname))
        .map((r) => ({ path: new URL(r.name).pathname, at: r.startTime })),
    };
  }, HEAVY.source);
  expect(seen.shown).toBeGreaterThan(0);
  expect(seen.asked.length).toBeGreaterThan(0);
  expect(seen.asked.filter((a) => a.at < seen.shown!)).toEqual([]);
});

test('a first visit installs the worker only once the page has its files: its saving does not compete with them', async ({ context, page }) => {
  // The page's large files in flight and done when the worker's script was first fetched to be installed.
  const inFlight = new Set<string>();
  let done = 0;
  let atWorker: { inFlight: number; done: number } | undefined;
  const heavy = (r: { url: () => string; serviceWorker: () => unknown }) => !r.serviceWorker() && HEAVY.test(new URL(r.url()).pathname);
  context.on('request', (r) => {
    // (A HEAD of sw.js is the page's network check: client/online.ts.)
    if (new URL(r.url()).pathname.endsWith('/sw.js') && r.method() === 'GET') atWorker ??= { inFlight: inFlight.size, done };
    else if (heavy(r)) inFlight.add(r.url());
  });
  context.on('requestfinished', (r) => {
    if (heavy(r) && inFlight.delete(r.url())) done++;
  });
  await page.goto(`${app.url}/#/market/symbol/${encodeURIComponent(stock.symbol)}`);
  await scrollToDividends(page);
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller, undefined, { timeout: 30_000 });
  expect(atWorker).toBeDefined();
  expect(atWorker!.done).toBeGreaterThan(0);
  expect(atWorker!.inFlight).toBe(0);
});

test('the worker taking control of a first visit does not have the page read its files again: only what its refresh changes is', async ({ context, page }) => {
  // The worker's refresh held at the upstream: nothing it changes reaches the page during the test.
  await context.route(`${PLACEHOLDER_UPSTREAM}/**`, () => undefined);
  const reads: Array<{ path: string; controlled: boolean }> = [];
  let controlled = false;
  context.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (!r.serviceWorker() && r.url().startsWith(app.url) && path.startsWith('/data/')) reads.push({ path, controlled });
  });
  await page.goto(`${app.url}/#/market/symbol/${encodeURIComponent(stock.symbol)}`);
  await scrollToDividends(page);
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller, undefined, { timeout: 30_000 });
  controlled = true;
  const before = reads.length;
  expect(before).toBeGreaterThan(0);
  // Long past the page's coalescing of changes (api.ts TELL_AFTER_MS): it would have read them again by now.
  await page.waitForTimeout(2_000);
  // Each file it read is fetched once through the worker, to be kept (pwa.ts), and not read again.
  const after = reads.filter((r) => r.controlled).map((r) => r.path);
  expect(after.filter((p, i) => after.indexOf(p) !== i)).toEqual([]);
  const readBefore = new Set(reads.slice(0, before).map((r) => r.path));
  expect(after.filter((p) => !readBefore.has(p))).toEqual([]);
  // The page still reads through the worker what it has not read yet: a price range it opens.
  await page.locator('#history a[data-range="1y"]').click();
  await expect.poll(() => reads.length).toBeGreaterThan(before + after.length);
});

test('a stock page asks for its disclosures only when the reader scrolls near them (the chart needs the dividends first)', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  const below = /\/data\/notify\//;
  await page.goto(`${app.url}/#/market/symbol/${encodeURIComponent(stock.symbol)}`);
  // The first screen and what follows it: the chart, today's trades.
  await expect(page.locator('#history svg')).toBeVisible();
  // Long enough for the files the page asks for after its first paint (securities is one of them).
  await expect.poll(() => asked.some((p) => p.endsWith('/other/securities.json'))).toBe(true);
  await page.waitForTimeout(1_000);
  expect(asked.filter((p) => below.test(p))).toEqual([]);
  await expect(page.locator('#symbol-dividends')).toHaveCount(0);
  await scrollToDividends(page);
  await expect.poll(() => asked.filter((p) => below.test(p)).length).toBeGreaterThan(0);
});
