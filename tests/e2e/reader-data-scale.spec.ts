// The reader's data at scale and the numbers a reader types (issue 36), in the browser on the
// suite's shared build, in Nepali at 360×640:
// - 10^6 bookmarks: a clean refusal naming the part and the count, nothing written; 150,000 (the
//   most a file holds): written in batches, the screen counting them, the renderers under 500 MB;
// - a file that would set the market's source asks first; "keep" leaves the source as it was and
//   imports the rest, "use" sets it;
// - the price-alert and portfolio forms take Devanagari digits (a Nepali keyboard) and refuse
//   1e308, 1e-320, negatives and text with a message in Nepali; nothing reads "१e+,३०८".

import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Browser, type BrowserContext, expect as baseExpect, type Page, test } from '@playwright/test';
import { serveSwitchable, type Switchable } from '../../harness/http.ts';
import { openApp, stored } from './helpers.ts';
import { type RendererPeak, watchRenderers } from './renderer-memory.ts';
import { PHONE } from './screens.ts';
import { ALL_DIST } from '../../harness/variant.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const expect = baseExpect.configure({ timeout: 60_000 });
test.describe.configure({ timeout: 300_000 });
test.use({ viewport: PHONE });

let app: Switchable;
test.beforeAll(async () => {
  app = await serveSwitchable(ALL_DIST);
});
test.afterAll(() => app.close());

const SYMBOL = 'ADBL';

async function phone(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: PHONE, serviceWorkers: 'allow' });
  const page = await context.newPage();
  await openApp(page, app.url, '#/');
  return { context, page };
}

const dataFile = (parts: Record<string, unknown>) =>
  Buffer.from(
    JSON.stringify({
      format: 'khoj-reader-data',
      version: 1,
      exportedAt: '2026-01-01T00:00:00Z',
      app: 'x',
      parts: { bookmarks: [], history: [], shelves: [], positions: [], watchlist: [], portfolio: { transactions: [] }, settings: {}, ...parts },
    }),
  );
/** `n` bookmarks; short Latin words keep a million under the file's size limit, so its count is what refuses it. */
const bookmarks = (n: number, stem = 'शब्द') => Array.from({ length: n }, (_, i) => ({ word: `${stem}${i}`, at: i }));

/**
 * Chooses the file as a reader does, from a path on disk: handed over as a buffer, Playwright
 * would carry its bytes through the page's own memory (base64 over the protocol), which is not
 * the app's cost.
 */
