// A first visit to the index history asks the server for each month it draws once: the months are
// read before any worker controls the page, and when one takes control the page hands them to it
// again (pwa.ts keepRead, so what was looked at is kept offline). That second read went to the
// server for every month (issue 38: the history's requests, twice each, in Lighthouse's report);
// it is answered from the browser's HTTP cache now, and the months still open offline.

import { expect, test } from '@playwright/test';
import { rmSync } from 'node:fs';
import { historySite } from '../../harness/history-site.ts';
import { countingProxy, serve, type Served } from '../../harness/http.ts';
import { ALL_DIST } from '../../harness/variant.ts';
import { hasMarketData } from '../market/real-data.ts';

test.use({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });
test.skip(!hasMarketData, 'the real market files in ../shared/data/market are not here');

let site: string;
let app: Served;
let front: Served & { asked: string[] };
let url: string;
/** Every path the server was asked for (the page's, the workers' and the service worker's). */
const asked = () => front.asked;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  ({ site } = historySite(ALL_DIST));
  app = await serve(site);
  front = await countingProxy(app.url);
  url = front.url;
});
test.afterAll(async () => {
  await front?.close();
  await app?.close();
  if (site) rmSync(site, { recursive: true, force: true });
});

test('a first visit to the history asks the server for each month once, and has them offline after', async ({ page, context }) => {
  test.setTimeout(180_000);
  await page.goto(`${url}/#/market/history/NEPSE?range=1y`);
  const chart = page.locator('#index-chart svg');
  await expect(chart).toBeVisible({ timeout: 30_000 });
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller, undefined, { timeout: 60_000 });
  await expect(page.locator('#ready-banner summary')).not.toHaveText(/…/, { timeout: 60_000 });
  await page.waitForLoadState('networkidle');

  const months = asked().filter((p) => p.includes('/data/indices/monthly/'));
  expect(months.length).toBeGreaterThan(1);
  const times = new Map<string, number>();
  for (const p of months) times.set(p, (times.get(p) ?? 0) + 1);
  expect([...times].filter(([, n]) => n > 1)).toEqual([]);

  // Kept all the same: the worker stored what the page read.
  const points = await chart.getAttribute('data-points');
  await context.setOffline(true);
  await page.reload();
  await expect(chart).toHaveAttribute('data-points', points!, { timeout: 60_000 });
  await context.setOffline(false);
});
