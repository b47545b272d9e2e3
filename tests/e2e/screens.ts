// Every screen of the app, for the accessibility and screenshot specs: the hash that opens it
// and a name for reports and file names. The app is the sample build with all three sections
// (the same build the CSP spec uses, made once per run).

import { expect, type Page } from '@playwright/test';
import { ALL_DIST } from '../../harness/variant.ts';

export const allSectionsApp = (): string => ALL_DIST;

const enc = encodeURIComponent;
export const SCREENS: Array<{ name: string; hash: string }> = [
  { name: 'dictionary-home', hash: '#/' },
  { name: 'dictionary-letter', hash: `#/letter/${enc('क')}` },
  { name: 'dictionary-word', hash: `#/word/${enc('विद्यालय')}` },
  { name: 'dictionary-search', hash: `#/search?q=${enc('विद्या')}` },
  { name: 'dictionary-search-meanings', hash: `#/search?q=${enc('पढ्ने')}&in=meanings` },
  { name: 'dictionary-saved', hash: '#/saved' },
  { name: 'books-home', hash: '#/books' },
  { name: 'books-grade', hash: '#/books/grade/5' },
  { name: 'books-list', hash: '#/books/list?grade=5' },
  { name: 'books-book', hash: '#/books/book/cehrd-learning-g5-social-studies-9006' },
  { name: 'books-downloads', hash: '#/books/downloads' },
  { name: 'books-shelves', hash: '#/books/shelves' },
  // The PDF reader with nothing saved (it says so); books-reader.spec.ts runs axe on an open PDF.
  { name: 'books-reader', hash: '#/books/read/cehrd-learning-g5-social-studies-9006' },
  { name: 'market-home', hash: '#/market' },
  { name: 'market-prices', hash: '#/market/prices' },
  { name: 'market-symbol', hash: '#/market/symbol/ADBL' },
  { name: 'market-watchlist', hash: '#/market/watchlist' },
  { name: 'market-alerts', hash: '#/market/alerts' },
  { name: 'market-news', hash: '#/market/news' },
  { name: 'market-ipo', hash: '#/market/ipo' },
  { name: 'market-dividends', hash: '#/market/dividends' },
  { name: 'market-brokers', hash: '#/market/brokers' },
  { name: 'market-settings', hash: '#/market/settings' },
  // Export and import of the reader's data (src/app/data/).
  { name: 'your-data', hash: '#/data' },
  // What this phone keeps: sizes, deletes, the data saver (src/app/storage/).
  { name: 'storage', hash: '#/storage' },
  // Share to another phone: make or open a content pack (src/app/packs/).
  { name: 'packs', hash: '#/packs' },
];

export const PHONE = { width: 360, height: 640 };

/** Opens a screen and waits until it has drawn its content: its heading shown, nothing loading. */
export async function showScreen(page: Page, base: string, hash: string): Promise<void> {
  await page.goto(`${base}/${hash}`);
  await expect(page.locator('main h1'), hash).toBeVisible();
  await expect(page.locator('main [aria-busy="true"]'), hash).toHaveCount(0);
  // Search results answered (a search in meanings in full: it fetches its files first).
  await expect(page.locator('#results[data-q=""], .meaning-results[data-complete="no"]'), hash).toHaveCount(0, { timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  // Web fonts in place, so what is measured (contrast, sizes) is what a reader sees.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}
