// What this phone keeps (issue 35, item 3), in Chromium with real IndexedDB and Cache Storage: the
// sample's PDF and the whole dictionary saved, the storage screen lists them with their sizes in
// the reader's digits, the total against the quota and whether storage is persistent; deleting the
// PDF (asked first) removes it from Cache Storage and from the list, and the browser's usage falls
// by its size; deleting the dictionary keeps its small part; an idle file is suggested to free space.

import { chromium, expect, type Page, test } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM, chromiumArgs } from '../../harness/tools.mjs';
import { serve, type Served } from '../../harness/http.ts';
import { ALL_DIST } from '../../harness/variant.ts';
import { openApp, workerStatus } from './helpers.ts';
import { PHONE } from './screens.ts';

test.use({ viewport: PHONE });

let site: Served;
test.beforeAll(async () => {
  site = await serve(ALL_DIST);
});
test.afterAll(() => site?.close());

const PDF_BOOK = 'cdc-np-5-nepali';
const DEVANAGARI_SIZE = /[०-९][०-९.,]* (KB|MB)/;

const usage = (page: Page) => page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
const cached = (page: Page, id: string) =>
  page.evaluate(async (id) => {
    const rows = await new Promise<Array<{ id: string; pdfUrl: string }>>((ok, fail) => {
      const open = indexedDB.open('khoj-books-user');
      open.onsuccess = () => {
        const get = open.result.transaction('downloads').objectStore('downloads').getAll();
        get.onsuccess = () => (ok(get.result), open.result.close());
        get.onerror = () => fail(get.error);
      };
      open.onerror = () => fail(open.error);
    });
    const row = rows.find((r) => r.id === id);
    return { row: !!row, cached: row ? !!(await caches.match(row.pdfUrl)) : false };
  }, id);

async function savePdfAndDictionary(page: Page): Promise<void> {
  await openApp(page, site.url, '#/');
  await page.goto(`${site.url}/#/books/book/${PDF_BOOK}`);
  await page.locator('button.save-pdf').click();
  await expect(page.locator('.pdf-saved')).toBeVisible({ timeout: 30_000 });
  await page.goto(`${site.url}/#/saved`);
  await page.locator('#save-all').click();
  await expect(page.locator('#save-done')).toBeVisible({ timeout: 60_000 });
}

