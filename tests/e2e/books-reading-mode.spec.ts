// The readers' reading mode on a phone (issue 33), with real touch events (CDP
// Input.dispatchTouchEvent) at 360×640: the page fills the screen and nothing of the app's
// header or the bars is left on it while reading (no slivers); a tap in the middle brings the
// bars back and hides them; taps on the edges and swipes turn; a double tap and a pinch zoom
// the PDF; Escape and the arrow keys still work; night mode darkens the PDF's page and the
// EPUB's text and is remembered; axe finds nothing serious with the bars up or down.

import { cpSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type CDPSession, expect as baseExpect, type Page, test } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { recordFiles } from '../../src/core/books/files.ts';
import { appHandler } from '../../src/server/app.ts';
import { writeCatalog } from '../helpers/catalog-file.ts';
import { makeEpub } from '../helpers/epub.ts';
import { listen, type Served } from '../../harness/http.ts';
import { openApp } from './helpers.ts';
import { ALL_DIST } from '../../harness/variant.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const PDF_BOOK = 'cehrd-learning-g5-social-studies-9006';
const EPUB_BOOK = 'khoj-reading-mode-epub';
const PAGES = 4;
const W = 360;
const H = 640;
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });
test.use({ viewport: { width: W, height: H }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

async function makePdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= PAGES; i++) {
    // A5, the shape of a school textbook's page.
    const p = pdf.addPage([420, 595]);
    p.drawText(`Page ${i} of the test book`, { x: 40, y: 540, size: 22, font });
  }
  return Buffer.from(await pdf.save());
}

const para = (n: number) => `<p>Paragraph ${n} of the first chapter, long enough to wrap over a line or two on a phone's screen.</p>`;
const EPUB = makeEpub('Reading mode', [
  { title: 'One', body: `<h2>One</h2>${Array.from({ length: 40 }, (_, i) => para(i + 1)).join('')}` },
  { title: 'दुई', lang: 'ne', body: '<h2>दुई</h2><p id="ne" style="color: #000; background: #fff">हिमालको काखमा एउटा सानो गाउँ थियो।</p>' },
]);

let site: Served;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const pdf = await makePdf();
  const dir = join(ROOT, `.e2e/books/dist-reading-${test.info().parallelIndex}`);
  cpSync(ALL_DIST, dir, { recursive: true });
  const catalog = JSON.parse(readFileSync(join(dir, 'api/books/catalog.json'), 'utf8')) as { books: Array<Record<string, unknown>> };
  for (const b of catalog.books) if (b.id === PDF_BOOK) b.pdfUrl = '/test-files/book.pdf';
  const epub: Record<string, unknown> = { ...catalog.books[0]!, id: EPUB_BOOK, title: 'Reading mode', downloadUrl: ['/test-files/book.epub'], pdfUrl: null };
  epub.files = recordFiles(epub);
  catalog.books.push(epub);
  writeCatalog(dir, catalog);
  const app = appHandler(dir);
  const files: Record<string, [Buffer, string]> = { '/test-files/book.pdf': [pdf, 'application/pdf'], '/test-files/book.epub': [EPUB, 'application/epub+zip'] };
  site = await listen((req, res) => {
    const file = files[new URL(req.url ?? '/', 'http://x').pathname];
    if (!file) return void app(req, res);
    res.writeHead(200, { 'Content-Type': file[1], 'Content-Length': file[0].length }).end(file[0]);
  });
});

test.afterAll(async () => {
  await site.close();
});

/** A touch gesture: each step is the fingers' positions (one or two), from down to up. */
async function touch(cdp: CDPSession, steps: Array<Array<[number, number]>>): Promise<void> {
  const points = (s: Array<[number, number]>) => s.map(([x, y], id) => ({ x, y, id }));
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: points(steps[0]!) });
  for (const s of steps.slice(1)) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: points(s) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}
const tap = (cdp: CDPSession, x: number, y: number) => touch(cdp, [[[x, y]]]);
/** A quick horizontal swipe across the middle of the screen. */
const swipe = (cdp: CDPSession, from: number, to: number) =>
  touch(
    cdp,
    Array.from({ length: 6 }, (_, i) => [[from + ((to - from) * i) / 5, H / 2 + i]]),
  );

async function open(page: Page, id: string, route: 'read' | 'epub'): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('khoj.lang', 'en'));
  await openApp(page, site.url, `#/books/book/${id}`);
  // The book page's one save button saves the PDF, or the EPUB when it has no PDF.
  await page.locator('button.save-pdf').click();
  await expect(page.locator('.pdf-saved')).toBeVisible();
  await page.goto(`${site.url}/#/books/${route}/${id}`);
}

