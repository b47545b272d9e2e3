// A first visit at 360×640: the first-install banner ("saving for offline use…", then what is
// saved) stands in the page's flow from the first paint, with room for its lines, so neither its
// arrival nor its lines move the page below it (they moved `main` down by 85–110 px, a layout
// shift Lighthouse counted on every screen). Layout shifts as the browser reports them.

import { expect, test } from '@playwright/test';
import { STRINGS } from '../../src/app/i18n.ts';
import { serve, type Served } from '../../harness/http.ts';
import { ALL_DIST } from '../../harness/variant.ts';

test.use({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });

let app: Served;
test.beforeAll(async () => {
  app = await serve(ALL_DIST);
});
test.afterAll(async () => {
  await app?.close();
});

// The dictionary's home also gets its one question (save the whole dictionary?) once the worker
// has answered: it stands after the page, so it moves nothing either.
for (const hash of ['#/market/portfolio', '#/market', '#/']) {
  test(`first visit to ${hash}: the banner is there at the first paint and moves nothing as its lines come`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.addInitScript(() => {
      const w = window as unknown as { __moved: string[]; __atFirstPaint?: { banner: boolean; mainTop: number } };
      w.__moved = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as Array<PerformanceEntry & { sources?: Array<{ node?: Node | null }> }>)
          for (const s of e.sources ?? []) if (s.node instanceof Element && (s.node.id === 'main' || s.node.id === 'app')) w.__moved.push(s.node.id);
      }).observe({ type: 'layout-shift', buffered: true });
      // What the first frame showing the page has (a frame's callbacks run just before it is painted).
      const probe = () => {
        const main = document.getElementById('main');
        if (main) w.__atFirstPaint = { banner: !!document.getElementById('ready-banner'), mainTop: main.getBoundingClientRect().top };
        else requestAnimationFrame(probe);
      };
      requestAnimationFrame(probe);
    });
    await page.goto(`${app.url}/${hash}`);
    const banner = page.locator('#ready-banner');
    await expect(banner).toBeVisible();
    // The first install's saving is over: the banner lists what is saved.
    await expect(banner).not.toContainText(STRINGS.ne.offline.saving, { timeout: 60_000 });
    await expect(banner.locator('li[data-section]')).toHaveCount(3);
    if (hash === '#/') await expect(page.locator('#save-dictionary-ask')).toBeVisible({ timeout: 30_000 });
    const seen = await page.evaluate(() => {
      const w = window as unknown as { __moved: string[]; __atFirstPaint?: { banner: boolean; mainTop: number } };
      return { __moved: w.__moved, __atFirstPaint: w.__atFirstPaint };
    });
    expect(seen.__atFirstPaint?.banner).toBe(true);
    expect(seen.__moved).toEqual([]);
    expect(await page.locator('#main').evaluate((m) => m.getBoundingClientRect().top)).toBe(seen.__atFirstPaint!.mainTop);
  });
}

test('the header is in the page as served: drawn before any script runs, and taken over by the first render', async ({ page }) => {
  // Scripts held back: the first paint has the header and the app's name, from the HTML and its stylesheet alone.
  const scripts: Array<() => Promise<void>> = [];
  let holding = true;
  await page.route(/\/assets\/[^/]+\.js$/, (route) => (holding ? void scripts.push(() => route.continue()) : route.continue()));
  // Not waiting for the load event: module scripts hold it (and DOMContentLoaded) back.
  await page.goto(`${app.url}/#/market/symbol/ADBL`, { waitUntil: 'commit' });
  const brand = page.locator('header.top .brand');
  await expect(brand).toHaveText('खोज');
  await expect(brand).toBeVisible();
  // Once the stylesheet is in (the header's HTML can be parsed before it arrives): still no script.
  await expect.poll(() => page.locator('header.top').evaluate((h) => getComputedStyle(h).position)).toBe('sticky');
  expect(await page.locator('#main').count()).toBe(0);
  // Released: the shell draws its page; one header, now with the sections and the language.
  holding = false;
  for (const go of scripts.splice(0)) await go();
  await expect(page.locator('#main')).toBeAttached();
  await expect(page.locator('header.top')).toHaveCount(1);
  await expect(page.locator('header.top .sections-nav a')).toHaveCount(3);
  await expect(brand).toHaveCount(1);
});
