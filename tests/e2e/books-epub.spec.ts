// The EPUB reader end to end, as a reader uses it, on a real Standard Ebooks record
// (../shared/data/books/current/standard_ebooks.json) whose file addresses are rewritten to a
// loopback server serving a small EPUB made here (tests/helpers/epub.ts): save it from the book
// page, go offline, open it, go to chapter 2 and down it, leave, come back through "Continue
// reading" to the same place; the text size changes and is remembered; the Devanagari chapter
// is drawn in the app's own font; accessible at 360×640; the reader's code loads on its screen only.

import { cpSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { strToU8, zipSync } from 'fflate';
import { recordFiles } from '../../src/core/books/files.ts';
import { appHandler } from '../../src/server/app.ts';
import { makeEpub } from '../helpers/epub.ts';
import { listen, type Served } from '../../harness/http.ts';
import { openApp, stored } from './helpers.ts';
import { ALL_DIST } from '../../harness/variant.ts';
import { writeCatalog } from '../helpers/catalog-file.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const OUT = join(ROOT, '.e2e/books');
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });

const [real, other] = (
  JSON.parse(readFileSync(join(ROOT, '../shared/data/books/current/standard_ebooks.json'), 'utf8')) as Array<Record<string, unknown>>
).filter((r) => Array.isArray(r.downloadUrl) && r.downloadUrl.some((u) => String(u).endsWith('.epub'))) as [Record<string, unknown>, Record<string, unknown>];
const BOOK = String(real.id);
/** Another real record, whose "EPUB" begins as one (its mimetype first) but holds no container. */
const DAMAGED = String(other.id);
const NOT_EPUB = Buffer.from(zipSync({ mimetype: [strToU8('application/epub+zip'), { level: 0 }], 'readme.txt': strToU8('not a book') }));
const TITLE = String(real.title);

const para = (n: number) => `<p id="p${n}">Paragraph ${n} of the second chapter, long enough to wrap over a line or two on a phone screen.</p>`;
const EPUB = makeEpub(TITLE, [
  { title: 'The First Chapter', body: '<h2>The First Chapter</h2><p>Once upon a time.</p><p><a href="chapter-2.xhtml#p30">On to paragraph 30</a></p>' },
  { title: 'The Second Chapter', body: `<h2>The Second Chapter</h2>${Array.from({ length: 80 }, (_, i) => para(i + 1)).join('')}` },
  { title: 'नेपाली अध्याय', lang: 'ne', body: '<h2>नेपाली अध्याय</h2><p id="ne">हिमालको काखमा एउटा सानो गाउँ थियो।</p>' },
]);

let site: Served;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // The suite's shared build (tests/e2e/global-setup.ts): the books' sample data is the same in it.
  const dist = ALL_DIST;
  const dir = join(OUT, `dist-epub-${test.info().parallelIndex}`);
  cpSync(dist, dir, { recursive: true });
  const file = join(dir, 'api/books/catalog.json');
  const catalog = JSON.parse(readFileSync(file, 'utf8')) as { books: Array<Record<string, unknown>> };
  // The real record, its files on the loopback server (same paths), its cover one of ours (the CSP allows no other).
  const local = (u: unknown) => `/se${new URL(String(u)).pathname}`;
  const served = new Map<string, Buffer>();
  for (const [rec, body] of [
    [real, EPUB],
    [other, NOT_EPUB],
  ] as const) {
    const record: Record<string, unknown> = {
      ...rec,
      downloadUrl: (rec.downloadUrl as string[]).map(local),
      coverUrl: catalog.books[0]!.coverUrl,
      pdfUrl: null,
    };
    record.files = recordFiles(record);
    catalog.books.push(record);
    // The one the book page offers: the plain EPUB (core/books/files.ts tells it from the Kobo and "advanced" ones).
    served.set(
      (record.downloadUrl as string[]).find((u) => u.endsWith('.epub') && !u.endsWith('.kepub.epub') && !u.endsWith('_advanced.epub'))!,
      body,
    );
  }
  writeCatalog(dir, catalog);
  const app = appHandler(dir);
  site = await listen((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (!path.startsWith('/se/')) return void app(req, res);
    const body = served.get(path);
    if (!body) return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': 'application/epub+zip', 'Content-Length': body.length, 'Cache-Control': 'no-store' }).end(body);
  });
});

test.afterAll(async () => {
  await site.close();
});