async function expectPage(page: Page, n: number): Promise<void> {
  await expect(page.locator('#pdf-canvas')).toHaveAttribute('aria-label', `Page ${n} of ${PAGES}`);
  await expect(page.locator('.pdf-sheet')).toHaveAttribute('data-rendered', new RegExp(`^${n}@`));
  await expect(page.locator('.textLayer')).toContainText(`Page ${n} of the test book`);
}

/** What of the screen's height each part takes, and whether anything of the bars or the app's header is left on screen. */
const layout = (page: Page) =>
  page.evaluate(() => {
    const box = (s: string) => document.querySelector(s)?.getBoundingClientRect();
    const onScreen = (r: DOMRect | undefined) =>
      !!r && r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth;
    const view = box('.reader-view')!;
    return {
      bars: document.querySelector('.reader')!.getAttribute('data-bars'),
      view: Math.min(view.bottom, innerHeight) - Math.max(view.top, 0),
      height: innerHeight,
      header: onScreen(box('header.top')),
      sections: onScreen(box('.sections-nav')),
      top: onScreen(box('.reader-top')),
      bottom: onScreen(box('.reader-bottom')),
      // What a finger meets across the middle of the screen: the page, never a bar.
      hits: [0.1, 0.3, 0.5, 0.7, 0.9].map((f) => document.elementFromPoint(innerWidth / 2, innerHeight * f)?.closest('.reader-view, .reader-bar')?.className),
    };
  });

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('PDF: the page fills the screen, the bars hide and come back with a tap, taps and swipes turn, double tap and pinch zoom, night mode', async ({
  page,
  context,
}) => {
  await open(page, PDF_BOOK, 'read');
  await expectPage(page, 1);
  const cdp = await context.newCDPSession(page);

  // Opened: the bars are up, over the page; the app's own header and section bar are gone.
  let at = await layout(page);
  expect(at).toMatchObject({ bars: 'shown', header: false, sections: false, top: true, bottom: true });
  expect(await seriousViolations(page)).toEqual([]);

  // A tap in the middle: reading. The page's surface is the whole screen, nothing of the bars on it.
  await tap(cdp, W / 2, H / 2);
  await expect(page.locator('.reader')).toHaveAttribute('data-bars', 'hidden');
  await expect.poll(async () => (await layout(page)).top).toBe(false);
  at = await layout(page);
  expect(at).toMatchObject({ header: false, sections: false, top: false, bottom: false });
  expect(at.view / at.height).toBeGreaterThanOrEqual(0.9);
  expect(at.hits).toEqual(Array(5).fill('reader-view'));
  // The page drawn as wide as the screen.
  expect(await page.locator('#pdf-canvas').evaluate((c) => Math.round(c.getBoundingClientRect().width))).toBe(W);
  expect(await seriousViolations(page)).toEqual([]);

  // Turning: a tap on the right edge, a swipe to the left, a swipe to the right, a tap on the left edge.
  await tap(cdp, W - 20, H / 2);
  await expectPage(page, 2);
  await swipe(cdp, W - 60, 60);
  await expectPage(page, 3);
  await swipe(cdp, 60, W - 60);
  await expectPage(page, 2);
  await tap(cdp, 20, H / 2);
  await expectPage(page, 1);
  await expect(page.locator('.reader')).toHaveAttribute('data-bars', 'hidden');

  // A double tap zooms in where it was, another back to the width of the screen.
  await tap(cdp, W / 2, H / 2);
  await tap(cdp, W / 2, H / 2);
  await expect(page.locator('#zoom-level')).toHaveText('200%');
  await expect(page.locator('.pdf-sheet')).toHaveAttribute('data-rendered', '1@2');
  await expect(page.locator('.reader')).toHaveAttribute('data-bars', 'hidden');
  await tap(cdp, W / 2, H / 2);
  await tap(cdp, W / 2, H / 2);
  await expect(page.locator('#zoom-level')).toHaveText('100%');
  // Two fingers apart: the page grows by about as much.
  await touch(
    cdp,
    Array.from({ length: 8 }, (_, i) => [
      [W / 2 - 40 - i * 10, H / 2],
      [W / 2 + 40 + i * 10, H / 2],
    ]),
  );
  await expect(page.locator('#zoom-level')).not.toHaveText('100%');
  const pinched = Number((await page.locator('#zoom-level').innerText()).replace('%', ''));
  expect(pinched).toBeGreaterThan(150);
  await page.keyboard.press('Escape');
  await expect(page.locator('.reader')).toHaveAttribute('data-bars', 'shown');
  await page.locator('#zoom-fit').click();
  await expect(page.locator('#zoom-level')).toHaveText('100%');

  // Keys: → turns and the bars go; Escape brings them back, and takes them away again.
  await page.locator('.reader-view').focus();
  await page.keyboard.press('ArrowRight');
  await expectPage(page, 2);
  await expect(page.locator('.reader')).toHaveAttribute('data-bars', 'hidden');
  await page.keyboard.press('Escape');
  await expect(page.locator('.reader')).toHaveAttribute('data-bars', 'shown');
  await page.keyboard.press('Escape');
  await expect(page.locator('.reader')).toHaveAttribute('data-bars', 'hidden');
  // The button with the page number brings the bars back too.
  await page.locator('.reader-where').click();
  await expect(page.locator('.reader')).toHaveAttribute('data-bars', 'shown');

  // Night mode: the page's canvas turned dark, remembered on the device.
  const night = page.locator('.reader-night');
  await expect(night).toHaveAttribute('aria-pressed', 'false');
  await night.click();
  await expect(night).toHaveAttribute('aria-pressed', 'true');
  expect(await page.locator('#pdf-canvas').evaluate((c) => getComputedStyle(c).filter)).toContain('invert');
  expect(await seriousViolations(page)).toEqual([]);
  await page.reload();
  await expectPage(page, 2);
  await expect(page.locator('.reader')).toHaveClass(/\bnight\b/);
  await expect(page.locator('.reader-night')).toHaveAttribute('aria-pressed', 'true');

  // Leaving the reader gives the app its header back.
  await page.locator('.reader a.book-page').click();
  await expect(page.locator('header.top')).toBeVisible();
  await expect(page.locator('.sections-nav')).toBeVisible();
});

