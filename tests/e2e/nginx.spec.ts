// Debian's nginx with deploy/nginx/khoj.conf serving a built dist/, in a real Chromium: the
// offline dictionary chain, the shared catalog API suite through the service worker (a static
// host answers no query: the worker does), and a market refresh from an upstream on the same
// host. The same checks the Node server passes (dictionary, books-api, market specs).

import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { formatNumber } from '../../src/core/market/format.ts';
import { type Nginx, nginxMissing, startNginx } from '../../harness/nginx.ts';
import { haveTool } from '../../harness/tools.mjs';
import { askWorker } from '../../harness/ask-worker.ts';
import { E2E, expectEntry, openApp, pageClient, pageFetch } from './helpers.ts';
import { allWithUpstream } from '../../harness/variant.ts';
import { booksApiSuite } from './books-suite.ts';

const hasNginx = haveTool('nginx', 'the nginx browser tests (tests/e2e/nginx.spec.ts)');

const WORK = join(E2E, 'nginx');
const DIST = join(WORK, 'dist');
let ng: Nginx;

test.beforeAll(async () => {
  test.skip(!hasNginx, `no nginx: ${nginxMissing()}`);
  test.setTimeout(240_000);
  // nginx first: its address is the app's build-time market upstream (a folder of the same site).
  ng = await startNginx(DIST);
  allWithUpstream(DIST, `${ng.url}/upstream`);
});
test.afterAll(async () => {
  await ng?.close();
});

const source = (page: Page, path: string) => page.evaluate(async (p) => (await fetch(p)).headers.get('X-Khoj-Source'), path);

test('the dictionary: looked up online, then offline after a reload and by deep link, JSON 404s offline', async ({ page, context }) => {
  await openApp(page, ng.url, `#/word/${encodeURIComponent('विद्यालय')}`);
  await expectEntry(page, 'विद्यालय');
  const letter = await pageFetch(page, `api/v1/words-by-letter/${encodeURIComponent('क')}.json`);
  expect(letter.status).toBe(200);
  await context.setOffline(true);
  await page.reload();
  await expectEntry(page, 'विद्यालय');
  await page.goto(`${ng.url}/#/letter/${encodeURIComponent('क')}`);
  await expect(page.locator('#app a[href^="#/word/"]').first()).toBeVisible();
  expect((await pageFetch(page, `api/v1/words-by-letter/${encodeURIComponent('क')}.json`)).source).toBe('idb');
  const gone = await pageFetch(page, 'api/v1/chunks/9999.json');
  expect(gone.status).toBe(404);
  expect(gone.body).toMatchObject({ status: 404 });
});

test.describe('the catalog API suite through the service worker, on nginx', () => {
  let context: BrowserContext;
  let page: Page;
  test.beforeAll(async ({ browser }) => {
    context = await browser.newContext();
    page = await context.newPage();
    await openApp(page, ng.url);
    await expect.poll(() => source(page, 'api/stats'), { timeout: 15_000 }).toBe('idb');
  });
  test.afterAll(async () => {
    await context?.close();
  });
  booksApiSuite('service worker on nginx', () => pageClient(page), { staticFiles: true });
});

test('the market: refreshed from an upstream on a static host, shown offline', async ({ page, context }) => {
  test.setTimeout(180_000);
  // The upstream: this build's own snapshot (both layouts), one price changed, as plain files.
  const upstream = join(DIST, 'upstream');
  cpSync(join(DIST, 'data'), join(upstream, 'data'), { recursive: true, filter: (f) => !/\.(br|gz)$/.test(f) });
  type Row = { symbol: string; ltp: number | null; asset_type?: string };
  const rows = JSON.parse(readFileSync(join(upstream, 'data/nepse_data.json'), 'utf8')) as Row[];
  const target = rows.find((r) => !r.asset_type && r.ltp)!;
  for (const file of ['nepse_data.json', 'exchange_data.json', 'market/live.json']) {
    const path = join(upstream, 'data', file);
    const list = JSON.parse(readFileSync(path, 'utf8')) as Row[];
    writeFileSync(path, JSON.stringify(list.map((r) => (r.symbol === target.symbol ? { ...r, ltp: 4321.5 } : r))));
  }
  await openApp(page, ng.url, `#/market/prices?q=${encodeURIComponent(target.symbol)}`);
  const cell = page.locator(`#price-table tr[data-symbol="${target.symbol}"] td.ltp`);
  void askWorker(page, 'market-refresh', { reason: 'test', kinds: ['stocks'] }, 100_000).catch(() => undefined);
  const shown = formatNumber(4321.5, 'ne', { decimals: 2 });
  await expect(cell).toHaveText(shown, { timeout: 100_000 });
  await context.setOffline(true);
  await page.reload();
  await expect(cell).toHaveText(shown);
});
