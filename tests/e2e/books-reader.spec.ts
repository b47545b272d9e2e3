// The PDF reader end to end, as a reader uses it: save a real multi-page PDF (made here with
// pdf-lib), go offline, open it inside the app, turn to page 3, leave, come back through
// "Continue reading" to page 3; jump, keys, zoom remembered, find in the text; a damaged and
// an opaque file say why and link the source; pdf.js loads only on the reader screen.

import { cpSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { listen, type Served } from '../../harness/http.ts';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { appHandler } from '../../src/server/app.ts';
import { openApp } from './helpers.ts';
import { ALL_DIST } from '../../harness/variant.ts';
import { writeCatalog } from '../helpers/catalog-file.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const OUT = join(ROOT, '.e2e/books');
const BOOK = 'cehrd-learning-g5-social-studies-9006';
const DAMAGED = 'cehrd-learning-g6-health-9007';
const OPAQUE = 'cehrd-learning-g7-mathematics-9008';
const PAGES = 5;
// pdf.js parses in a worker of its own: on the shared test machine that can take a while (no timed assertion here).
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });

/** A real PDF: each page says its number; page 4 alone holds the word "elephant". */
async function makeBook(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= PAGES; i++) {
    const p = pdf.addPage([400, 560]);
    p.drawText(`Page ${i} of the test book`, { x: 40, y: 500, size: 24, font });
    p.drawText(i === 4 ? 'Here is the elephant.' : 'Nothing to find here.', { x: 40, y: 440, size: 18, font });
  }
  return Buffer.from(await pdf.save());
}
/** Begins like a PDF (so it is saved), but is none. */
const DAMAGED_PDF = Buffer.from('%PDF-1.7\nthis is not really a PDF, its body was cut off\n'.repeat(20));

let site: Served;
let elsewhere: Served;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const book = await makeBook();
  // The suite's shared build (tests/e2e/global-setup.ts): the books' sample data is the same in it.
  const dist = ALL_DIST;
  // Another origin without CORS: its PDF can be saved only opaquely.
  elsewhere = await listen((req, res) => {
    if (req.url === '/opaque.pdf') res.writeHead(200, { 'Content-Type': 'application/pdf' }).end(book);
    else res.writeHead(404).end();
  });
  // One copy per worker: a repeated run (--repeat-each) builds its own beside the other's.
  const dir = join(OUT, `dist-reader-${test.info().parallelIndex}`);
  cpSync(dist, dir, { recursive: true });
  const catalog = JSON.parse(readFileSync(join(dist, 'api/books/catalog.json'), 'utf8')) as { books: Array<{ id: string; pdfUrl: string | null }> };
  const pdfOf: Record<string, string> = { [BOOK]: '/test-pdf/book.pdf', [DAMAGED]: '/test-pdf/damaged.pdf', [OPAQUE]: `${elsewhere.url}/opaque.pdf` };
  for (const b of catalog.books) if (pdfOf[b.id]) b.pdfUrl = pdfOf[b.id]!;
  writeCatalog(dir, catalog);
  const app = appHandler(dir);
  site = await listen((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const body = path === '/test-pdf/book.pdf' ? book : path === '/test-pdf/damaged.pdf' ? DAMAGED_PDF : undefined;
    if (!path.startsWith('/test-pdf/')) return void app(req, res);
    if (!body) return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': 'application/pdf', 'Content-Length': body.length, 'Cache-Control': 'no-store' }).end(body);
  });
});

test.afterAll(async () => {
  await site.close();
  await elsewhere.close();
});

const english = (page: Page) => page.addInitScript(() => localStorage.setItem('khoj.lang', 'en'));

async function saveFromBookPage(page: Page, id: string): Promise<void> {
  await openApp(page, site.url, `#/books/book/${id}`);
  // A page without the button says what it shows instead (CI once waited out the test's time here).
  await expect(page.locator('button.save-pdf'))
    .toBeVisible()
    .catch(async (e: unknown) => {
      throw new Error(`no Save button on ${page.url()}; the page shows: ${await page.locator('body').innerText()}`, { cause: e });
    });
  await page.locator('button.save-pdf').click();
  await expect(page.locator('.pdf-saved')).toBeVisible();
}

