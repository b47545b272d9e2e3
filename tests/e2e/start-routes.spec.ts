// A launch does not wait for the worker to start (src/sw/static-routes.ts): once installed, the
// browser answers the shell and its start-up files from the precache by itself, offline too,
// while every other request (a query, the data) still goes to the worker.

import { expect, type Page, test } from '@playwright/test';
import { serve, type Served } from '../../harness/http.ts';
import { openApp, restartWorker } from './helpers.ts';
import { ALL_DIST } from '../../harness/variant.ts';

let site: Served;
test.beforeEach(async () => {
  site = await serve(ALL_DIST);
});
test.afterEach(async () => {
  await site.close();
});

/** Where each request of the page's load was answered from: 'cache' (a static route), 'fetch-event' or '' (the worker's handler). */
const sources = (page: Page) =>
  page.evaluate(() =>
    Object.fromEntries(
      performance
        .getEntries()
        .filter((e): e is PerformanceResourceTiming => 'workerStart' in e)
        .map((e) => [
          new URL(e.name).pathname,
          (e as PerformanceResourceTiming & { workerMatchedSourceType?: string }).workerMatchedSourceType ?? 'unsupported',
        ]),
    ),
  );

test('a launch with the worker stopped and no network opens from the routed copies; other requests still reach the worker', async ({ page, context }) => {
  await openApp(page, site.url);
  // The install has routed the start-up files (the worker activates only after its install).
  const html = await (await fetch(`${site.url}/`)).text();
  const startup = [...html.matchAll(/(?:src|href)="\.\/(assets\/[^"]+)"/g)].map((m) => `/${m[1]}`);
  expect(startup.length).toBeGreaterThanOrEqual(3);
  await context.setOffline(true);
  await restartWorker(context, page);

  const launch = await context.newPage();
  await launch.goto(`${site.url}/`);
  await expect(launch.locator('ul.letters a').first()).toBeVisible();
  const answered = await sources(launch);
  expect(answered['/']).toBe('cache');
  for (const file of startup) expect(answered[file], file).toBe('cache');
  // What the page loads after its first paint is the worker's to answer (lazy chunks, data).
  const later = Object.entries(answered).filter(([path]) => path !== '/' && !startup.includes(path));
  expect(later.length).toBeGreaterThan(0);
  for (const [path, source] of later) expect(source, path).not.toBe('cache');

  // A launch with a query is not routed, and still opens offline through the worker.
  const queried = await context.newPage();
  await queried.goto(`${site.url}/?from=shortcut`);
  await expect(queried.locator('ul.letters a').first()).toBeVisible();
  expect((await sources(queried))['/']).not.toBe('cache');
});