test('the storage screen lists what is saved with its size, and a delete frees it', async () => {
  test.setTimeout(120_000);
  // A profile on disk, as a phone's: an incognito context keeps storage in memory, where the
  // browser's usage does not fall as entries are deleted.
  const profile = mkdtempSync(join(tmpdir(), 'khoj-storage-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, args: chromiumArgs(), viewport: PHONE, serviceWorkers: 'allow' });
  try {
    await storageScreen(context.pages()[0] ?? (await context.newPage()));
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

async function storageScreen(page: Page): Promise<void> {
  await savePdfAndDictionary(page);
  // Reached from the saved page.
  await page.locator('#kept-link').click();
  await expect(page).toHaveURL(/#\/storage$/);
  const file = page.locator(`#kept-files li[data-id="${PDF_BOOK}"]`);
  await expect(file).toBeVisible();
  const bytes = Number(await file.getAttribute('data-bytes'));
  expect(bytes).toBeGreaterThan(1000);
  await expect(file.locator('.kept-size')).toHaveText(DEVANAGARI_SIZE);
  const dictionary = page.locator('#kept-parts li[data-part="dictionary"]');
  await expect(dictionary).not.toHaveAttribute('data-bytes', '');
  const dictBytes = Number(await dictionary.getAttribute('data-bytes'));
  expect(dictBytes).toBe((await workerStatus(page)).bytes);
  expect(dictBytes).toBeGreaterThan(0);
  await expect(dictionary.locator('.kept-size')).toHaveText(DEVANAGARI_SIZE);
  await expect(page.locator('#kept-usage')).toContainText(DEVANAGARI_SIZE);
  expect(Number(await page.locator('#kept-usage').getAttribute('data-quota'))).toBeGreaterThan(0);
  await expect(page.locator('#kept-persisted')).toHaveAttribute('data-persisted', /true|false/);
  // The PDF was saved just now: nothing to suggest.
  await expect(page.locator('#kept-no-suggestion')).toBeVisible();

  // Delete the PDF: asked first; "cancel" keeps it.
  const before = await usage(page);
  await file.locator('.kept-delete').click();
  await expect(file.locator('[role="alertdialog"]')).toContainText(DEVANAGARI_SIZE);
  await file.locator('.kept-no').click();
  expect(await cached(page, PDF_BOOK)).toEqual({ row: true, cached: true });
  await file.locator('.kept-delete').click();
  await file.locator('.kept-yes').click();
  await expect(page.locator('#kept-said')).toHaveAttribute('role', 'status');
  await expect(file).toHaveCount(0);
  expect(await cached(page, PDF_BOOK)).toEqual({ row: false, cached: false });
  // Its bytes freed, as the browser counts them (Cache Storage's usage falls as an entry goes).
  await expect.poll(() => usage(page).then((u) => before - u)).toBeGreaterThanOrEqual(bytes);
  console.log(`storage screen: the PDF's ${bytes} bytes deleted; usage ${before} → ${await usage(page)} bytes`);

  // Delete the dictionary: the small part stays, the rest goes.
  await dictionary.locator('.kept-delete').click();
  await dictionary.locator('.kept-yes').click();
  await expect(page.locator('#kept-said')).toBeVisible();
  const after = await workerStatus(page);
  expect(after.bytes).toBeLessThan(dictBytes);
  await expect(dictionary).toHaveAttribute('data-bytes', String(after.bytes));
  expect(after.paths).toContain('manifest.json');
  expect(await page.evaluate(() => localStorage.getItem('khoj.dictionary.saveWhole'))).toBe('no');
  console.log(`storage screen: the dictionary ${dictBytes} → ${after.bytes} bytes (its small part kept)`);
  // A word still opens (its chunk fetched again online).
  await page.goto(`${site.url}/#/word/${encodeURIComponent('विद्यालय')}`);
  await expect(page.locator('main h1')).toBeVisible();
}

test('free up space: a large saved file not opened for 30 days is suggested, and deleted from there', async ({ page }) => {
  test.setTimeout(90_000);
  await openApp(page, site.url, '#/');
  await page.goto(`${site.url}/#/books/book/${PDF_BOOK}`);
  await page.locator('button.save-pdf').click();
  await expect(page.locator('.pdf-saved')).toBeVisible({ timeout: 30_000 });
  // Saved 40 days ago and never opened since.
  await page.evaluate(
    (id) =>
      new Promise<void>((ok, fail) => {
        const open = indexedDB.open('khoj-books-user');
        open.onsuccess = () => {
          const store = open.result.transaction('downloads', 'readwrite').objectStore('downloads');
          const get = store.get(id);
          get.onsuccess = () => {
            const put = store.put({ ...get.result, at: Date.now() - 40 * 86_400_000 });
            put.onsuccess = () => (open.result.close(), ok());
            put.onerror = () => fail(put.error);
          };
        };
        open.onerror = () => fail(open.error);
      }),
    PDF_BOOK,
  );
  await page.goto(`${site.url}/#/storage`);
  await page.reload();
  const suggestion = page.locator(`#kept-suggestions li[data-id="${PDF_BOOK}"]`);
  await expect(suggestion).toContainText('४० दिनअघि साँचिएको');
  await suggestion.locator('.kept-delete').click();
  await suggestion.locator('.kept-yes').click();
  await expect(page.locator(`#kept-files li[data-id="${PDF_BOOK}"]`)).toHaveCount(0);
  await expect(page.locator('#kept-no-suggestion')).toBeVisible();
  expect(await cached(page, PDF_BOOK)).toEqual({ row: false, cached: false });
});