/** The page shown and drawn: canvas label, page field and the rendered mark. */
async function expectPage(page: Page, n: number): Promise<void> {
  await expect(page.locator('#pdf-canvas')).toHaveAttribute('aria-label', `Page ${n} of ${PAGES}`);
  await expect(page.locator('#page-number')).toHaveValue(String(n));
  await expect(page.locator('.pdf-sheet')).toHaveAttribute('data-rendered', new RegExp(`^${n}@`));
  // pdf.js's text layer holds the page's own words: what is drawn is that page.
  await expect(page.locator('.textLayer')).toContainText(`Page ${n} of the test book`);
}

/** Script files the page has loaded so far. */
const scripts = (page: Page) => page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name.replace(/^.*\//, '')));

/** The pdf.js files (its chunk, its worker script) in each cache of the origin. */
const pdfJsCached = (page: Page) =>
  page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys())
      out[name.replace(/^khoj-shell-.*/, 'khoj-shell')] = (await (await caches.open(name)).keys())
        .map((r) => r.url.replace(/^.*\//, ''))
        .filter((f) => /^(pdf-doc-.*\.js|pdf\.worker.*\.mjs)$/.test(f));
    return out;
  });

/**
 * Watches pdf.js's worker: the dedicated workers the page starts from pdf.js's worker script, and
 * pdf.js's warning when it runs that code on the page's own thread instead ("fake worker").
 */
function watchPdfWorker(page: Page): { started: string[]; fake: string[] } {
  const seen = { started: [] as string[], fake: [] as string[] };
  page.on('worker', (w) => {
    if (/\/pdf\.worker[^/]*\.mjs$/.test(w.url())) seen.started.push(w.url());
  });
  page.on('console', (m) => {
    if (/fake worker/i.test(m.text())) seen.fake.push(m.text());
  });
  return seen;
}

test('save a PDF, go offline, read it in the app, leave on page 3, come back through Continue reading to page 3', async ({ page, context }) => {
  await english(page);
  const pdfWorker = watchPdfWorker(page);
  await openApp(page, site.url, `#/books/book/${BOOK}`);
  // pdf.js is not precached with the app shell (~450 KB brotli few visitors need)...
  expect((await pdfJsCached(page))['khoj-shell']).toEqual([]);
  // Nothing of pdf.js on the catalog's screens before a PDF is saved.
  expect((await scripts(page)).filter((s) => /pdf/i.test(s) && !s.endsWith('.pdf'))).toEqual([]);
  await saveFromBookPage(page, BOOK);
  // ...but stored when the first PDF is saved, so that the saved PDF opens offline.
  await expect
    .poll(async () => (await pdfJsCached(page))['khoj-books-pdfjs'])
    .toEqual(expect.arrayContaining([expect.stringMatching(/^pdf-doc-.*\.js$/), expect.stringMatching(/^pdf\.worker.*\.mjs$/)]));

  // Opened at once, in the page of the first visit (which the service worker only claimed).
  await page.locator('a.open-saved').click();
  await expectPage(page, 1);
  expect(pdfWorker.started.length).toBe(1);
  await page.goBack();

  await context.setOffline(true);
  await page.reload();
  await page.locator('a.open-saved').click();
  await expect(page).toHaveURL(new RegExp(`#/books/read/${BOOK}$`));
  await expect(page.locator('#reader-h')).toHaveText('Social Studies - Grade 5');
  await expectPage(page, 1);
  expect((await scripts(page)).some((s) => /^pdf\.worker.*\.mjs$/.test(s))).toBe(true);
  // pdf.js parses and draws in its own worker, offline too: never on the page's thread.
  expect(pdfWorker.started.length).toBe(2);
  expect(pdfWorker.fake).toEqual([]);
  await expect(page.locator('#prev-page')).toBeDisabled();
  await page.locator('#next-page').click();
  await expectPage(page, 2);
  await page.locator('#next-page').click();
  await expectPage(page, 3);

  // Leave for the catalog home, reload (the position is on the device, not in memory), and come back.
  await page.locator('.reader a.book-page').click();
  await page.locator('.books-nav a', { hasText: 'Textbooks' }).click();
  await page.reload();
  const card = page.locator(`#continue-reading li[data-id="${BOOK}"]`);
  await expect(page.locator('#continue-h')).toHaveText('Continue reading');
  await expect(card).toContainText('Page 3 of 5');
  await card.locator('a').click();
  await expectPage(page, 3);

  // Opening it put the book on the "reading" shelf.
  await page.locator('.reader a.book-page').click();
  await page.locator('.books-nav a', { hasText: 'My shelves' }).click();
  await expect(page.locator('#shelf-reading .card-title')).toHaveText(['Social Studies - Grade 5']);
});