async function importFile(page: Page, name: string, buffer: Buffer, { watchProgress = false } = {}): Promise<void> {
  await page.goto(`${app.url}/#/data`);
  // Every text the progress line shows, kept as it changes (it may come and go between two looks).
  if (watchProgress)
    await page.evaluate(() => {
      const seen: string[] = ((window as unknown as { progressSeen: string[] }).progressSeen = []);
      new MutationObserver(() => {
        const text = document.querySelector('#data-progress')?.textContent?.trim();
        if (text && seen.at(-1) !== text) seen.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
  const dir = join(ROOT, `.e2e/reader-data-scale-${test.info().parallelIndex}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, name), buffer);
  await page.locator('#data-import').setInputFiles(join(dir, name));
}

/** The bookmarks stored: 0 when the database or its store is not there yet (never creating it). */
const countBookmarks = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((ok, fail) => {
        const open = indexedDB.open('khoj-user');
        open.onupgradeneeded = () => open.transaction!.abort();
        open.onerror = () => (open.error?.name === 'AbortError' ? ok(0) : fail(open.error));
        open.onsuccess = () => {
          const d = open.result;
          if (!d.objectStoreNames.contains('bookmarks')) return (d.close(), ok(0));
          const req = d.transaction('bookmarks').objectStore('bookmarks').count();
          req.onsuccess = () => (d.close(), ok(req.result));
          req.onerror = () => (d.close(), fail(req.error));
        };
      }),
  );

test('10^6 bookmarks are refused by their count; 150,000 are written in batches with the count shown; the renderers stay under 500 MB', async ({ browser }) => {
  const watch = await watchRenderers(browser);
  const { context, page } = await phone(browser);
  let peak: RendererPeak | undefined;
  try {
    await importFile(page, 'million.json', dataFile({ bookmarks: bookmarks(1_000_000, 'w') }));
    await expect(page.locator('#data-error li')).toHaveText('million.json: parts.bookmarks: १०,००,००० वटा पङ्क्ति, एउटा फाइलमा हुनसक्ने १,५०,००० भन्दा बढी');
    expect(await countBookmarks(page)).toBe(0);
    console.log(`10^6 bookmarks refused: renderer peak so far ${watch.now()} MB`);

    await importFile(page, 'most.json', dataFile({ bookmarks: bookmarks(150_000) }), { watchProgress: true });
    await expect(page.locator('#data-summary li[data-part="bookmarks"]')).toHaveAttribute('data-added', '150000');
    // The count while it wrote: a batch at a time.
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
    expect(seen).toContain('१,५०,००० मध्ये २,००० लेखियो');
    expect(seen.at(-1)).toBe('१,५०,००० मध्ये १,५०,००० लेखियो');
    expect(await countBookmarks(page)).toBe(150_000);
  } finally {
    peak = await watch.stop();
    await context.close();
    console.log(`reader data at scale: renderer peak ${peak.peakMb} MB${peak.killed.length ? ' (killed past 1.5 GB)' : ''}`);
  }
  expect(peak.killed).toEqual([]);
  expect(peak.peakMb).toBeLessThan(500);
});

test('a file that would change the market’s source asks first: kept, the rest imported; used, the source set', async ({ browser }) => {
  const { context, page } = await phone(browser);
  const file = dataFile({ bookmarks: [{ word: 'किरण', at: 1 }], settings: { market: { upstream: 'https://importer.example/yonepse', layout: 'auto' } } });
  await importFile(page, 'source.json', file);
  await expect(page.locator('#data-ask')).toBeVisible();
  await expect(page.locator('#data-ask-source')).toHaveText('https://importer.example/yonepse');
  // Nothing written while the question stands.
  expect(await countBookmarks(page)).toBe(0);
  await page.locator('#data-source-keep').click();
  await expect(page.locator('#data-summary li[data-part="bookmarks"]')).toHaveAttribute('data-added', '1');
  expect(await stored(page, 'khoj-market', 'meta', 'settings')).toBeUndefined();

  await importFile(page, 'source.json', file);
  await page.locator('#data-source-use').click();
  await expect(page.locator('#data-summary li[data-part="settings"]')).toHaveAttribute('data-added', '1');
  expect(await stored(page, 'khoj-market', 'meta', 'settings')).toEqual({ upstream: 'https://importer.example/yonepse', layout: 'auto' });
  await context.close();
});

test('the alert and portfolio forms take Devanagari digits and refuse absurd values with a message in Nepali', async ({ browser }) => {
  const { context, page } = await phone(browser);
  await page.goto(`${app.url}/#/market/symbol/${SYMBOL}`);
  const level = page.locator('#alert-level');
  const message = page.locator('#alert-message');
  for (const absurd of ['1e308', '1e-320', '-5', 'abc', `0.${'0'.repeat(319)}1`]) {
    await level.fill(absurd);
    await page.locator('#alert-set').click();
    await expect(message).toHaveText('रु. ०.०१ देखि १,००,००,००० सम्मको मूल्य अङ्कमा लेख्नुहोस्');
  }
  await level.fill('१,२५०.५');
  await page.locator('#alert-set').click();
  await expect(message).toContainText('१,२५०.५०');
  await page.goto(`${app.url}/#/market/alerts`);
  await expect(page.locator(`[data-alert="${SYMBOL}:above:1250.5"]`)).toContainText('१,२५०.५०');
  await expect(page.locator('main')).not.toContainText('e+');

  await page.goto(`${app.url}/#/market/portfolio`);
  await page.locator('#tx-kind').selectOption('buy');
  await page.locator('#tx-date').fill('2025-01-10');
  await page.locator('#tx-symbol').fill(SYMBOL);
  await page.locator('#tx-quantity').fill('1e308');
  await page.locator('#tx-price').fill('५००');
  await page.locator('#tx-add').click();
  await expect(page.locator('#portfolio-message')).toHaveText('सेयर सङ्ख्या: ० देखि १,००,००,००,००० सम्मको सङ्ख्या अङ्कमा लेख्नुहोस्');
  await page.locator('#tx-quantity').fill('१००');
  await page.locator('#tx-add').click();
  await expect(page.locator(`.holding[data-symbol="${SYMBOL}"] .quantity`)).toHaveText('१००');
  // A split of 0 would zero the holding: refused.
  await page.locator('#tx-kind').selectOption('split');
  await page.locator('#tx-symbol').fill(SYMBOL);
  await page.locator('#tx-ratio').fill('०');
  await page.locator('#tx-add').click();
  await expect(page.locator('#portfolio-message')).toHaveText('अनुपात (नयाँ सेयर प्रति पुरानो): ०.०००१ देखि १,००० सम्मको सङ्ख्या अङ्कमा लेख्नुहोस्');
  await expect(page.locator(`.holding[data-symbol="${SYMBOL}"] .quantity`)).toHaveText('१००');
  await context.close();
});
