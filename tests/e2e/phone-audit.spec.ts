// The phone audit (issue 33): every screen of the three sections as a person holding a phone meets
// it, at 320×568, 360×640 and 412×915 with touch, in Nepali and English, light and dark, with what a
// reader has open: the first visit's notices and the one question unanswered, a search with results,
// the sample's PDF and EPUB saved and open in their readers, its audio lessons, a portfolio, a
// watchlist and an alert, a book's technical details, a failed import. Each view is checked inside the page (tests/e2e/audit.ts: the
// page no wider than the device, no two controls drawn over each other, fixed bars on the screen, no
// text cut in a control, no English or Latin digits in the Nepali interface, no "[object Object]",
// tap targets of 24 and 44 px; and nothing drawn over a heading, a first item or a button).
//
// One context per width (the worker installs and saves once); each screen is opened once and seen in
// both languages and both schemes in place (the language button, the colour scheme emulated), as a
// phone's settings change them. The widths run side by side on the two workers.
// Screenshots of every view: .cache/phone-audit/<width>x<height>/<screen>-<lang>-<scheme>.png (and <screen>-offline.png at 360).
// KHOJ_SCREENSHOTS=1 also writes the README's three (docs/screenshots/readme-*.png, 360×640).

import { type Browser, type CDPSession, expect, type Page, test } from '@playwright/test';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serve, type Served } from '../../harness/http.ts';
import { auditView, coveredElements } from './audit.ts';
import { SCREENS, showScreen } from './screens.ts';
import { ALL_DIST } from '../../harness/variant.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const SHOTS = join(ROOT, '.cache/phone-audit');
const README_SHOTS = process.env.KHOJ_SCREENSHOTS === '1' ? join(ROOT, 'docs/screenshots') : undefined;
const SIZES = [
  { width: 320, height: 568 },
  { width: 360, height: 640 },
  { width: 412, height: 915 },
];
// The sample catalog's own files, which the app serves itself (data-build/books/sample/make-files.ts):
// a Nepali reader (PDF), a story (EPUB), a collection of question papers, an audio lesson.
const PDF_BOOK = 'cdc-np-5-nepali';
const EPUB_BOOK = 'pustakalaya-5a3e0c1e-0000-4000-8000-000000000115';
const PAPERS = 'pustakalaya-5a3e0c1e-0000-4000-8000-000000000112';
const LESSON = 'cehrd-learning-g3-hamro-serofero-9004';

// Latin letters the Nepali interface may show: names and abbreviations a Nepali reader meets as they
// are, the market's symbols (read from the build below), and the file formats.
const ALLOW = ['NEPSE', 'PDF', 'EPUB', 'KB', 'MB', 'GB', 'CSV', 'JSON', 'URL', 'NAV', 'YoBook', 'MeroShare', 'API', 'ISBN'];

// The main controls: 44×44 (the rest 24×24).
const MAIN = [
  '.sections-nav a',
  'input[type="search"]',
  '.letters a',
  '.grades a',
  '.banners button',
  '.section-banner button',
  '#prev-page',
  '#next-page',
].join(', ');

const enc = encodeURIComponent;
/** A view: a screen in a state. `then` runs after the screen is shown (a tap, a file chosen). */
interface View {
  name: string;
  hash: string;
  then?: (page: Page) => Promise<void>;
  /** what shows the view is ready, beyond showScreen's heading */
  ready?: string;
}
const VIEWS: View[] = [
  ...SCREENS.filter((s) => s.name !== 'books-reader'),
  { name: 'market-portfolio', hash: '#/market/portfolio' },
  { name: 'market-history', hash: '#/market/history' },
  { name: 'books-search', hash: `#/books/list?q=${enc('गणित')}` },
  { name: 'books-epub-book', hash: `#/books/book/${EPUB_BOOK}` },
  { name: 'books-papers', hash: `#/books/book/${PAPERS}`, ready: '#file-list li' },
  { name: 'books-lesson', hash: `#/books/book/${LESSON}`, ready: '#file-list li' },
  { name: 'books-pdf', hash: `#/books/read/${PDF_BOOK}`, ready: '.pdf-sheet[data-rendered]' },
  { name: 'books-epub', hash: `#/books/epub/${EPUB_BOOK}`, ready: '#epub-page h2' },
  { name: 'books-audio', hash: '#/books/audio', ready: '#gradewise-h' },
  {
    name: 'books-audio-lessons',
    hash: '#/books/audio',
    then: async (page) => {
      await page.locator('main a[href*="subject="]').first().click();
      await expect(page.locator('#playlist li').first()).toBeVisible();
    },
  },
  {
    name: 'your-data-error',
    hash: '#/data',
    then: async (page) => {
      await page
        .locator('#data-import')
        .setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('{"format":"khoj-reader-data","version":1,"parts":{}}') });
      await expect(page.locator('#data-error')).toBeVisible();
    },
  },
];

