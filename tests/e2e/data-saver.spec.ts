// The data saver (issue 35, item 4; src/app/client/data-saver.ts), in Chromium: on by default where
// the browser reports Save-Data, and the one switch for what the app fetches unasked. On: a book's
// save first states its size and asks; the market is refreshed only by its button; a "yes" to the
// whole dictionary does not resume by itself. The reader turning it off (under Save-Data) lets both
// run on their own again.

import { expect, type Page, test } from '@playwright/test';
import { ALL_DIST } from '../../harness/variant.ts';
import { openApp, servedForFile } from './helpers.ts';
import { PHONE } from './screens.ts';

test.use({ viewport: PHONE });

const site = servedForFile(ALL_DIST);

const PDF_BOOK = 'cdc-np-5-nepali';

/** Chromium's NetworkInformation as with the browser's data saver on; and every ask the page posts to the worker, recorded. */
async function saveDataBrowser(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Object.defineProperty((self as unknown as { NetworkInformation: { prototype: object } }).NetworkInformation.prototype, 'saveData', { get: () => true });
    const asked: string[] = ((window as unknown as { __asked: string[] }).__asked = []);
    const post = ServiceWorker.prototype.postMessage;
    ServiceWorker.prototype.postMessage = function (this: ServiceWorker, message: unknown, ...rest: unknown[]) {
      const m = message as { rpc?: string; type?: string } | null;
      if (m?.rpc === 'ask' && m.type) asked.push(m.type);
      return (post as (...a: unknown[]) => void).call(this, message, ...rest);
    } as typeof post;
  });
}
const asked = (page: Page) => page.evaluate(() => (window as unknown as { __asked: string[] }).__asked.filter((t) => t === 'market-refresh').length);

test('on by default with Save-Data: a save states its size first, the market waits for its button', async ({ page }) => {
  test.setTimeout(90_000);
  await saveDataBrowser(page);
  await openApp(page, site.url, '#/storage');
  await expect(page.locator('#data-saver')).toBeChecked();
  await expect(page.locator('#data-saver-note')).toContainText('डाटा बचत खुला छ');

  // A book's PDF: its size (the host's Content-Length for a HEAD) before anything is fetched; "not now" saves nothing.
  await page.goto(`${site.url}/#/books/book/${PDF_BOOK}`);
  await page.locator('button.save-pdf').click();
  const ask = page.locator('.size-ask');
  await expect(ask).toContainText(/यो [०-९][०-९.]* KB डाउनलोड हो/);
  await ask.locator('.size-no').click();
  await expect(page.locator('button.save-pdf')).toBeVisible();
  expect(await page.evaluate(() => caches.keys())).not.toContain('khoj-books-pdfs');
  await page.locator('button.save-pdf').click();
  await ask.locator('.size-yes').click();
  await expect(page.locator('.pdf-saved')).toBeVisible({ timeout: 30_000 });

  // The market: opening it, focusing it, asks the worker for no refresh; the button does.
  await page.goto(`${site.url}/#/market`);
  await expect(page.locator('#market-refresh')).toBeEnabled();
  await page.evaluate(() => (dispatchEvent(new Event('focus')), dispatchEvent(new Event('online'))));
  expect(await asked(page)).toBe(0);
  await page.locator('#market-refresh').click();
  await expect.poll(() => asked(page)).toBe(1);
});

test('turned off by the reader under Save-Data: the market refreshes itself and the dictionary saves itself again', async ({ page }) => {
  test.setTimeout(120_000);
  await saveDataBrowser(page);
  await openApp(page, site.url, '#/storage');
  await page.locator('#data-saver').uncheck();
  await expect(page.locator('#data-saver-note')).toContainText('बन्द');
  expect(await page.evaluate(() => localStorage.getItem('khoj.dataSaver'))).toBe('off');
  // A save asks nothing.
  await page.goto(`${site.url}/#/books/book/${PDF_BOOK}`);
  await page.locator('button.save-pdf').click();
  await expect(page.locator('.pdf-saved')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.size-ask')).toHaveCount(0);
  // The market asks for a refresh on opening.
  await page.goto(`${site.url}/#/market`);
  await expect.poll(() => asked(page)).toBeGreaterThan(0);
  // A "yes" given earlier resumes by itself (it does not with the data saver on: offline-first-visit.spec.ts).
  await page.evaluate(() => localStorage.setItem('khoj.dictionary.saveWhole', 'yes'));
  await page.goto(`${site.url}/#/saved`);
  await page.reload();
  await expect(page.locator('#save-done')).toBeVisible({ timeout: 60_000 });
});

/** The covers the page asks for (path below the site), from now on. */
function coverRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/covers/')) seen.push(path);
  });
  return seen;
}

for (const saver of [true, false])
  test(`the book list and a book page ask for ${saver ? 'only small covers with the data saver on' : 'the large covers with it off'}`, async ({ page }) => {
    test.setTimeout(90_000);
    if (saver) await saveDataBrowser(page);
    await openApp(page, site.url, '#/books/list');
    const seen = coverRequests(page);
    await page.reload();
    await expect(page.locator('img.cover').first()).toBeVisible();
    await expect.poll(() => seen.length).toBeGreaterThan(2);
    const onList = seen.length;
    await page.goto(`${site.url}/#/books/book/${PDF_BOOK}`);
    await expect.poll(() => seen.length).toBeGreaterThan(onList);
    expect(seen.filter((p) => p.startsWith('/covers/small/'))).toHaveLength(saver ? seen.length : 0);
    // Each is a cover the build made (the small ones included).
    const answers = await page.evaluate((paths) => Promise.all(paths.map((p) => fetch(p).then((r) => r.status))), seen.slice(0, 5));
    expect(answers.every((s) => s === 200)).toBe(true);
  });
