// The upstream's index history, intraday prices and floor sheet on a phone (360×640), as an
// investor uses them: NEPSE's history for "all" viewed once online, then offline after a reload;
// only the months a range needs are fetched; a symbol page's intraday chart and floor sheet.
// The site is the shared build (harness/variant.ts) with the upstream's files put in place at
// its paths below data/ (harness/history-site.ts).

import { expect, test } from '@playwright/test';
import { rmSync } from 'node:fs';
import { bsDate } from '../../src/core/bs-date.ts';
import { historySite } from '../../harness/history-site.ts';
import { countingProxy, serveSwitchable, type Served, type Switchable } from '../../harness/http.ts';
import { hasMarketData } from '../market/real-data.ts';
import { openApp } from './helpers.ts';
import { ALL_DIST } from '../../harness/variant.ts';

test.use({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });
test.skip(!hasMarketData, 'the real market files in ../shared/data/market are not here');

let site: string;
let app: Switchable;
let front: Served & { asked: string[] };
let url: string;
let symbol: string;
let nepse: { days: number; first: string; last: string };
const asked = () => front.asked;
/** Paths the front answers itself, with this body (a damaged upstream file). */
const damaged = new Map<string, string>();

test.beforeAll(async () => {
  test.setTimeout(120_000);
  ({ site, symbol, nepse } = historySite(ALL_DIST));
  app = await serveSwitchable(site);
  // A front that notes every path asked for (the worker's fetches too) and passes the request on,
  // but for the damaged files it answers itself.
  front = await countingProxy(app.url, (req, res) => {
    const bad = damaged.get(new URL(req.url ?? '/', 'http://x').pathname);
    if (bad === undefined) return false;
    res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }).end(bad);
    return true;
  });
  url = front.url;
});
test.afterAll(async () => {
  await front?.close();
  await app?.close();
  if (site) rmSync(site, { recursive: true, force: true });
});

const months = () =>
  asked()
    .filter((p) => p.includes('/data/indices/monthly/'))
    .map((p) => p.replace(/^.*monthly\/|\.json$/g, ''));
const bs = (ad: string) => bsDate(ad, 'ne')!;

test("NEPSE's history: a month fetches two months; 'all' the 350, drawn for the width; offline after a reload it is all there", async ({ page, context }) => {
  test.setTimeout(300_000);
  // The worker controls the page before the history is asked for, so every month goes through it.
  await openApp(page, url, '#/market');
  await page.goto(`${url}/#/market/history/NEPSE?range=1m`);
  const chart = page.locator('#index-chart svg');
  await expect(chart).toBeVisible();
  expect(months().sort()).toEqual(['2026-08', '2026-09']);
  // The last day first in Bikram Sambat, AD beside it.
  await expect(page.locator('#history-summary')).toContainText(`${bs(nepse.last)} (${nepse.last.replace(/\d/g, (d) => '०१२३४५६७८९'[Number(d)]!)})`);

  asked().length = 0;
  await page.locator('.tabs [data-range="all"]').click();
  // 348 files through the worker: on a loaded 2-core machine this takes more than the default 5 s.
  await expect(page.locator('section[data-range="all"]')).toBeVisible({ timeout: 90_000 });
  await expect(chart).toHaveAttribute('data-points', String(nepse.days));
  expect(new Set(months()).size).toBe(348); // the two of "1m" are in memory already
  // Fetched by the market's read worker, off the page's main thread (src/app/market/read-client.ts
  // fetchJson): the page's own resource timing has none of the months.
  expect(await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.includes('/data/indices/monthly/')).length)).toBe(0);
  const drawn = Number(await chart.getAttribute('data-drawn'));
  const width = await page.locator('#index-chart').evaluate((e) => e.clientWidth);
  expect(drawn).toBeLessThanOrEqual(width * 4);
  expect(drawn).toBeLessThan(nepse.days);
  await expect(page.locator('#history-summary')).toContainText(bs(nepse.first));
  // The table beside the chart: a row a year, 1997 to 2026.
  await page.locator('#history-table summary').click();
  await expect(page.locator('#history-table tbody tr')).toHaveCount(30);

  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('section[data-range="all"]')).toBeVisible({ timeout: 90_000 });
  await expect(chart).toHaveAttribute('data-points', String(nepse.days));
  await expect(page.locator('#history-summary')).toContainText(bs(nepse.first));
  // A sub-index viewed online opens offline too: the banking sub-index's August (real rows) is in the kept months.
  await page.locator('#index-code').selectOption('BANKSUBIND');
  await expect(page.locator('section[data-code="BANKSUBIND"]')).toBeVisible();
  await expect(chart).toHaveAttribute('data-points', '20');
  await context.setOffline(false);
});

test('a damaged month: the history says which file is wrong', async ({ page }) => {
  damaged.set('/data/indices/monthly/2026-09.json', '{"NEPSE": [[');
  try {
    await openApp(page, url, '#/market');
    await page.goto(`${url}/#/market/history/NEPSE?range=1m`);
    await expect(page.locator('.market-history [role="alert"]')).toContainText('indices/monthly/2026-09.json');
  } finally {
    damaged.clear();
  }
});

test('the chart is reached by keyboard and described; nothing overflows 360 px', async ({ page }) => {
  await openApp(page, url, '#/market/history/NEPSE?range=1y');
  const fig = page.locator('#index-chart');
  await expect(fig).toBeVisible();
  await expect(fig).toHaveAttribute('aria-describedby', 'history-summary');
  await fig.focus();
  await expect(fig).toBeFocused();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test("a symbol page: today's intraday chart and the latest floor sheet with its top brokers", async ({ page }) => {
  await openApp(page, url, `#/market/symbol/${symbol}`);
  const intraday = page.locator('#intraday-chart svg');
  await expect(intraday).toHaveAttribute('data-points', '4');
  await page.locator('#intraday table').evaluate((t) => (t.closest('details')!.open = true));
  await expect(page.locator('#intraday-table tbody tr')).toHaveCount(4);
  await expect(page.locator('#intraday-table tbody tr').first()).toContainText('१२:४१');
  await page.locator('#floor-sheet-show').click();
  await expect(page.locator('#floor-sheet-body')).toHaveAttribute('data-date', '2026-08-12');
  // Its day in BS first, AD beside.
  await expect(page.locator('#floor-sheet-body')).toContainText(`${bs('2026-08-12')} (२०२६-०८-१२)`);
  await expect(page.locator('#intraday-caption')).toContainText(/[०-९]{1,2} \S+ [०-९]{4} \([०-९]{4}-[०-९]{2}-[०-९]{2}\)/);
  await expect(page.locator('#floor-trades tbody tr')).toHaveCount(6);
  // Worked out in tests/market/history/intraday-floor.test.ts: broker 58 bought 410, broker 42 sold 300.
  await expect(page.locator('#top-buyers tbody tr').first()).toHaveAttribute('data-broker', '58');
  await expect(page.locator('#top-buyers tbody tr').first()).toContainText('Delta Securities Co. Ltd.');
  await expect(page.locator('#top-buyers tbody tr').first()).toContainText('४१०');
  await expect(page.locator('#top-sellers tbody tr').first()).toHaveAttribute('data-broker', '42');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
