// The reader's data moved to another phone, as a reader does it at 360×640: on one device a
// bookmark, a book on a shelf, a place in an audio file, a watched stock and a portfolio buy; "Export" downloads one file;
// on another device (a fresh browser context) with a bookmark of its own, "Import" shows what it
// did and both bookmarks and everything else are there; importing again adds nothing. A bad file
// is refused with the part, record and problem named, and nothing changes.

import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { STRINGS } from '../../src/app/i18n.ts';
import { DICTIONARY_STRINGS } from '../../src/app/dictionary/strings.ts';
import { serveSwitchable, type Switchable } from '../../harness/http.ts';
import { openApp } from './helpers.ts';
import { PHONE } from './screens.ts';
import { ALL_DIST } from '../../harness/variant.ts';

const ne = { ...STRINGS.ne, ...DICTIONARY_STRINGS.ne };
test.use({ viewport: PHONE });

let app: Switchable;
// The shared build with all three sections' sample data (tests/e2e/global-setup.ts).
test.beforeAll(async () => {
  app = await serveSwitchable(ALL_DIST);
});
test.afterAll(() => app.close());

const BOOK = 'cehrd-learning-g5-social-studies-9006';
const SYMBOL = 'ADBL';
const enc = encodeURIComponent;

async function phone(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: PHONE, acceptDownloads: true });
  const page = await context.newPage();
  await openApp(page, app.url, '#/');
  return { context, page };
}

async function bookmark(page: Page, word: string): Promise<void> {
  await page.goto(`${app.url}/#/word/${enc(word)}`);
  await page.getByRole('button', { name: `☆ ${ne.bookmark}` }).click();
  await expect(page.getByRole('button', { name: `★ ${ne.unbookmark}` })).toBeVisible();
}

async function bookmarks(page: Page): Promise<string[]> {
  await page.goto(`${app.url}/#/saved`);
  await expect(page.locator('main h1')).toBeVisible();
  await expect(page.locator('#bookmarks')).toBeVisible();
  return (await page.locator('#bookmarks a').allTextContents()).sort();
}

/** A place in an audio file as the player leaves it (books-audio.spec.ts plays one for real): a row of khoj-books-user. */
const PLACE = {
  id: 'cehrd-audio-g1::https://example.test/a.mp3',
  title: 'Grade 1 English',
  coverUrl: '/covers/a.svg',
  kind: 'audio',
  time: 61.5,
  duration: 300,
  at: 5,
};
const positionsIn = (page: Page, put?: typeof PLACE): Promise<unknown[]> =>
  page.evaluate(
    (row) =>
      new Promise<unknown[]>((ok, fail) => {
        const open = indexedDB.open('khoj-books-user');
        open.onerror = () => fail(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('positions', 'readwrite');
          if (row) tx.objectStore('positions').put(row);
          const all = tx.objectStore('positions').getAll();
          tx.oncomplete = () => (open.result.close(), ok(all.result));
          tx.onerror = () => fail(tx.error);
        };
      }),
    put,
  );

async function importFile(page: Page, file: { name: string; buffer: Buffer }): Promise<void> {
  await page.goto(`${app.url}/#/data`);
  await page.locator('#data-import').setInputFiles({ ...file, mimeType: 'application/json' });
}

test('export on one phone, import on another: merged, with a summary; again adds nothing', async ({ browser }) => {
  const one = await phone(browser);
  await bookmark(one.page, 'किरण');
  await one.page.goto(`${app.url}/#/books/book/${BOOK}`);
  await one.page.locator('.shelf-picker input[value="reading"]').check();
  await positionsIn(one.page, PLACE);
  await one.page.goto(`${app.url}/#/market/symbol/${SYMBOL}`);
  await one.page.locator('#watch-toggle').click();
  await expect(one.page.locator('#watch-toggle')).toHaveAttribute('aria-pressed', 'true');
  await one.page.locator('#alert-level').fill('9999');
  await one.page.locator('#alert-set').click();
  await expect(one.page.locator('#alert-message')).toBeVisible();
  await one.page.goto(`${app.url}/#/market/portfolio`);
  await one.page.locator('#tx-kind').selectOption('buy');
  await one.page.locator('#tx-date').fill('2025-01-10');
  await one.page.locator('#tx-symbol').fill(SYMBOL);
  await one.page.locator('#tx-quantity').fill('100');
  await one.page.locator('#tx-price').fill('500');
  await one.page.locator('#tx-add').click();
  await expect(one.page.locator(`.holding[data-symbol="${SYMBOL}"]`)).toBeVisible();

  // The link on the saved words page leads to the screen.
  await one.page.goto(`${app.url}/#/saved`);
  await one.page.locator('#your-data').click();
  await expect(one.page.locator('main h1')).toHaveText('तपाईंको डाटा');
  const [download] = await Promise.all([one.page.waitForEvent('download'), one.page.locator('#data-export').click()]);
  expect(download.suggestedFilename()).toMatch(/^khoj-data-\d{4}-\d{2}-\d{2}\.json$/);
  const text = readFileSync((await download.path())!, 'utf8');
  const file = JSON.parse(text);
  expect(file).toMatchObject({ format: 'khoj-reader-data', version: 1 });
  expect(file.parts.bookmarks.map((r: { word: string }) => r.word)).toEqual(['किरण']);
  expect(file.parts.shelves).toMatchObject([{ id: BOOK, shelf: 'reading' }]);
  expect(file.parts.listening).toEqual([PLACE]);
  expect(file.parts.watchlist).toMatchObject([{ symbol: SYMBOL }]);
  expect(file.parts.alerts).toMatchObject([{ id: `${SYMBOL}:above:9999`, symbol: SYMBOL, direction: 'above', level: 9999 }]);
  expect(file.parts.portfolio.transactions).toEqual([{ date: '2025-01-10', symbol: SYMBOL, kind: 'buy', quantity: 100, price: 500 }]);
  await one.context.close();

  const two = await phone(browser);
  await bookmark(two.page, 'खोज');
  await importFile(two.page, { name: download.suggestedFilename(), buffer: Buffer.from(text) });
  const summary = two.page.locator('#data-summary');
  await expect(summary).toBeVisible();
  await expect(summary.locator('li[data-part="bookmarks"]')).toHaveAttribute('data-added', '1');
  await expect(summary.locator('li[data-part="bookmarks"]')).toContainText('१ थपियो');
  for (const part of ['shelves', 'listening', 'watchlist', 'alerts', 'portfolio'])
    await expect(summary.locator(`li[data-part="${part}"]`)).toHaveAttribute('data-added', '1');
  // Both bookmarks, the shelf, the watchlist and the holding are there.
  expect(await bookmarks(two.page)).toEqual(['किरण', 'खोज'].sort());
  expect(await positionsIn(two.page)).toContainEqual(PLACE);
  await two.page.goto(`${app.url}/#/books/shelves`);
  await expect(two.page.locator('#shelf-reading .card-title')).toHaveCount(1);
  await two.page.goto(`${app.url}/#/market/watchlist`);
  await expect(two.page.locator(`#price-table tr[data-symbol="${SYMBOL}"]`)).toBeVisible();
  await two.page.goto(`${app.url}/#/market/alerts`);
  await expect(two.page.locator(`[data-alert="${SYMBOL}:above:9999"]`)).toBeVisible();
  await two.page.goto(`${app.url}/#/market/portfolio`);
  await expect(two.page.locator(`.holding[data-symbol="${SYMBOL}"] .quantity`)).toHaveText('१००');

  // The same file again: nothing added, nothing doubled.
  await importFile(two.page, { name: 'again.json', buffer: Buffer.from(text) });
  await expect(two.page.locator('#data-summary li[data-added="0"]')).toHaveCount(9);
  await two.page.goto(`${app.url}/#/market/portfolio`);
  await expect(two.page.locator(`.holding[data-symbol="${SYMBOL}"] .quantity`)).toHaveText('१००');
  await two.context.close();
});