/** What the reader has: bookmarks, a shelf, a watchlist, an alert and a portfolio (imported as a reader's data file). */
function readerData(symbols: string[]): Buffer {
  const [a = 'ADBL', b = a] = symbols;
  const at = Date.UTC(2026, 0, 5);
  return Buffer.from(
    JSON.stringify({
      format: 'khoj-reader-data',
      version: 1,
      exportedAt: new Date(at).toISOString(),
      app: 'audit',
      parts: {
        bookmarks: [{ word: 'विद्यालय', at }],
        history: [{ word: 'किरण', at }],
        shelves: [],
        positions: [],
        watchlist: [
          { symbol: a, at },
          { symbol: b, at },
        ],
        alerts: [{ id: `${a}:above:9999`, symbol: a, direction: 'above', level: 9999, lastPrice: null, at }],
        portfolio: { transactions: [{ date: '2025-01-10', symbol: a, kind: 'buy', quantity: 100, price: 500 }] },
        settings: {},
      },
    }),
  );
}

let site: Served;
let symbols: string[] = [];

test.describe.configure({ mode: 'parallel' });

test.beforeAll(async () => {
  site = await serve(ALL_DIST);
  const securities = JSON.parse(readFileSync(join(ALL_DIST, 'data/all_securities.json'), 'utf8')) as unknown;
  symbols = [...JSON.stringify(securities).matchAll(/"symbol":\s*"([^"]+)"/g)].map((m) => m[1]!);
});
test.afterAll(async () => {
  await site?.close();
});

/** The interface's language, switched as the reader does (the header's button), in one round trip: drawn again before it returns. */
async function setLang(page: Page, lang: 'ne' | 'en'): Promise<void> {
  await page.evaluate(async (lang) => {
    const frame = () => new Promise((ok) => requestAnimationFrame(ok));
    if (document.documentElement.lang !== lang) [...document.querySelectorAll<HTMLButtonElement>('header.top .tools button')].pop()!.click();
    for (let i = 0; document.documentElement.lang !== lang; i++) {
      if (i > 300) throw new Error(`the language stayed ${document.documentElement.lang}`);
      await frame();
    }
    await frame();
    await frame();
  }, lang);
}

type Size = { width: number; height: number };
/** Findings, each with the languages and schemes it was seen in. */
type Note = (view: string, how: string, found: string[]) => void;

/** Every check of tests/e2e/audit.ts on the view as it is now. */
const check = (page: Page, size: Size, lang: 'ne' | 'en', scheme: 'light' | 'dark') =>
  page.evaluate(auditView, { lang, dark: scheme === 'dark', height: size.height, allow: [...ALLOW, ...symbols], main: MAIN });

/** A screenshot as the DevTools protocol takes it, encoded for speed (about half the time of page.screenshot here). */
async function shot(page: Page, path: string): Promise<void> {
  const cdp = (cdps.get(page) ?? cdps.set(page, await page.context().newCDPSession(page)).get(page))!;
  const { data } = await cdp.send('Page.captureScreenshot', { format: 'png', optimizeForSpeed: true });
  writeFileSync(path, Buffer.from(data, 'base64'));
}
const cdps = new WeakMap<Page, CDPSession>();

/**
 * A first visit (its first paint checked before the worker is there), then the reader's data
 * imported and the PDF and the EPUB saved: the question and the notices stay unanswered.
 */
async function prepare(browser: Browser, size: Size, note: Note, dir: string) {
  const context = await browser.newContext({ viewport: size, isMobile: true, hasTouch: true, serviceWorkers: 'allow' });
  const page = await context.newPage();
  await page.goto(`${site.url}/#/`);
  await expect(page.locator('#ready-banner')).toBeVisible();
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  note('first-paint', 'ne light', [...(await check(page, size, 'ne', 'light')), ...(await page.evaluate(coveredElements))]);
  await shot(page, join(dir, 'first-paint-ne-light.png'));
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller);
  await expect(page.locator('#save-dictionary-ask')).toBeVisible({ timeout: 30_000 });
  await page.goto(`${site.url}/#/data`);
  await page.locator('#data-import').setInputFiles({ name: 'reader.json', mimeType: 'application/json', buffer: readerData(symbols) });
  await expect(page.locator('#data-summary')).toBeVisible();
  for (const id of [PDF_BOOK, EPUB_BOOK]) {
    await page.goto(`${site.url}/#/books/book/${id}`);
    await page.locator('button.save-pdf').click();
    await expect(page.locator('.pdf-saved')).toBeVisible({ timeout: 30_000 });
  }
  return { context, page };
}

