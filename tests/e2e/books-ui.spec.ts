// The textbook screens end to end in a real Chromium with the service worker: browse by
// grade and subject, filters and search, a book page, saving PDFs (progress, My downloads,
// delete, failures and retry, an opaque cross-origin PDF), shelves, and offline browsing.

import { cpSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { appHandler } from '../../src/server/app.ts';
import { closedPort, listen, type Served } from '../../harness/http.ts';
import { CONTRACT_FIELDS } from '../books/contract.ts';
import { openApp, stored } from './helpers.ts';
import { ALL_DIST } from '../../harness/variant.ts';
import { writeCatalog } from '../helpers/catalog-file.ts';
import { makeEpub } from '../helpers/epub.ts';
import { recordFiles } from '../../src/core/books/files.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const OUT = join(ROOT, '.e2e/books-ui');

/** The app with the sample data of every section, built once per run by the global setup. */
const booksApp = (): string => ALL_DIST;

/** A small but real-looking PDF of exactly `size` bytes. */
function makePdf(size: number): Buffer {
  const head = '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n';
  const tail = 'trailer\n<< /Root 1 0 R >>\n%%EOF\n';
  return Buffer.from(head + '%'.padEnd(size - head.length - tail.length - 1, ' ') + '\n' + tail);
}
const PDF = makePdf(256 * 1024);
const EPUB_BOOK = 'cehrd-learning-g10-nepali-9011';
const EPUB = makeEpub('Nepali - Grade 10', [{ title: 'One', body: '<h2>One</h2><p>Once upon a time.</p>' }]);
const PDF_SIZE = '262 KB';

/** Test PDFs on the app's own origin: one sent slowly (half, then the rest when the test says), one failing until told otherwise. */
const pdfs = { release: () => {}, flakyOk: false, requests: [] as string[] };

let site: Served;
let elsewhere: Served;

test.beforeAll(async () => {
  const dist = booksApp();
  // Another origin without CORS: the app can fetch its PDF only opaquely.
  elsewhere = await listen((req, res) => {
    if (req.url === '/opaque.pdf') res.writeHead(200, { 'Content-Type': 'application/pdf', 'Content-Length': PDF.length }).end(PDF);
    else res.writeHead(404).end();
  });
  const gone = await closedPort();
  const ui = join(OUT, 'dist-ui');
  cpSync(dist, ui, { recursive: true });
  const catalog = JSON.parse(readFileSync(join(dist, 'api/books/catalog.json'), 'utf8')) as { books: Array<{ id: string; pdfUrl: string | null }> };
  const pdfOf: Record<string, string> = {
    'cehrd-learning-g5-social-studies-9006': '/test-pdf/slow.pdf',
    'cehrd-learning-g6-health-9007': '/test-pdf/flaky.pdf',
    'cehrd-learning-g7-mathematics-9008': `${elsewhere.url}/opaque.pdf`,
    'cehrd-learning-g8-english-9009': `http://127.0.0.1:${gone}/gone.pdf`,
    'cehrd-learning-g9-science-9010': '/test-pdf/ok.pdf',
  };
  for (const b of catalog.books) if (pdfOf[b.id]) b.pdfUrl = pdfOf[b.id]!;
  // A record whose one file is an EPUB.
  const epubBook = catalog.books.find((b) => b.id === EPUB_BOOK) as Record<string, unknown>;
  epubBook.downloadUrl = ['/test-pdf/book.epub'];
  epubBook.files = recordFiles(epubBook);
  writeCatalog(ui, catalog);
  const app = appHandler(ui);
  site = await listen((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (!path.startsWith('/test-pdf/')) return void app(req, res);
    pdfs.requests.push(path);
    const headers = { 'Content-Type': 'application/pdf', 'Content-Length': PDF.length, 'Cache-Control': 'no-store' };
    if (path === '/test-pdf/slow.pdf') {
      res.writeHead(200, headers);
      res.write(PDF.subarray(0, 64 * 1024));
      const rest = () => res.end(PDF.subarray(64 * 1024));
      pdfs.release = rest;
    } else if (path === '/test-pdf/flaky.pdf' && !pdfs.flakyOk) res.writeHead(503, { 'Content-Type': 'text/plain' }).end('busy');
    else if (path === '/test-pdf/ok.pdf' || path === '/test-pdf/flaky.pdf') res.writeHead(200, headers).end(PDF);
    else if (path === '/test-pdf/book.epub') res.writeHead(200, { 'Content-Type': 'application/epub+zip', 'Content-Length': EPUB.length }).end(EPUB);
    else res.writeHead(404).end();
  });
});

test.afterAll(async () => {
  pdfs.release();
  await site.close();
  await elsewhere.close();
});

test.beforeEach(() => {
  pdfs.flakyOk = false;
  pdfs.requests = [];
});
test.afterEach(() => pdfs.release());

const english = (page: Page) => page.addInitScript(() => localStorage.setItem('khoj.lang', 'en'));
const titles = (page: Page) => page.locator('#book-results .card-title');
const apiTitles = (page: Page, query: string) =>
  page.evaluate(async (q) => ((await (await fetch(`api/books?${q}`)).json()) as { data: Array<{ title: string }> }).data.map((b) => b.title), query);
const cached = (page: Page, name: string) => page.evaluate(async (n) => (await (await caches.open(n)).keys()).map((r) => r.url), name);

test('browse by grade, then subject, to a book page with every field, its source and its links', async ({ page }) => {
  await english(page);
  await openApp(page, site.url, '#/books');
  await expect(page.locator('.grades a')).toHaveCount(12);
  await page.locator('.grades a', { has: page.locator('.grade-n', { hasText: /^5$/ }) }).click();
  await expect(page.locator('#grade-h')).toHaveText('Grade 5');
  await expect(page.locator('.subjects a')).toHaveCount(2);
  await page.locator('.subjects a', { hasText: 'Social Studies' }).click();
  await expect(page).toHaveURL(/#\/books\/list\?grade=5&subject=Social(\+|%20)Studies$/);
  const cards = page.locator('#book-results .book-card');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Social Studies - Grade 5');
  await expect(cards.first()).toContainText('CEHRD Learning');
  await expect
    .poll(() =>
      cards
        .first()
        .locator('img.cover')
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBeGreaterThan(0);
  await cards.first().locator('a').click();

  await expect(page.locator('article.book h1')).toHaveText('Social Studies - Grade 5');
  // Every contract field but the title (the heading), and the real extras.
  for (const f of [...CONTRACT_FIELDS.filter((f) => f !== 'title'), 'description', 'scrapedAt'])
    await expect(page.locator(`.book-fields [data-field="${f}"]`), f).toHaveCount(1);
  await expect(page.locator('[data-field="author"] dd')).toHaveText('Centre for Education and Human Resource Development');
  await expect(page.locator('[data-field="grade"] dd')).toHaveText('5');
  await expect(page.locator('[data-field="language"] dd')).toHaveText('English');
  await expect(page.locator('.book-head .source-badge')).toHaveText('CEHRD Learning');
  await expect(page.locator('.sample-note')).toBeVisible();
  await expect(page.locator('a.read')).toHaveAttribute('href', 'https://example.org/sample/cehrd-learning/resource/9006');
  await expect(page.locator('a.download')).toHaveAttribute('href', '/test-pdf/slow.pdf');
  await expect(page.locator('a.read')).toHaveAttribute('rel', 'noopener noreferrer');

  // The credit the upstream NOTICE asks for, with its LICENSE and NOTICE.
  const credit = page.locator('footer.books-credit');
  await expect(credit).toContainText('Powered by YoBook API');
  await credit.getByRole('link', { name: 'LICENSE' }).click();
  await expect(page.locator('body')).toContainText('MIT License');
  await page.goBack();
  await page.locator('footer.books-credit').getByRole('link', { name: 'NOTICE' }).click();
  await expect(page.locator('body')).toContainText('Powered by YoBook API');
});

test('filters for source and language, search as you type, from the home page, and paging', async ({ page }) => {
  await english(page);
  await openApp(page, site.url, '#/books/list');
  await expect(page.locator('#books-total')).toHaveText('35 books');
  await expect(titles(page)).toHaveCount(20);
  await page.locator('select[name=source]').selectOption('pustakalaya');
  await expect(page.locator('#books-total')).toHaveText('15 books');
  await page.locator('select[name=language]').selectOption('en');
  await expect(titles(page)).toHaveText(await apiTitles(page, 'source=pustakalaya&language=en'));
  await page.getByRole('link', { name: 'Clear all' }).click();
  await expect(page.locator('#books-total')).toHaveText('35 books');

  await page.locator('#books-q').pressSequentially('science grade 9');
  await expect(titles(page)).toHaveText(['Science - Grade 9']);
  await expect(page).toHaveURL(/q=science(\+|%20)grade(\+|%20)9/);
  await page.locator('#books-q').fill('गणित');
  await page.locator('select[name=grade]').selectOption('10');
  await expect(page.locator('#books-q')).toHaveValue('गणित');
  await expect(titles(page)).toHaveText(await apiTitles(page, `q=${encodeURIComponent('गणित')}&grade=10`));
  await expect(titles(page)).not.toHaveCount(0);
  await page.locator('#books-q').fill('zzzz');
  await expect(page.locator('.alert')).toContainText('No books match');

  await page.goto(`${site.url}/#/books`);
  await page.locator('#books-q').fill('नेपाली');
  await page.locator('#books-q').press('Enter');
  await expect(page).toHaveURL(new RegExp(`#/books/list\\?q=${encodeURIComponent('नेपाली')}$`));
  await expect(titles(page).first()).toHaveText('नेपाली - कक्षा ११ नमूना प्रश्नपत्र');

  await page.goto(`${site.url}/#/books/list`);
  await page.getByRole('link', { name: 'Next →' }).click();
  await expect(page.locator('.pager')).toContainText('Page 2 of 2');
  await expect(titles(page)).toHaveCount(15);
});

test('the screens speak Nepali by default', async ({ page }) => {
  await openApp(page, site.url, '#/books/list');
  await expect(page.locator('#books-total')).toHaveText('३५ पुस्तक');
  await expect(page.locator('select[name=subject] option', { hasText: 'गणित' })).toHaveCount(1);
  await expect(page.locator('select[name=grade] option', { hasText: /^५$/ })).toHaveCount(1);
  await expect(page.locator('footer.books-credit')).toContainText('Powered by YoBook API');
});

test('save a PDF for offline: progress, size, My downloads with storage, open it offline, delete it', async ({ page, context }) => {
  await english(page);
  await openApp(page, site.url, '#/books/book/cehrd-learning-g5-social-studies-9006');
  await page.locator('button.save-pdf').click();
  const progress = page.locator('progress.pdf-progress');
  await expect(progress).toBeVisible();
  // The first quarter has arrived; the rest waits for the test.
  await expect(page.locator('.pdf-bytes')).toContainText(`66 KB / ${PDF_SIZE} (25%)`);
  expect(await progress.evaluate((p: HTMLProgressElement) => p.value)).toBe(25);
  pdfs.release();
  await expect(page.locator('.pdf-saved')).toContainText(`Saved on this device · ${PDF_SIZE}`);
  // The saved copy opens in the app's reader (tests/e2e/books-reader.spec.ts), from Cache Storage.
  await expect(page.locator('a.open-saved')).toHaveAttribute('href', '#/books/read/cehrd-learning-g5-social-studies-9006');
  const saved = () =>
    page.evaluate(async () => {
      const caches_ = await caches.open('khoj-books-pdfs');
      const buf = await (await caches_.match(new URL('/test-pdf/slow.pdf', location.href).href))!.arrayBuffer();
      return [buf.byteLength, new TextDecoder().decode(buf.slice(0, 5))];
    });
  expect(await saved()).toEqual([PDF.length, '%PDF-']);

  await page.locator('.books-nav').getByRole('link', { name: 'My downloads' }).click();
  const row = page.locator('#downloads li[data-id="cehrd-learning-g5-social-studies-9006"]');
  await expect(row).toContainText('Social Studies - Grade 5');
  await expect(row).toContainText(PDF_SIZE);
  await expect(page.locator('#saved-total')).toHaveText(`1 PDF, ${PDF_SIZE}`);
  await expect(page.locator('#storage-estimate')).toContainText(/This app uses .+; .+ available/);

  await context.setOffline(true);
  await page.reload();
  await expect(row.locator('a.open-saved')).toHaveAttribute('href', '#/books/read/cehrd-learning-g5-social-studies-9006');
  expect(await saved()).toEqual([PDF.length, '%PDF-']);
  await row.locator('button.delete-pdf').click();
  await expect(page.locator('#downloads li')).toHaveCount(0);
  expect(await cached(page, 'khoj-books-pdfs')).toEqual([]);
  await page.reload();
  await expect(page.locator('#downloads li')).toHaveCount(0);
});

test('a failed download says why and can be retried; an unreachable host fails plainly', async ({ page }) => {
  await english(page);
  await openApp(page, site.url, '#/books/book/cehrd-learning-g6-health-9007');
  await page.locator('button.save-pdf').click();
  await expect(page.locator('.pdf-failed')).toHaveText('Could not save: HTTP 503');
  await expect(page.locator('button.save-pdf')).toHaveText('Try again');
  pdfs.flakyOk = true;
  await page.locator('button.save-pdf').click();
  await expect(page.locator('.pdf-saved')).toContainText(PDF_SIZE);
  expect(pdfs.requests).toEqual(['/test-pdf/flaky.pdf', '/test-pdf/flaky.pdf']);

  await page.goto(`${site.url}/#/books/book/cehrd-learning-g8-english-9009`);
  await page.locator('button.save-pdf').click();
  await expect(page.locator('.pdf-failed')).toHaveText('Could not save: could not reach the site or the internet');
  // My downloads lists the failure, with a retry.
  await page.goto(`${site.url}/#/books/downloads`);
  const failed = page.locator('#downloads li[data-id="cehrd-learning-g8-english-9009"]');
  await expect(failed.locator('.pdf-failed')).toBeVisible();
  await failed.getByRole('button', { name: 'Try again' }).click();
  await expect(failed.locator('.pdf-failed')).toBeVisible();
  await expect(page.locator('#downloads li[data-id="cehrd-learning-g6-health-9007"] .pdf-saved')).toContainText(PDF_SIZE);
});

test('a PDF on another site without CORS is stored opaquely, and the reader is told what that means', async ({ page }) => {
  await english(page);
  await openApp(page, site.url, '#/books/book/cehrd-learning-g7-mathematics-9008');
  await page.locator('button.save-pdf').click();
  await expect(page.locator('.pdf-saved')).toContainText('Saved on this device · size unknown');
  await expect(page.locator('.opaque-note')).toContainText('does not let the app read the file');
  await expect(page.locator('a.open-original')).toHaveAttribute('href', `${elsewhere.url}/opaque.pdf`);
  expect(await cached(page, 'khoj-books-pdfs')).toEqual([`${elsewhere.url}/opaque.pdf`]);
  await page.goto(`${site.url}/#/books/downloads`);
  await expect(page.locator('#saved-total')).toContainText('+ size unknown');
});

const shelfIn = async (page: Page, id: string) => (await stored<{ shelf: string }>(page, 'khoj-books-user', 'shelves', id))?.shelf;

test('shelves: want to read, reading, read — kept across reloads', async ({ page }) => {
  await english(page);
  await openApp(page, site.url, '#/books/book/cehrd-learning-g9-science-9010');
  const picker = page.locator('.shelf-picker');
  await expect(picker.getByLabel('None')).toBeChecked();
  await picker.getByLabel('Reading').check();
  // The radio shows the choice at once; a reload in the same instant could beat the write (one CI run did).
  await expect.poll(() => shelfIn(page, 'cehrd-learning-g9-science-9010')).toBe('reading');
  await page.reload();
  await expect(page.locator('.shelf-picker').getByLabel('Reading')).toBeChecked();
  await page.locator('.books-nav').getByRole('link', { name: 'My shelves' }).click();
  await expect(page.locator('#shelf-reading .card-title')).toHaveText(['Science - Grade 9']);
  await expect(page.locator('#shelf-want')).toContainText('Empty');
  await page.locator('#shelf-reading a').first().click();
  await page.locator('.shelf-picker').getByLabel('Read', { exact: true }).check();
  await expect.poll(() => shelfIn(page, 'cehrd-learning-g9-science-9010')).toBe('read');
  await page.goto(`${site.url}/#/books/shelves`);
  await expect(page.locator('#shelf-read .card-title')).toHaveText(['Science - Grade 9']);
  await expect(page.locator('#shelf-reading')).toContainText('Empty');
});

test('offline: browse, search and open books from the stored catalog; covers seen before still show', async ({ page, context }) => {
  await english(page);
  await openApp(page, site.url, '#/books');
  await expect(page.locator('.grades a')).toHaveCount(12);
  await expect.poll(() => page.evaluate(async () => (await fetch('api/stats')).headers.get('X-Khoj-Source'))).toBe('idb');
  await page.goto(`${site.url}/#/books/book/cdc-np-5-nepali`);
  await expect(page.locator('article.book h1')).toHaveText('Mero Nepali - Class 5');
  await expect.poll(() => page.locator('.book-head img.cover').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await context.setOffline(true);
  await page.goto(`${site.url}/#/books`);
  await expect(page.locator('#offline-banner')).toBeVisible();
  await page.locator('.grades a', { has: page.locator('.grade-n', { hasText: /^5$/ }) }).click();
  await page.locator('.subjects a', { hasText: 'Nepali' }).click();
  const card = page.locator('#book-results .book-card');
  await expect(card).toHaveCount(1);
  await expect.poll(() => card.locator('img.cover').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await card.locator('a').click();
  await expect(page.locator('article.book h1')).toHaveText('Mero Nepali - Class 5');
  await page.locator('.books-nav').getByRole('link', { name: 'Textbooks' }).click();
  await page.locator('#books-q').fill('science');
  await page.locator('#books-q').press('Enter');
  await expect(titles(page)).toHaveText(await apiTitles(page, 'q=science'));
  await expect(titles(page)).not.toHaveCount(0);
  // A cover never seen online cannot show: a plain stand-in takes its place.
  await page.goto(`${site.url}/#/books/list?grade=12`);
  await expect(page.locator('#book-results .cover.stand-in').first()).toBeVisible();
});

test('a saved book keeps its cover offline, though its page was first seen before the worker; a stand-in leaves the title its room', async ({
  page,
  context,
}) => {
  await english(page);
  await page.setViewportSize({ width: 360, height: 640 });
  const id = 'cehrd-learning-g9-science-9010';
  await openApp(page, site.url, `#/books/book/${id}`);
  // As when the first visit's page fetched its cover before the worker was there to keep it.
  const coverUrl = `${site.url}/covers/${id}.svg`;
  await expect.poll(async () => (await cached(page, 'khoj-books-files')).includes(coverUrl)).toBe(true);
  await page.evaluate(async (url) => (await caches.open('khoj-books-files')).delete(url), coverUrl);
  await page.locator('button.save-pdf').click();
  await expect(page.locator('.pdf-saved')).toBeVisible();
  // What the browser's HTTP cache holds does not count: it is not the app's, and a phone clears it.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('article.book h1')).toHaveText('Science - Grade 9');
  await expect.poll(() => page.locator('.book-head img.cover').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await page.locator('.books-nav').getByRole('link', { name: 'My downloads' }).click();
  await expect.poll(() => page.locator(`#downloads li[data-id="${id}"] img.cover`).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // A book never seen: its stand-in is the cover's size on a phone, the title beside it keeps its room.
  await page.goto(`${site.url}/#/books/book/cehrd-learning-g12-social-studies-9013`);
  const standIn = page.locator('.book-head .cover.stand-in');
  await expect(standIn).toBeVisible();
  const [cover, title] = [(await standIn.boundingBox())!, (await page.locator('article.book h1').boundingBox())!];
  expect(cover.width).toBeLessThanOrEqual(90);
  expect(title.width).toBeGreaterThanOrEqual(180);
});

test('an EPUB saved from its book page opens from My downloads', async ({ page }) => {
  await english(page);
  await openApp(page, site.url, `#/books/book/${EPUB_BOOK}`);
  await expect(page.locator('button.save-pdf')).toHaveText('Save EPUB for offline');
  await page.locator('button.save-pdf').click();
  await expect(page.locator('.pdf-saved')).toBeVisible();
  await page.locator('.books-nav').getByRole('link', { name: 'My downloads' }).click();
  const row = page.locator(`#downloads li[data-id="${EPUB_BOOK}"]`);
  await expect(row).toContainText('EPUB');
  await row.locator('a.open-saved').click();
  await expect(page).toHaveURL(new RegExp(`#/books/epub/${EPUB_BOOK}$`));
  await expect(page.locator('#epub-page h2')).toHaveText('One');
});
