// Every word of a book one long press from its meaning (issue 34), on a phone (360×640, real touch
// events through CDP), offline, with the sample dictionary and with the full-size one (the shared
// dump generator's 123,363 headwords): in a Devanagari EPUB and in a PDF set in the legacy font
// Preeti (made here: Liberation Sans embedded under the name "QKXHRS+Preeti", its text Preeti's
// Latin keys, so pdf.js's text layer gives Latin letters and a Preeti font name). A long press on a
// word opens the dictionary's sheet over the page; an inflected word opens its stem (घरमा → घर,
// गर्दैछ → गर्नु); closing the sheet (a tap, ✕, Escape) leaves the reader where it was (chapter and
// scroll, page, zoom and scroll); edge taps still turn and a tap in the middle still shows the bars.
// Last, the sheet over the reader at 320, 360 and 412 px, in Nepali and English, light and dark.

import { cpSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { type CDPSession, expect as baseExpect, type Page, test } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { recordFiles } from '../../src/core/books/files.ts';
import { legacyToUnicode } from '../../src/core/dictionary/legacy-font.ts';
import { appHandler } from '../../src/server/app.ts';
import { writeCatalog } from '../helpers/catalog-file.ts';
import { makeEpub } from '../helpers/epub.ts';
import { fullSizeBooksDist } from '../helpers/full-size-books.ts';
import { listen, type Served } from '../../harness/http.ts';
import { hasSharedData } from '../../harness/shared-data.ts';
import { openApp } from './helpers.ts';
import { ALL_DIST } from '../../harness/variant.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const PDF_BOOK = 'cehrd-learning-g5-social-studies-9006';
const EPUB_BOOK = 'khoj-tap-lookup-epub';
const W = 360;
const H = 640;
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 300_000 });
test.use({ viewport: { width: W, height: H }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

/** The words pressed, as the book has them, and the headword each opens. */
const WORDS = [
  { word: 'घरमा', head: 'घर' },
  { word: 'नेपाल', head: 'नेपाल' },
  { word: 'गर्दैछ', head: 'गर्नु' },
];
/** The same words as a Preeti typist keys them (each converted back in the test below). */
const PREETI = { घरमा: '3/df', नेपाल: 'g]kfn', गर्दैछ: 'u/\\b}5' } as Record<string, string>;
const PDF_PAGES = 3;

const filler = (n: number) => `<p>अनुच्छेद ${n}: यो पाठ केटाकेटीले पढ्ने सानो कथा हो, एउटा गाउँको र त्यहाँका मानिसको।</p>`;
const EPUB = makeEpub('पढ्ने पुस्तक', [
  {
    title: 'पहिलो पाठ',
    lang: 'ne',
    body: `<h2>पहिलो पाठ</h2>${Array.from({ length: 14 }, (_, i) => filler(i + 1)).join('')}<p id="words">मेरो घरमा आमा काम गर्दैछ। नेपाल सुन्दर देश हो।</p>${Array.from({ length: 30 }, (_, i) => filler(i + 15)).join('')}`,
  },
  { title: 'दोस्रो पाठ', lang: 'ne', body: '<h2>दोस्रो पाठ</h2><p>अर्को पाठ।</p>' },
]);

async function makePdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  // A Latin font under a legacy font's name, as a PDF set in Preeti names its subset.
  const font = await pdf.embedFont(readFileSync(join(ROOT, 'node_modules/pdfjs-dist/standard_fonts/LiberationSans-Regular.ttf')), {
    subset: true,
    customName: 'QKXHRS+Preeti',
  });
  for (let i = 1; i <= PDF_PAGES; i++) {
    const p = pdf.addPage([420, 595]);
    // पाठ n (page n), then the words to press on page 2
    p.drawText(`kf7 ${'!@#'[i - 1]}`, { x: 40, y: 530, size: 30, font });
    if (i === 2) {
      p.drawText(`d]/f] ${PREETI['घरमा']} cfdf sfd`, { x: 40, y: 460, size: 30, font });
      p.drawText(`${PREETI['गर्दैछ']} . ${PREETI['नेपाल']} ;'Gb/ b]z xf] .`, { x: 40, y: 400, size: 30, font });
    }
  }
  return Buffer.from(await pdf.save());
}

/** A copy of `dist` with the PDF record's file moved here and an EPUB record, served with both files. */
async function siteFor(dist: string, name: string, pdf: Buffer): Promise<Served> {
  const dir = join(ROOT, `.e2e/books/dist-tap-${name}-${test.info().parallelIndex}`);
  cpSync(dist, dir, { recursive: true });
  const catalog = JSON.parse(readFileSync(join(dir, 'api/books/catalog.json'), 'utf8')) as { books: Array<Record<string, unknown>> };
  for (const b of catalog.books) if (b.id === PDF_BOOK) b.pdfUrl = '/test-files/legacy.pdf';
  const epub: Record<string, unknown> = { ...catalog.books[0]!, id: EPUB_BOOK, title: 'Tap to look up', downloadUrl: ['/test-files/book.epub'], pdfUrl: null };
  epub.files = recordFiles(epub);
  catalog.books.push(epub);
  writeCatalog(dir, catalog);
  const app = appHandler(dir);
  const files: Record<string, [Buffer, string]> = {
    '/test-files/legacy.pdf': [pdf, 'application/pdf'],
    '/test-files/book.epub': [EPUB, 'application/epub+zip'],
  };
  return listen((req, res) => {
    const file = files[new URL(req.url ?? '/', 'http://x').pathname];
    if (!file) return void app(req, res);
    res.writeHead(200, { 'Content-Type': file[1], 'Content-Length': file[0].length }).end(file[0]);
  });
}

async function touch(cdp: CDPSession, steps: Array<[number, number]>): Promise<void> {
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: steps[0]![0], y: steps[0]![1] }] });
  for (const [x, y] of steps.slice(1)) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}
