// The phone layout at 360×640: a compact header, the sections in a bottom bar, market screens that
// start with data, a price table whose first column stays, legible chart labels, settings that do
// not overflow, a book page that starts with what a reader needs. Asserted from boxes and styles.

import { expect, test } from '@playwright/test';
import { serveSwitchable, type Switchable } from '../../harness/http.ts';
import { openApp } from './helpers.ts';
import { ALL_DIST } from '../../harness/variant.ts';

test.use({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });

let app: Switchable;
test.beforeAll(async () => {
  test.setTimeout(240_000);
  app = await serveSwitchable(ALL_DIST);
});
test.afterAll(async () => {
  await app?.close();
});

test('a compact header, and the sections in a bottom bar; the query stays in its section', async ({ page }) => {
  await openApp(page, app.url, '#/');
  const header = await page.locator('header.top').boundingBox();
  expect(header!.height).toBeLessThanOrEqual(60);
  const bar = page.locator('nav.sections-nav');
  const box = (await bar.boundingBox())!;
  expect(box.y + box.height).toBeCloseTo(640, 0);
  expect(box.width).toBe(360);
  await expect(bar.getByRole('link')).toHaveCount(3);
  await expect(bar.getByRole('link').first()).toHaveAttribute('aria-current', 'page');
  // Random word and saved words are on the dictionary's home screen instead.
  await expect(page.locator('.phone-tools a')).toBeVisible();
  await page.locator('header input[type="search"]').fill('किर');
  await bar.getByRole('link').nth(1).click();
  await expect(page).toHaveURL(/#\/books/);
  await expect(bar.getByRole('link').nth(1)).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('header input[type="search"]')).toHaveCount(0);
  for (const input of await page.locator('main input[type="search"]').all()) await expect(input).toHaveValue('');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('market: data on the first screen, a sticky first column with a scroll cue, legible chart labels, settings that fit', async ({ page }) => {
  await openApp(page, app.url, '#/market');
  // The screens' tabs are one row.
  const nav = (await page.locator('.market-nav').boundingBox())!;
  expect(nav.height).toBeLessThan(50);
  await page.goto(`${app.url}/#/market/prices`);
  const wrap = page.locator('#price-table').locator('xpath=..');
  await expect(page.locator('#price-table tbody tr[data-symbol]').first()).toBeVisible();
  expect(await wrap.evaluate((e) => e.scrollWidth > e.clientWidth)).toBe(true);
  expect(await wrap.evaluate((e) => getComputedStyle(e).backgroundImage)).toContain('radial-gradient');
  const first = page.locator('#price-table tbody tr[data-symbol] th').first();
  expect(await first.evaluate((e) => getComputedStyle(e).position)).toBe('sticky');
  const before = (await first.boundingBox())!.x;
  await wrap.evaluate((e) => e.scrollBy(300, 0));
  expect((await first.boundingBox())!.x).toBeCloseTo(before, 0);

  const symbol = await first.textContent();
  await page.goto(`${app.url}/#/market/symbol/${encodeURIComponent(symbol!.trim().split(/\s/)[0]!)}`);
  await expect(page.locator('.chart .axis.max')).toBeVisible();
  for (const label of await page.locator('.chart .axis').all())
    expect(parseFloat(await label.evaluate((e) => getComputedStyle(e).fontSize))).toBeGreaterThanOrEqual(11);

  await page.goto(`${app.url}/#/market/settings`);
  await expect(page.locator('#upstream-input')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('a book page starts with the title and what to do with it; technical fields under details', async ({ page }) => {
  await openApp(page, app.url, '#/books');
  const id = await page.evaluate(async () => ((await (await fetch('api/books?limit=1')).json()) as { data: Array<{ id: string }> }).data[0]!.id);
  await page.goto(`${app.url}/#/books/book/${encodeURIComponent(id)}`);
  const title = (await page.locator('article.book h1').boundingBox())!;
  expect(title.y).toBeLessThan(320);
  const cover = await page.locator('.book-head .cover').boundingBox();
  if (cover) expect(cover.height).toBeLessThanOrEqual(640 * 0.4 + 1);
  await expect(page.locator('details.book-technical [data-field="id"]')).toBeHidden();
  await expect(page.locator('[data-field="grade"]').first()).toBeVisible();
  await expect(page.locator('[data-field="language"] dd')).not.toHaveText(/\(\w\w\)/);
});