test('a bad file or one from a newer app is refused, and nothing changes', async ({ browser }) => {
  const { context, page } = await phone(browser);
  await bookmark(page, 'खोज');
  const good = {
    format: 'khoj-reader-data',
    version: 1,
    exportedAt: '2026-01-01T00:00:00Z',
    app: 'x',
    parts: { bookmarks: [{ word: 'किरण', at: 1 }], history: [], shelves: [], positions: [], watchlist: [], portfolio: { transactions: [] }, settings: {} },
  };
  // A good record and a bad one: the good one is not written either.
  const bad = { ...good, parts: { ...good.parts, bookmarks: [...good.parts.bookmarks, { word: 42, at: 2 }] } };
  await importFile(page, { name: 'bad.json', buffer: Buffer.from(JSON.stringify(bad)) });
  await expect(page.locator('#data-error')).toContainText('केही बदलिएन');
  // The app's own button, not the browser's "Choose File" in the browser's language.
  const field = page.locator('#data-import');
  expect(await field.evaluate((e) => e.getBoundingClientRect().width)).toBeLessThanOrEqual(1);
  await expect(page.locator('label.file-button', { has: field })).toHaveText('फाइलबाट ल्याउनुहोस्');
  // In the interface's words; the file's own (its name, the field, the value found) as they are.
  const lines = page.locator('#data-error li');
  await expect(lines).toHaveText(['bad.json: parts.bookmarks[1].word: बढीमा २०० अक्षरको, खाली नभएको पाठ हुनुपर्थ्यो, तर 42 भेटियो']);
  await expect(lines.locator('code')).toHaveText(['bad.json', 'parts.bookmarks[1].word', '42']);
  const ownWords = () =>
    page.locator('#data-error').evaluate((e) => {
      const c = e.cloneNode(true) as Element;
      c.querySelectorAll('code').forEach((x) => x.remove());
      return c.textContent ?? '';
    });
  expect(await ownWords()).not.toMatch(/[A-Za-z0-9]/);
  await importFile(page, { name: 'newer.json', buffer: Buffer.from(JSON.stringify({ ...good, version: 2 })) });
  await expect(lines).toHaveText([/^newer\.json: version: यो फाइल खोजको नयाँ संस्करणले बनाएको हो \(फाइल संस्करण २, यो एपले १ सम्म पढ्छ\)/]);
  expect(await ownWords()).not.toMatch(/[A-Za-z0-9]/);
  // Well formed, but its sell leaves the portfolio short once merged: refused, bookmark and all.
  const sell = {
    ...good,
    parts: { ...good.parts, portfolio: { transactions: [{ date: '2025-02-01', symbol: 'ADBL', kind: 'sell', quantity: 5, price: 600 }] } },
  };
  await importFile(page, { name: 'sell.json', buffer: Buffer.from(JSON.stringify(sell)) });
  await expect(lines).toContainText(['५ कित्ता बेचिएको छ, तर ० मात्र छ']);
  expect(await ownWords()).not.toMatch(/[A-Za-z0-9]/);
  await importFile(page, { name: 'notes.txt', buffer: Buffer.from('hello') });
  await expect(lines).toContainText(['notes.txt: यो JSON फाइल होइन']);
  expect(await bookmarks(page)).toEqual(['खोज']);
  await context.close();
});