const english = (page: Page) => page.addInitScript(() => localStorage.setItem('khoj.lang', 'en'));
const scripts = (page: Page) => page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name.replace(/^.*\//, '')));
/** The remembered position of the book, from the reader's IndexedDB. */
const storedPlace = (page: Page) => stored<{ page: number; fraction?: number; zoom: number }>(page, 'khoj-books-user', 'positions', BOOK);

test('save an EPUB, go offline, read chapter 2 down to paragraph 50, leave, come back to it; text size; Devanagari; accessible', async ({ page, context }) => {
  await english(page);
  await page.setViewportSize({ width: 360, height: 640 });
  await openApp(page, site.url, `#/books/book/${BOOK}`);
  await expect(page.locator('button.save-pdf')).toHaveText('Save EPUB for offline');
  await page.locator('button.save-pdf').click();
  await expect(page.locator('.pdf-saved')).toBeVisible();
  // Nothing of the reader on the catalog's screens.
  expect((await scripts(page)).filter((s) => s.endsWith('.js') && /epub|fflate/i.test(s))).toEqual([]);

  await context.setOffline(true);
  await page.reload();
  await page.locator('a.open-saved').click();
  await expect(page).toHaveURL(new RegExp(`#/books/epub/${BOOK}$`));
  await expect(page.locator('#reader-h')).toHaveText(TITLE);
  await expect(page.locator('#epub-page')).toHaveAttribute('data-chapter', '1');
  await expect(page.locator('#epub-page h2')).toHaveText('The First Chapter');
  await expect(page.locator('#chapter-pick option')).toHaveText(['1. The First Chapter', '2. The Second Chapter', '3. नेपाली अध्याय']);
  expect((await scripts(page)).some((s) => /^epub-reader.*\.js$/.test(s))).toBe(true);

  // A link inside the book opens the chapter it names, at the element it names.
  await page.locator('#epub-page a', { hasText: 'On to paragraph 30' }).click();
  await expect(page.locator('#epub-page')).toHaveAttribute('data-chapter', '2');
  await expect(page.locator('#chapter-status')).toHaveText('Chapter 2 of 3');
  await expect(page.locator('#epub-page #p30')).toBeInViewport();

  // Down the chapter to paragraph 50; the place is kept once the scrolling stops.
  await page.locator('#epub-page #p50').evaluate((p) => p.scrollIntoView({ block: 'start' }));
  await expect.poll(async () => (await storedPlace(page))?.fraction ?? 0).toBeGreaterThan(0.5);
  expect((await storedPlace(page))?.page).toBe(2);

  // Leave for the catalog home, reload (the place is on the device), come back through "Continue reading".
  await page.locator('.reader a.book-page').click();
  await page.locator('.books-nav a', { hasText: 'Textbooks' }).click();
  await page.reload();
  const card = page.locator(`#continue-reading li[data-id="${BOOK}"]`);
  await expect(card).toContainText('Chapter 2 of 3');
  await card.locator('a').click();
  await expect(page.locator('#epub-page')).toHaveAttribute('data-chapter', '2');
  await expect(page.locator('#epub-page #p50')).toBeInViewport();
  await expect(page.locator('#epub-page #p10')).not.toBeInViewport();

  // Text size: larger text, remembered with the book.
  const fontSize = () => page.locator('#epub-page #p50').evaluate((p) => parseFloat(getComputedStyle(p).fontSize));
  const before = await fontSize();
  await expect(page.locator('#font-size')).toHaveText('100%');
  await page.locator('#font-bigger').press('Enter');
  await page.locator('#font-bigger').press('Enter');
  await expect(page.locator('#font-size')).toHaveText('130%');
  expect(await fontSize()).toBeCloseTo(before * 1.3, 0);
  await expect.poll(async () => (await storedPlace(page))?.zoom).toBe(1.3);
  await page.reload();
  await expect(page.locator('#epub-page')).toHaveAttribute('data-chapter', '2');
  await expect(page.locator('#font-size')).toHaveText('130%');
  expect(await fontSize()).toBeCloseTo(before * 1.3, 0);

  // The Devanagari chapter, in the app's Devanagari font (the book's own font stack comes after it).
  await page.locator('#chapter-pick').selectOption('2');
  await expect(page.locator('#epub-page #ne')).toHaveText('हिमालको काखमा एउटा सानो गाउँ थियो।');
  expect(await page.locator('#epub-page #ne').evaluate((p) => getComputedStyle(p).fontFamily)).toMatch(/^"Noto Sans Devanagari", Georgia, serif$/);
  await expect
    .poll(() => page.evaluate(() => [...document.fonts].filter((f) => f.family.replace(/["']/g, '') === 'Noto Sans Devanagari').map((f) => f.status)))
    .toContain('loaded');
  await expect(page.locator('#next-chapter')).toBeDisabled();

  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);

  // ← goes back a chapter, from the keyboard.
  await page.locator('#prev-chapter').focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page.locator('#epub-page')).toHaveAttribute('data-chapter', '2');
});

test('a damaged EPUB says why and links the source; a book with no EPUB saved says so and links its page', async ({ page }) => {
  await english(page);
  await openApp(page, site.url, `#/books/book/${DAMAGED}`);
  await page.locator('button.save-pdf').click();
  await page.locator('a.open-saved').click();
  await expect(page.locator('#reader-problem')).toHaveText('This file is damaged or not a valid EPUB, so it could not be opened.');
  await expect(page.locator('a.open-source')).toHaveAttribute('href', new RegExp(`^${site.url}/se/.*\\.epub$`));

  await page.goto(`${site.url}/#/books/epub/${BOOK}`);
  await page.reload();
  await expect(page.locator('#reader-problem')).toHaveText('This book’s EPUB is not saved on this device. Save it from the book’s page.');
  await expect(page.locator('a.book-page')).toBeVisible();
});