test('page jump, keys, zoom by buttons and keys remembered per book, find in the text; accessible', async ({ page, context }) => {
  await english(page);
  await page.setViewportSize({ width: 360, height: 640 });
  await saveFromBookPage(page, BOOK);
  await context.setOffline(true);
  await page.goto(`${site.url}/#/books/read/${BOOK}`);
  await expect(page.locator('#pdf-canvas')).toBeVisible();

  // Fit to width on a phone: the page is drawn as wide as the reading area (again once the area has settled).
  await expectPage(page, 1);
  const widths = () =>
    page.evaluate(() => [document.querySelector('.pdf-scroller')!.clientWidth, document.querySelector('#pdf-canvas')!.getBoundingClientRect().width]);
  await expect.poll(async () => Math.abs((await widths()).reduce((a, b) => a - b))).toBeLessThanOrEqual(1);
  const area = (await widths())[0]!;

  await page.locator('#page-number').fill('4');
  await page.locator('#page-number').press('Enter');
  await expectPage(page, 4);
  // Keys act wherever the focus is, but in a field.
  await page.locator('#prev-page').focus();
  await page.keyboard.press('ArrowLeft');
  await expectPage(page, 3);
  await page.keyboard.press('PageDown');
  await expectPage(page, 4);
  await page.keyboard.press('PageDown');
  await page.keyboard.press('PageDown');
  await expectPage(page, 5);
  await expect(page.locator('#next-page')).toBeDisabled();

  await expect(page.locator('#zoom-level')).toHaveText('100%');
  // From the keyboard: on a phone the offline banner may cover the button.
  await page.locator('#zoom-in').press('Enter');
  await expect(page.locator('#zoom-level')).toHaveText('125%');
  await page.keyboard.press('+');
  await expect(page.locator('#zoom-level')).toHaveText('156%');
  await page.keyboard.press('-');
  await expect(page.locator('#zoom-level')).toHaveText('125%');
  await expect(page.locator('.pdf-sheet')).toHaveAttribute('data-rendered', '5@1.25');
  const zoomed = await page.locator('#pdf-canvas').evaluate((c) => c.getBoundingClientRect().width);
  expect(Math.abs(zoomed - area * 1.25)).toBeLessThanOrEqual(1);

  // Ctrl+F goes to the find field; the word is on page 4 only, and marked there.
  await page.keyboard.press('Control+f');
  await expect(page.locator('#pdf-find')).toBeFocused();
  await page.keyboard.type('ELEPHANT');
  await page.keyboard.press('Enter');
  await expectPage(page, 4);
  await expect(page.locator('#find-status')).toHaveText('Found on page 4 (1 of 1 page)');
  await expect(page.locator('.textLayer .highlight')).toHaveText('Here is the elephant.');
  await page.locator('#pdf-find').fill('giraffe');
  await page.locator('#pdf-find').press('Enter');
  await expect(page.locator('#find-status')).toHaveText('Not found');

  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);

  // Zoom and page come back with the book.
  await page.reload();
  await expectPage(page, 4);
  await expect(page.locator('#zoom-level')).toHaveText('125%');
});

test('a damaged file says why, in the reader’s language, and links the source', async ({ page }) => {
  await saveFromBookPage(page, DAMAGED);
  await page.locator('a.open-saved').click();
  await expect(page.locator('#reader-problem')).toHaveText('यो फाइल बिग्रिएको छ वा ठीक PDF होइन, त्यसैले खोल्न सकिएन।');
  await expect(page.locator('a.open-source')).toHaveAttribute('href', `${site.url}/test-pdf/damaged.pdf`);
});

test('an opaque file and a book with nothing saved say why, in English, and link the source', async ({ page }) => {
  await english(page);
  await saveFromBookPage(page, OPAQUE);
  await page.locator('a.open-saved').click();
  await expect(page.locator('#reader-problem')).toHaveText('This PDF is on another site that does not let the app read the file, so it cannot be opened here.');
  await expect(page.locator('a.open-source')).toHaveAttribute('href', `${elsewhere.url}/opaque.pdf`);

  await page.goto(`${site.url}/#/books/read/cehrd-learning-g9-science-9010`);
  await expect(page.locator('#reader-problem')).toHaveText('This book’s PDF is not saved on this device. Save it from the book’s page.');
  await expect(page.locator('a.book-page')).toBeVisible();
});