const tap = (cdp: CDPSession, x: number, y: number) => touch(cdp, [[x, y]]);

/** A finger held on the point until the sheet is open, then lifted. */
async function longPress(page: Page, cdp: CDPSession, at: { x: number; y: number }): Promise<void> {
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at] });
  await expect(page.locator('#lookup-sheet')).toBeVisible();
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/** Where `word` stands on screen: the middle of its first whole occurrence in the EPUB's chapter or the PDF's text layer. */
function wordAt(page: Page, word: string, where: 'epub' | 'pdf'): Promise<{ x: number; y: number; top: number; bottom: number } | null> {
  return page.evaluate(
    ([w, where]) => {
      const root = where === 'epub' ? document.querySelector('#epub-page')!.shadowRoot! : document.querySelector('.textLayer')!;
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const text = n.textContent ?? '';
        // a whole word: spaces or a danda around it
        const m = new RegExp(`(^|\\s)${w.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&')}(?=$|[\\s।])`).exec(text);
        if (!m) continue;
        const i = m.index + m[1]!.length;
        const r = document.createRange();
        r.setStart(n, i);
        r.setEnd(n, i + w.length);
        const b = r.getBoundingClientRect();
        return { x: b.left + b.width / 2, y: b.top + b.height / 2, top: b.top, bottom: b.bottom };
      }
      return null;
    },
    [word, where] as const,
  );
}

/** Where the reader is: what closing the sheet must leave as it was. */
const place = (page: Page) =>
  page.evaluate(() => {
    const view = document.querySelector('.reader-view')!;
    const scroller = document.querySelector('.pdf-scroller');
    return {
      bars: document.querySelector('.reader')!.getAttribute('data-bars'),
      top: view.scrollTop,
      chapter: document.querySelector('#epub-page')?.getAttribute('data-chapter') ?? null,
      shown: document.querySelector('.pdf-sheet')?.getAttribute('data-shown') ?? null,
      scroll: scroller ? [scroller.scrollLeft, scroller.scrollTop] : null,
    };
  });

async function open(page: Page, url: string, id: string): Promise<void> {
  // English unless a test has chosen (the phones' test sets each language before its reload).
  await page.addInitScript(() => localStorage.getItem('khoj.lang') ?? localStorage.setItem('khoj.lang', 'en'));
  await openApp(page, url, `#/books/book/${id}`);
  await page.locator('button.save-pdf').click();
  await expect(page.locator('.pdf-saved')).toBeVisible();
  // The headwords' entries on the device, as a reader who has met them online has them.
  for (const { head } of WORDS) {
    await page.goto(`${url}/#/word/${encodeURIComponent(head)}`);
    await expect(page.locator('article.entry h1')).toHaveText(head);
  }
}

/** The sheet shows `head`'s entry, and says which word was pressed when that was another form. */
async function expectSheet(page: Page, { word, head }: { word: string; head: string }): Promise<void> {
  const sheet = page.locator('#lookup-sheet');
  await expect(sheet.locator('h2')).toHaveText(`Meaning of the word: ${head}`);
  await expect(sheet.locator('ol.senses li').first()).not.toBeEmpty();
  if (word === head) await expect(sheet.locator('#lookup-from')).toHaveCount(0);
  else await expect(sheet.locator('#lookup-from')).toContainText(word);
}

