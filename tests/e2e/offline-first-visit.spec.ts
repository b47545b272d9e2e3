// Offline by default (docs/service-worker.md): a reader visits only the home page, the worker gets ready, the
// network goes away, and everything the "ready offline" banner promises works: the textbook
// catalog and a book's page, the market's home, the dictionary's sample words, and search over
// every word. A word that was not saved says so in the reader's language, with one tap to save
// it (or the whole dictionary).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import type { ChunkFile, Manifest } from '../../src/core/dictionary/types.ts';
import { BOOKS_SHELL } from '../../src/app/books/section-strings.ts';
import { DICTIONARY_SHELL } from '../../src/app/dictionary/section-strings.ts';
import { MARKET_SHELL } from '../../src/app/market/section-strings.ts';
import { STRINGS } from '../../src/app/i18n.ts';
import { DICTIONARY_STRINGS } from '../../src/app/dictionary/strings.ts';
import { count, digits } from '../../src/core/digits.ts';
import { PACK_INDEX, type PackIndexFile } from '../../src/core/dictionary/pack/files.ts';
import { sizeText } from '../../src/core/size-text.ts';
import { serve, type Served } from '../../harness/http.ts';
import { expectEntry } from './helpers.ts';
import { ALL_DIST } from '../../harness/variant.ts';

const ne = { ...STRINGS.ne, ...DICTIONARY_STRINGS.ne };

let site: Served;
let dist: string;
const json = <T>(rel: string): T => JSON.parse(readFileSync(join(dist, rel), 'utf8')) as T;

test.beforeAll(() => {
  // All three sections' sample data, as `npm run build` ships it.
  dist = ALL_DIST;
});
test.beforeEach(async () => {
  site = await serve(dist);
});
test.afterEach(async () => {
  await site.close();
});

/** The first install's saving is over (on this loaded 2-core machine it can take a while): the banner lists what is saved. */
async function savedAtInstall(page: Page): Promise<void> {
  await expect(page.locator('#ready-banner')).not.toContainText(ne.offline.saving, { timeout: 60_000 });
}

test('after one visit to the home page, what the banner promises works offline', async ({ page, context }) => {
  test.setTimeout(120_000);
  const manifest = json<Manifest>('api/v1/manifest.json');
  expect(manifest.chunks.length).toBeGreaterThan(1);
  const sample = json<ChunkFile>(`api/v1/${manifest.chunks[0]!.path}`).entries.map((e) => e.word);
  const unsaved = json<ChunkFile>(`api/v1/${manifest.chunks[1]!.path}`).entries[0]!.word;
  const catalog = json<{ books: Array<{ id: string; title: string }> }>('api/books/catalog.json');
  const book = catalog.books[0]!;

  // The home page only; nothing else is opened while online.
  await page.goto(`${site.url}/`);
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller);
  await savedAtInstall(page);
  const banner = page.locator('#ready-banner');
  // The banner names, per section, what is now on the device.
  await expect(banner.locator('[data-section="books"]')).toContainText(BOOKS_SHELL.ne.offline(count(catalog.books.length, 'ne')));
  await expect(banner.locator('[data-section="market"]')).toContainText(MARKET_SHELL.ne.offline);
  // Search over every word, and how many entries are saved: numbers, not a ✓.
  const entries = manifest.chunks.reduce((n, c) => n + c.count, 0);
  await expect(banner.locator('[data-section="dictionary"]')).toHaveText(
    DICTIONARY_SHELL.ne.search(count(manifest.chunks[0]!.count, 'ne'), count(entries, 'ne')),
  );
  // Not the blanket promise it used to make.
  await expect(banner).not.toContainText('अब इन्टरनेटबिना पनि चल्छ');
  // The whole dictionary is asked about once, with what it takes to download (its pack, as sent,
  // never the files' UTF-8 size), and the size of the word list saved without asking.
  const pack = json<PackIndexFile>(`api/v1/${PACK_INDEX}`);
  await expect(page.locator('#save-dictionary-ask')).toContainText(`${digits(sizeText(pack.bytes), 'ne')} डाउनलोड`);
  await expect(page.locator('#save-dictionary-ask')).toContainText(/खोज अब इन्टरनेटबिना पनि चल्छ \([०-९.]+ (KB|MB) डाउनलोड भयो\)/);

  await context.setOffline(true);

  // Textbooks: the catalog and a book's page.
  await page.goto(`${site.url}/#/books`);
  await expect(page.locator('.grades a').first()).toBeVisible();
  await page.goto(`${site.url}/#/books/book/${encodeURIComponent(book.id)}`);
  await expect(page.locator('article.book h1')).toHaveText(book.title);

  // Market: the home screen from the saved snapshot.
  await page.goto(`${site.url}/#/market`);
  await expect(page.locator('.market-home .indices li').first()).toBeVisible();
  await expect(page.locator('.market-home [role="alert"]')).toHaveCount(0);

  // Dictionary: the letters and the sample words.
  await page.goto(`${site.url}/#/`);
  await expect(page.locator('.letters a').first()).toBeVisible();
  for (const word of [sample[0]!, sample[Math.floor(sample.length / 2)]!, sample.at(-1)!]) {
    await page.goto(`${site.url}/#/word/${encodeURIComponent(word)}`);
    await expectEntry(page, word);
  }

  // A word not saved: said so in Nepali, with the way to save it; never a developer string.
  await page.goto(`${site.url}/#/word/${encodeURIComponent(unsaved)}`);
  const notSaved = page.locator('#not-saved');
  await expect(notSaved).toContainText(ne.notSaved.word);
  await expect(notSaved.locator('a#not-saved-action')).toHaveText(ne.notSaved.action);
  await expect(page.locator('main')).not.toContainText(/offline,|HTTP|not stored|saved on this device/i);
  await notSaved.locator('a#not-saved-action').click();
  await expect(page.locator('#save-all')).toBeVisible();

  // Search offline finds every word, saved or not (the headword list was saved at the first visit).
  await page.goto(`${site.url}/#/search?q=${encodeURIComponent(unsaved)}`);
  await expect(page.locator('#results a').first()).toHaveText(unsaved);
  await expect(page.locator('#search-not-saved')).toHaveCount(0);
  // Its entry is not saved: one tap asks for this word alone, fetched when the connection is back.
  await page.locator('#results a').first().click();
  await expect(notSaved).toContainText(ne.notSaved.word);
  await notSaved.locator('#not-saved-one').click();
  await expect(page.locator('#not-saved-queued')).toHaveText(ne.notSaved.wordQueued);
  await context.setOffline(false);
  await page.evaluate(() => dispatchEvent(new Event('online')));
  await expect.poll(() => page.evaluate(() => localStorage.getItem('khoj.dictionary.wanted'))).toBeNull();
  await context.setOffline(true);
  await page.reload();
  await expectEntry(page, unsaved);
});