test('EPUB: the text fills the screen, a tap on an edge turns a screen and then the chapter, night mode over the book’s own colours', async ({
  page,
  context,
}) => {
  await open(page, EPUB_BOOK, 'epub');
  await expect(page.locator('#epub-page')).toHaveAttribute('data-chapter', '1');
  const cdp = await context.newCDPSession(page);
  const top = () => page.locator('.reader-view').evaluate((v) => v.scrollTop);

  await tap(cdp, W / 2, H / 2);
  await expect(page.locator('.reader')).toHaveAttribute('data-bars', 'hidden');
  await expect.poll(async () => (await layout(page)).bottom).toBe(false);
  const at = await layout(page);
  expect(at).toMatchObject({ header: false, sections: false, top: false });
  expect(at.view / at.height).toBeGreaterThanOrEqual(0.9);
  expect(await seriousViolations(page)).toEqual([]);

  // A tap on the right edge: the next screen of the chapter, the last lines kept in view.
  await tap(cdp, W - 20, H / 2);
  await expect.poll(top).toBeGreaterThan(H * 0.7);
  const first = await top();
  expect(first).toBeLessThan(H);
  await swipe(cdp, W - 60, 60);
  await expect.poll(top).toBeGreaterThan(first + H * 0.7);
  await tap(cdp, 20, H / 2);
  await expect.poll(top).toBeLessThan(first + 2);
  // On to the end of the chapter; one more turn is the next chapter.
  for (let i = 0; i < 30 && (await page.locator('#epub-page').getAttribute('data-chapter')) === '1'; i++) await tap(cdp, W - 20, H / 2);
  await expect(page.locator('#epub-page')).toHaveAttribute('data-chapter', '2');
  await expect(page.locator('#chapter-status')).toHaveText('Chapter 2 of 2');

  // Night mode: the book's black-on-white paragraph takes the reader's light text on dark.
  const colour = () => page.locator('#epub-page').evaluate((h) => getComputedStyle(h.shadowRoot!.getElementById('ne')!).color);
  const day = await colour();
  await page.keyboard.press('Escape');
  await page.locator('.reader-night').click();
  await expect.poll(colour).not.toBe(day);
  const [r, g, b] = (await colour()).match(/\d+/g)!.map(Number) as [number, number, number];
  expect(r + g + b).toBeGreaterThan(450);
  expect(await seriousViolations(page)).toEqual([]);

  // ←: the chapter before.
  await page.locator('.reader-view').focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page.locator('#epub-page')).toHaveAttribute('data-chapter', '1');
});