test.describe('the sheet over the reader on phones', () => {
  let site: Served;
  test.beforeAll(async () => {
    site = await siteFor(ALL_DIST, 'phones', await makePdf());
  });
  test.afterAll(async () => {
    await site?.close();
  });

  test('at 320, 360 and 412 px, in Nepali and English, light and dark: whole, within the screen, over the page', async ({ page, context }, info) => {
    await open(page, site.url, EPUB_BOOK);
    await context.setOffline(true);
    const cdp = await context.newCDPSession(page);
    for (const [width, height] of [
      [320, 568],
      [360, 640],
      [412, 915],
    ] as const)
      for (const lang of ['ne', 'en'] as const)
        for (const theme of ['light', 'dark'] as const) {
          const name = `${width}-${lang}-${theme}`;
          await page.setViewportSize({ width, height });
          await page.emulateMedia({ colorScheme: theme });
          await page.evaluate((l) => localStorage.setItem('khoj.lang', l), lang);
          await page.goto(`${site.url}/#/books/epub/${EPUB_BOOK}`);
          await page.reload();
          await expect(page.locator('#epub-page')).toHaveAttribute('data-chapter', '1');
          await page.evaluate(() => {
            const p = document.querySelector('#epub-page')!.shadowRoot!.getElementById('words')!;
            document.querySelector('.reader-view')!.scrollTop += p.getBoundingClientRect().top - 120;
          });
          await longPress(page, cdp, (await wordAt(page, 'घरमा', 'epub'))!);
          const sheet = page.locator('#lookup-sheet');
          await expect(sheet.locator('ol.senses li').first()).toBeVisible();
          await expect(sheet.locator('#lookup-from'), name).toHaveText(lang === 'ne' ? '“घरमा” को मूल शब्द' : 'The dictionary form of “घरमा”');
          await expect(page.locator('#lookup-close'), name).toHaveAttribute('aria-label', lang === 'ne' ? 'बन्द गर्नुहोस्' : 'Close');
          const fit = await page.evaluate(() => {
            const box = (s: string) => document.querySelector(s)!.getBoundingClientRect();
            const sheet = box('#lookup-sheet');
            const close = box('#lookup-close');
            const h2 = document.querySelector('#lookup-h')!;
            const at = document.elementFromPoint(close.left + close.width / 2, close.top + close.height / 2);
            return {
              width: screen.width,
              sheet: [sheet.left, sheet.right, sheet.bottom],
              close: [close.left, close.right, close.width, close.height],
              // the close button is what a finger meets there: the sheet lies over the reader
              closeOnTop: !!at?.closest('#lookup-close'),
              headingFits: h2.scrollWidth <= h2.clientWidth + 1,
              pageWide: document.documentElement.scrollWidth,
              // the sheet takes no more than half the screen: the words above it stay readable
              share: sheet.height / innerHeight,
            };
          });
          expect(fit.width, name).toBe(width);
          expect(fit.sheet[0], name).toBeGreaterThanOrEqual(0);
          expect(fit.sheet[1], name).toBeLessThanOrEqual(width);
          expect(fit.sheet[2], name).toBeLessThanOrEqual(height + 0.5);
          expect(fit.close[1], name).toBeLessThanOrEqual(width);
          expect(Math.min(fit.close[2]!, fit.close[3]!), name).toBeGreaterThanOrEqual(44);
          expect(fit.closeOnTop, name).toBe(true);
          expect(fit.headingFits, name).toBe(true);
          expect(fit.pageWide, name).toBeLessThanOrEqual(width);
          expect(fit.share, name).toBeLessThanOrEqual(0.5);
          await page.screenshot({ path: info.outputPath(`sheet-${name}.png`) });
          await page.keyboard.press('Escape');
          await expect(sheet).toHaveCount(0);
        }
  });
});

