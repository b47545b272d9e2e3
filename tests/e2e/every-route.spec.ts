// A first visit to every route the audits visit (harness/audit-routes.ts) asks for no file
// the build did not publish and logs no error: no answer of 400 or more to the page, its workers
// or its service worker, no console error, no uncaught exception; on the sample build as `npm run
// build` makes it (tests/helpers/app-build.ts) and on the real-size build (tests/helpers/
// real-build.ts: the full-size dictionary, today's catalog at 11,700 records, the real market).
// The headword list is the search worker's alone: the page itself never fetches or parses it.

import { expect, type Page, test } from '@playwright/test';
import { DICTIONARY_STRINGS } from '../../src/app/dictionary/strings.ts';
import { HEADWORDS } from '../../src/core/dictionary/headwords.ts';
import { appBuild } from '../helpers/app-build.ts';
import { auditRoutes } from '../../harness/audit-routes.ts';
import { serve, type Served } from '../../harness/http.ts';
import { realBuild } from '../../harness/real-build.ts';
import { hasSharedData } from '../../harness/shared-data.ts';

interface Problem {
  what: string;
  detail: string;
}

/** Watches a page (its workers, its service worker) for failed answers and errors. */
function watch(page: Page, origin: string): { problems: Problem[] } {
  const problems: Problem[] = [];
  const local = (url: string) => url.startsWith(origin);
  page.context().on('response', (res) => {
    if (res.status() >= 400 && local(res.url())) problems.push({ what: `HTTP ${res.status()}`, detail: res.url().slice(origin.length) });
  });
  page.context().on('requestfailed', (req) => {
    // Dropped on purpose, and nothing logged for it: the reachability probe's HEAD (client/online.ts),
    // a letter file's body cancelled once the worker has it (dictionary/api.ts keepLetter).
    const error = req.failure()?.errorText ?? '';
    if (local(req.url()) && error !== 'net::ERR_ABORTED') problems.push({ what: 'request failed', detail: `${req.url().slice(origin.length)}: ${error}` });
  });
  page.on('console', (m) => m.type() === 'error' && problems.push({ what: 'console error', detail: `${m.text()} (${m.location().url})` }));
  page.on('pageerror', (e) => problems.push({ what: 'uncaught', detail: e.message }));
  return { problems };
}

/** The first visit: the screen drawn, the service worker installed and its first saving done, then quiet. */
async function firstVisit(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('main h1, main h2').first().waitFor();
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller, undefined, { timeout: 60_000 });
  await page.locator('#ready-banner').waitFor({ timeout: 60_000 });
  // Saved: the banner's summary no longer says it is saving (shell/offline-ready.tsx).
  await expect(page.locator('#ready-banner summary')).not.toHaveText(/…/, { timeout: 60_000 });
  await page.waitForLoadState('networkidle');
}

for (const build of ['sample', 'real'] as const) {
  test.describe(`every route of the ${build} build`, () => {
    let site: Served;
    let dist: string;

    test.beforeAll(async () => {
      if (build === 'real') test.skip(!hasSharedData, 'the real headword list or the dump generator is missing (printed above)');
      // The real-size build, once per change of its sources: ~4 min on a quiet machine, kept in .cache/real-build.
      test.setTimeout(1_800_000);
      dist = (build === 'real' ? await realBuild() : await appBuild('dictionary,books,market')).dist;
      site = await serve(dist);
    });
    test.afterAll(async () => {
      await site?.close();
    });

    test('a first visit to each asks for no file the build did not publish, and logs no error', async ({ browser }) => {
      test.setTimeout(600_000);
      const routes = auditRoutes(dist);
      const found: string[] = [];
      for (const [name, hash] of routes) {
        const context = await browser.newContext();
        const page = await context.newPage();
        const { problems } = watch(page, site.url);
        await firstVisit(page, `${site.url}/${hash}`);
        found.push(...problems.map((p) => `${name}: ${p.what}: ${p.detail}`));
        await context.close();
      }
      expect(found).toEqual([]);
    });

    test('the dictionary home shows the word of the day; the page itself never fetches the headword list', async ({ page }) => {
      test.setTimeout(300_000);
      await firstVisit(page, `${site.url}/#/`);
      await expect(page.locator('#wod-word')).toBeVisible({ timeout: 60_000 });
      await page.locator('#search-input').fill('क');
      await expect(page.locator('#results')).toHaveAttribute('data-q', 'क', { timeout: 60_000 });
      await expect(page.locator('#results a').first()).toBeVisible();
      // The page's own resource timing (a worker's requests are in its own): no headwords.json.
      const fetched = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname));
      expect(fetched.some((p) => p.endsWith('/chunks/0000.json') || p.endsWith('/manifest.json'))).toBe(true);
      expect(fetched.filter((p) => p.endsWith(`/api/v1/${HEADWORDS}`))).toEqual([]);
      // A random word: its entry, read from its chunk by the manifest (no letter file parsed on the page).
      await page.locator('header.top .tools button', { hasText: DICTIONARY_STRINGS.ne.random }).click();
      await expect(page.locator('article.entry h1')).toBeVisible({ timeout: 60_000 });
    });
  });
}