/** Opens a view and waits until it is drawn (the checks open its disclosures while they look; the pictures show them as a reader first does). */
async function open(page: Page, view: View): Promise<void> {
  await showScreen(page, site.url, view.hash);
  if (view.ready) await expect(page.locator(view.ready).first(), view.name).toBeVisible({ timeout: 30_000 });
  await view.then?.(page);
}

for (const size of SIZES) {
  const at = `${size.width}x${size.height}`;
  test(`phone audit at ${at}: every screen, both languages, both schemes`, async ({ browser }) => {
    test.setTimeout(600_000);
    const started = Date.now();
    const dir = join(SHOTS, at);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const failures = new Map<string, string[]>();
    const note: Note = (view, how, found) => {
      for (const f of found) {
        const key = `${view}: ${f}`;
        failures.set(key, [...(failures.get(key) ?? []), how]);
      }
    };
    const { context, page } = await prepare(browser, size, note, dir);
    // Each screen opened once and seen four ways in place; the language and the scheme change as
    // little as they can (ne, en, then en, ne on the next screen).
    let order: Array<'ne' | 'en'> = ['ne', 'en'];
    let schemes: Array<'light' | 'dark'> = ['light', 'dark'];
    let views = 0;
    for (const view of VIEWS) {
      await open(page, view);
      for (const lang of order) {
        await setLang(page, lang);
        for (const scheme of schemes) {
          await page.emulateMedia({ colorScheme: scheme });
          note(view.name, `${lang} ${scheme}`, await check(page, size, lang, scheme));
          await shot(page, join(dir, `${view.name}-${lang}-${scheme}.png`));
          if (README_SHOTS && size.width === 360 && lang === 'ne' && README[view.name] === scheme) await readmeShot(page, view.name, scheme);
          views++;
        }
        schemes = schemes.reverse();
        note(view.name, lang, await page.evaluate(coveredElements));
      }
      order = order.reverse();
    }
    // Offline, at 360 (the notice is one line at every width): it stands in the flow and covers nothing.
    if (size.width === 360) {
      await context.setOffline(true);
      await setLang(page, 'ne');
      await page.emulateMedia({ colorScheme: 'light' });
      for (const view of VIEWS.filter((v) => !v.then)) {
        await open(page, view);
        // A reader open in its reading mode has the page to itself: the app's notices step aside.
        if (!(await page.evaluate(() => document.documentElement.classList.contains('reading'))))
          await expect(page.locator('#offline-banner'), view.name).toBeVisible();
        note(`${view.name} offline`, 'ne light', [...(await check(page, size, 'ne', 'light')), ...(await page.evaluate(coveredElements))]);
        await shot(page, join(dir, `${view.name}-offline.png`));
        views++;
      }
    }
    await context.close();
    console.log(`phone audit ${at}: ${views} views of ${VIEWS.length} screens in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const list = [...failures].map(([what, how]) => `${at} ${what} [${how.join(', ')}]`);
    writeFileSync(join(dir, 'findings.txt'), list.join('\n'));
    expect(list, list.join('\n')).toEqual([]);
  });
}

/** The README's pictures, one per section, Nepali at 360×640 (KHOJ_SCREENSHOTS=1). */
const README: Record<string, 'light' | 'dark'> = { 'dictionary-word': 'light', 'books-grade': 'light', 'market-prices': 'dark' };

async function readmeShot(page: Page, name: string, scheme: 'light' | 'dark'): Promise<void> {
  mkdirSync(README_SHOTS!, { recursive: true });
  // As a reader sees the screen once the first visit's notices are answered, its heading not focused.
  await page.evaluate(() => {
    for (const e of document.querySelectorAll<HTMLElement>('.banners, .section-banner')) e.style.display = 'none';
    (document.activeElement as HTMLElement | null)?.blur();
    scrollTo(0, 0);
  });
  await page.screenshot({ path: join(README_SHOTS!, `readme-${name}-${scheme}.png`), caret: 'hide' });
  await page.evaluate(() => {
    for (const e of document.querySelectorAll<HTMLElement>('.banners, .section-banner')) e.style.display = '';
  });
}