for (const size of ['sample', 'full-size'] as const) {
  test.describe(`${size} dictionary`, () => {
    let site: Served;
    test.beforeAll(async () => {
      test.skip(size === 'full-size' && !hasSharedData, 'the real headword list or the dump generator is missing (printed above)');
      // The full-size build, once: the dump (kept in .cache/dumps), the data, the app (kept in .e2e/).
      test.setTimeout(1_200_000);
      site = await siteFor(size === 'sample' ? ALL_DIST : fullSizeBooksDist(), size, await makePdf());
    });
    test.afterAll(async () => {
      await site?.close();
    });

    test('EPUB: a long press on a word opens its meaning offline, an inflected word its stem; the chapter stays where it was; taps still turn and show the bars', async ({
      page,
      context,
    }) => {
      await open(page, site.url, EPUB_BOOK);
      await context.setOffline(true);
      await page.goto(`${site.url}/#/books/epub/${EPUB_BOOK}`);
      await expect(page.locator('#epub-page')).toHaveAttribute('data-chapter', '1');
      const cdp = await context.newCDPSession(page);

      // A tap on the right edge turns a screen and hides the bars.
      const before = await place(page);
      await tap(cdp, W - 20, H / 2);
      await expect.poll(async () => (await place(page)).top).toBeGreaterThan(before.top);
      await expect(page.locator('.reader')).toHaveAttribute('data-bars', 'hidden');
      // The paragraph with the words in the upper half of the screen (the sheet takes the lower).
      await page.evaluate(() => {
        const p = document.querySelector('#epub-page')!.shadowRoot!.getElementById('words')!;
        const view = document.querySelector('.reader-view')!;
        view.scrollTop += p.getBoundingClientRect().top - 120;
      });

      const closers = [async () => tap(cdp, W / 2, 60), async () => page.locator('#lookup-close').click(), async () => page.keyboard.press('Escape')];
      for (const [i, w] of WORDS.entries()) {
        const at = await place(page);
        const box = (await wordAt(page, w.word, 'epub'))!;
        expect(box, w.word).not.toBeNull();
        await longPress(page, cdp, box);
        await expectSheet(page, w);
        // Lifting the finger was no tap: the bars stay hidden, the chapter where it was.
        expect(await place(page)).toEqual(at);
        await closers[i]!();
        await expect(page.locator('#lookup-sheet')).toHaveCount(0);
        expect(await place(page), `closed by ${['a tap', '✕', 'Escape'][i]}`).toEqual(at);
      }

      // The bars come back with a tap in the middle, and an edge still turns.
      await tap(cdp, W / 2, H / 2);
      await expect(page.locator('.reader')).toHaveAttribute('data-bars', 'shown');
      const at = await place(page);
      await tap(cdp, W - 20, H / 2);
      await expect.poll(async () => (await place(page)).top).toBeGreaterThan(at.top);
    });

    test('PDF in Preeti: a long press on a word of the text layer opens its meaning offline; the page and zoom stay; taps still turn and show the bars', async ({
      page,
      context,
    }) => {
      // The words the PDF holds, read back through the table the app uses.
      for (const w of WORDS) expect(legacyToUnicode(PREETI[w.word]!)).toBe(w.word);
      await open(page, site.url, PDF_BOOK);
      await context.setOffline(true);
      await page.goto(`${site.url}/#/books/read/${PDF_BOOK}`);
      await expect(page.locator('.pdf-sheet')).toHaveAttribute('data-rendered', /^1@/);
      const cdp = await context.newCDPSession(page);

      // An edge tap turns to page 2; its text layer is Latin letters, marked as Preeti.
      await tap(cdp, W - 20, H / 2);
      await expect(page.locator('.pdf-sheet')).toHaveAttribute('data-rendered', /^2@/);
      await expect(page.locator('.textLayer')).toContainText(PREETI['नेपाल']!);
      await expect(page.locator('.textLayer')).not.toHaveAttribute('data-legacy-pieces', '0');
      expect(await page.locator('.textLayer [data-legacy="preeti"]').count()).toBeGreaterThan(0);

      // Zoomed in by a double tap on the first line of words: the reader keeps that zoom and scroll.
      const first = (await wordAt(page, PREETI['घरमा']!, 'pdf'))!;
      await tap(cdp, W / 2, first.y);
      await tap(cdp, W / 2, first.y);
      await expect(page.locator('.pdf-sheet')).toHaveAttribute('data-rendered', /^2@2$/);

      const closers = [async () => tap(cdp, W / 2, 60), async () => page.locator('#lookup-close').click(), async () => page.keyboard.press('Escape')];
      for (const [i, w] of WORDS.entries()) {
        let box = (await wordAt(page, PREETI[w.word]!, 'pdf'))!;
        expect(box, w.word).not.toBeNull();
        // Into the upper half of the screen, as a reader would pan the zoomed page there.
        await page.evaluate(
          ([dx, dy]) => {
            const s = document.querySelector('.pdf-scroller')!;
            s.scrollLeft += dx!;
            s.scrollTop += dy!;
          },
          [box.x - W / 2, box.top - 120],
        );
        box = (await wordAt(page, PREETI[w.word]!, 'pdf'))!;
        const at = await place(page);
        await longPress(page, cdp, box);
        await expectSheet(page, w);
        expect(await place(page)).toEqual(at);
        await closers[i]!();
        await expect(page.locator('#lookup-sheet')).toHaveCount(0);
        expect(await place(page), `closed by ${['a tap', '✕', 'Escape'][i]}`).toEqual(at);
      }
      await expect(page.locator('#pdf-canvas')).toHaveAttribute('aria-label', `Page 2 of ${PDF_PAGES}`);

      // The bars come back with a tap in the middle, and an edge still turns.
      await tap(cdp, W / 2, H / 2);
      await expect(page.locator('.reader')).toHaveAttribute('data-bars', 'shown');
      await tap(cdp, W - 20, H / 2);
      await expect(page.locator('.pdf-sheet')).toHaveAttribute('data-rendered', /^3@/);
    });
  });
}