test('the whole dictionary: asked once with its size, the answer remembered; yes saves it', async ({ page }) => {
  await page.goto(`${site.url}/`);
  await savedAtInstall(page);
  const ask = page.locator('#save-dictionary-ask');
  await expect(ask).toContainText(/[०-९.]+ (KB|MB) डाउनलोड, यन्त्रमा करिब [०-९.]+ (KB|MB)/);
  await expect(ask).not.toContainText(ne.metered);
  await page.locator('#save-dictionary-yes').click();
  // Straight to the save, which runs to the end.
  await expect(page.locator('#save-done')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('khoj.dictionary.saveWhole'))).toBe('yes');
  await page.goto(`${site.url}/#/`);
  await page.reload();
  await expect(page.locator('.banners')).toHaveAttribute('data-offline-status', 'known');
  await expect(ask).toHaveCount(0);
});

test('on a metered connection (Save-Data) nothing large starts without the reader\u2019s word', async ({ page }) => {
  // Chromium's NetworkInformation, as with the browser's data saver on.
  await page.addInitScript(() =>
    Object.defineProperty((self as unknown as { NetworkInformation: { prototype: object } }).NetworkInformation.prototype, 'saveData', { get: () => true }),
  );
  await page.goto(`${site.url}/`);
  await savedAtInstall(page);
  const ask = page.locator('#save-dictionary-ask');
  await expect(ask).toContainText(ne.metered);
  // "Not now" is remembered: not asked again.
  await page.locator('#save-dictionary-no').click();
  await expect(ask).toHaveCount(0);
  await page.reload();
  await expect(page.locator('.banners')).toHaveAttribute('data-offline-status', 'known');
  await expect(ask).toHaveCount(0);
  // A "yes" given earlier does not resume by itself on Save-Data; the button does.
  await page.evaluate(() => localStorage.setItem('khoj.dictionary.saveWhole', 'yes'));
  await page.goto(`${site.url}/#/saved`);
  await expect(page.locator('#save-all')).toBeVisible();
  await expect(page.locator('#save-progress')).toHaveCount(0);
  await expect(page.locator('#save-done')).toHaveCount(0);
  await page.locator('#save-all').click();
  await expect(page.locator('#save-done')).toBeVisible();
});

test('a page opened offline, even one the browser says is online, asks the worker what is saved, not to save', async ({ page, context }) => {
  test.setTimeout(120_000);
  await page.goto(`${site.url}/`);
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller);
  await savedAtInstall(page);
  await context.setOffline(true);
  // What each new page asks the worker, in order (core/rpc/ask.ts posts { rpc: 'ask', type }); and
  // navigator.onLine true, as Chromium sometimes starts a page answered by the worker offline
  // (seen in bench/tap.ts's cold starts), and as lie-fi and captive portals do.
  await context.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'onLine', { get: () => true, configurable: true });
    const asked: string[] = ((window as unknown as { __asked: string[] }).__asked = []);
    const post = ServiceWorker.prototype.postMessage;
    ServiceWorker.prototype.postMessage = function (this: ServiceWorker, message: unknown, ...rest: unknown[]) {
      const m = message as { rpc?: string; type?: string } | null;
      if (m?.rpc === 'ask' && m.type) asked.push(m.type);
      return (post as (...a: unknown[]) => void).call(this, message, ...rest);
    } as typeof post;
  });
  const second = await context.newPage();
  await second.goto(`${site.url}/`);
  await expect(second.locator('ul.letters a').first()).toBeVisible();
  // The page's own check (client/online.ts) found it offline, and the status has come.
  await expect(second.locator('#offline-banner')).toBeVisible();
  await expect(second.locator('.banners')).toHaveAttribute('data-offline-status', 'known');
  const asked = await second.evaluate(() => (window as unknown as { __asked: string[] }).__asked);
  // Asking it to save would have the worker try the network for every section's small part, for
  // nothing, while it should be answering the next page's files.
  expect(asked).not.toContain('offline-save');
});
