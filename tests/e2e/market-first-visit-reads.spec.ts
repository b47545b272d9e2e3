// A first visit to the market home reads each of its data files once and draws its text once:
// the worker that takes control during the visit saves the files itself (no second fetch by the
// page), its first refresh finding the upstream unreachable marks them stale without their text
// changing (the page is told, and reads nothing again), and the status line's "fetched" time is
// drawn from the first paint. Each read drew the status line again, the "fetched" line appeared
// only with the worker's answer, and that line, the screen's largest text, was its LCP seconds
// late (bench/RESULTS.md, "Lighthouse (mobile), real size").

import { expect, test } from '@playwright/test';
import { serve, type Served } from '../../harness/http.ts';
import { ALL_DIST } from '../../harness/variant.ts';

test.use({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });

const HOME_FILES = ['market/status.json', 'market/indices.json', 'market/summary.json', 'market/top_stocks.json'];

let app: Served;
test.beforeAll(async () => {
  app = await serve(ALL_DIST);
});
test.afterAll(async () => {
  await app?.close();
});

test('the market home reads its four files once and its largest text is not drawn again once the worker takes control', async ({ context, page }) => {
  // The page's own requests (through the worker or not); the worker's are its own business.
  const asked = new Map<string, number>();
  context.on('request', (r) => {
    const path = new URL(r.url()).pathname.replace(/^\/data\//, '');
    if (!r.serviceWorker() && HOME_FILES.includes(path)) asked.set(path, (asked.get(path) ?? 0) + 1);
  });
  await page.addInitScript(() => {
    const w = window as unknown as { lcp: Array<{ text: string; afterControl: boolean }>; controlled: boolean };
    w.lcp = [];
    w.controlled = false;
    navigator.serviceWorker?.addEventListener('controllerchange', () => (w.controlled = true));
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Array<PerformanceEntry & { element?: Element | null }>)
        w.lcp.push({ text: e.element?.textContent?.slice(0, 60) ?? '', afterControl: w.controlled });
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto(`${app.url}/#/market`);
  await expect(page.locator('#indices li').first()).toBeVisible();
  // The status line as first drawn (in the same render as the indices): its "fetched" time is
  // there already (counted now, not waited for), and stays the same node.
  const fetched = page.locator('.market-home .data-status .fetched');
  expect(await fetched.count()).toBe(1);
  await fetched.evaluate((el) => ((window as unknown as { firstFetched: Element }).firstFetched = el));
  const firstText = await fetched.textContent();

  await page.waitForFunction(() => !!navigator.serviceWorker?.controller, undefined, { timeout: 60_000 });
  // The worker's first refresh: the test build's upstream answers nobody, so the files turn stale.
  await expect(page.locator('.market-home .market-stale')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('#ready-banner summary')).not.toHaveText(/…/, { timeout: 60_000 });
  await page.waitForLoadState('networkidle');

  expect(Object.fromEntries(HOME_FILES.map((p) => [p, asked.get(p) ?? 0]))).toEqual(Object.fromEntries(HOME_FILES.map((p) => [p, 1])));
  expect(await fetched.evaluate((el) => el === (window as unknown as { firstFetched: Element }).firstFetched)).toBe(true);
  expect(await fetched.textContent()).toBe(firstText);
  const lcp = await page.evaluate(() => (window as unknown as { lcp: Array<{ text: string; afterControl: boolean }> }).lcp);
  expect(lcp.length).toBeGreaterThan(0);
  expect(lcp.filter((e) => e.afterControl)).toEqual([]);
});
