// A tap on a listed word draws its entry in the render the tap's route change makes, with no
// "loading" in between, when the page holds its chunk (src/core/dictionary/chunk-memory.ts): a
// chunk it read for another word, or one it read ahead for the results on screen (stored copies
// only: reading ahead never downloads). How fast that paints is measured in `npm run bench -- tap`.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { STORED_ONLY_HEADER } from '../../src/core/answer-headers.ts';
import { chunkOf } from '../../src/core/dictionary/chunk-of.ts';
import type { ChunkFile, Manifest } from '../../src/core/dictionary/types.ts';
import { appHandler } from '../../src/server/app.ts';
import { listen, type Served } from '../../harness/http.ts';
import { dist, expectEntry, openApp } from './helpers.ts';

const DIST = dist('dist-a');
const api = (rel: string) => JSON.parse(readFileSync(join(DIST, 'api/v1', rel), 'utf8')) as unknown;
const manifest = () => api('manifest.json') as Manifest;
const chunkWords = (i: number) => (api(manifest().chunks[i]!.path) as ChunkFile).entries.map((e) => e.word);

let site: Served;
/** Every path the site was asked for (by the page, or by its service worker). */
const asked: string[] = [];
test.beforeEach(async () => {
  asked.length = 0;
  const handle = appHandler(DIST);
  site = await listen((req, res) => {
    asked.push(decodeURIComponent(req.url ?? ''));
    void handle(req, res);
  });
});
test.afterEach(async () => {
  await site.close();
});

/** Shows the results for `q`. */
async function search(page: Page, q: string): Promise<void> {
  await page.evaluate((h) => (location.hash = h), `#/search?q=${encodeURIComponent(q)}`);
  await expect(page.locator('#results')).toHaveAttribute('data-q', q);
}

/** Taps the result `word`; whether the screen showed "loading" before its entry. */
async function tap(page: Page, word: string): Promise<boolean> {
  await page.evaluate((w) => {
    const main = document.querySelector('main')!;
    (window as unknown as { shown: Promise<boolean> }).shown = new Promise((ok) => {
      let busy = false;
      const mo = new MutationObserver(() => {
        busy ||= !!main.querySelector('[aria-busy="true"]');
        if (main.querySelector('article.entry h1')?.textContent !== w) return;
        mo.disconnect();
        ok(busy);
      });
      mo.observe(main, { subtree: true, childList: true, characterData: true });
    });
  }, word);
  await page.locator('#results a', { hasText: new RegExp(`^${word}$`) }).click();
  const busy = await page.evaluate(() => (window as unknown as { shown: Promise<boolean> }).shown);
  await expectEntry(page, word);
  return busy;
}

test('a word whose chunk the page has read is drawn without a loading step; another word is looked up', async ({ page }) => {
  const words = chunkWords(2);
  const [first, second] = [words[3]!, words[4]!];
  await openApp(page, site.url, `#/word/${encodeURIComponent(first)}`);
  await expectEntry(page, first);

  await search(page, second);
  expect(await tap(page, second)).toBe(false);
  // The tap opened the entry as a link does: a history entry of its own, and back to the results.
  expect(page.url()).toContain(`#/word/${encodeURIComponent(second)}`);
  await page.goBack();
  await expect(page.locator('#results')).toHaveAttribute('data-q', second);
  await expect(page.locator('article.entry')).toHaveCount(0);

  // The control: a word of a chunk the page has not read shows "loading" until its lookup answers
  // (the results' read-ahead waits for the reader to pause; this tap comes at once).
  const far = chunkWords(4)[5]!;
  expect(chunkOf(manifest().chunks, far)!.path).not.toBe(chunkOf(manifest().chunks, second)!.path);
  await search(page, far);
  expect(await tap(page, far)).toBe(true);
});

test('the results read ahead the chunks stored on the device, and download none', async ({ page, context }) => {
  // The results screen first (the home page would keep the chunk of its word of the day too).
  await openApp(page, site.url, '#/search?q=');
  await expect(page.locator('#search-input')).toBeVisible();
  // A chunk not stored (the worker keeps only the index files and the first chunk at install):
  // asked for stored-only, the worker answers 504 and does not go to the network.
  const chunks = manifest().chunks;
  const target = { c: chunks.at(-2)!, i: chunks.length - 2 };
  expect(asked.filter((p) => p.includes('/chunks/'))).not.toContain(`/api/v1/${target.c.path}`);
  const word = chunkWords(target.i)[7]!;
  const readAhead = page.waitForResponse((r) => r.url().endsWith(target.c.path) && r.request().headers()[STORED_ONLY_HEADER.toLowerCase()] === '1');
  await search(page, word);
  expect((await readAhead).status(), asked.join(' ')).toBe(504);
  expect(asked).not.toContain(`/api/v1/${target.c.path}`);
  // Tapped, it is looked up as before: from the network, with a loading step.
  expect(await tap(page, word)).toBe(true);
  expect(asked).toContain(`/api/v1/${target.c.path}`);

  // Saved whole and offline: a fresh page's results read their chunks ahead, from the store.
  await page.goto(`${site.url}/#/saved`);
  await page.locator('#save-all').click();
  await expect(page.locator('#save-done')).toBeVisible({ timeout: 60_000 });
  await context.setOffline(true);
  await page.reload();
  await page.waitForFunction(() => !!navigator.serviceWorker.controller);
  const other = chunkWords(chunks.length - 3)[9]!;
  const stored = page.waitForResponse((r) => r.url().endsWith(chunkOf(chunks, other)!.path) && r.request().headers()[STORED_ONLY_HEADER.toLowerCase()] === '1');
  await search(page, other);
  expect((await stored).status()).toBe(200);
  await (await stored).finished();
  expect(await tap(page, other)).toBe(false);
});

/** Types `q` into the header's field as one keystroke; the results' query and rows once the keystroke's own task is over (its microtasks run, nothing else: no frame, no message from the worker). */
async function keystroke(page: Page, q: string): Promise<{ q: string | null; rows: string[] }> {
  return page.evaluate(async (text) => {
    const input = document.querySelector<HTMLInputElement>('#search-input')!;
    input.value = text;
    input.dispatchEvent(new Event('input', { bubbles: true }));
    for (let i = 0; i < 50; i++) await null;
    const results = document.querySelector('#results');
    return { q: results?.getAttribute('data-q') ?? null, rows: [...(results?.querySelectorAll('li') ?? [])].map((li) => li.textContent ?? '') };
  }, q);
}

test("a later keystroke's results are on the page in the keystroke's own task, as the worker answers them, and stay", async ({ page }) => {
  // A word of at least four letters; its first two typed, then its third.
  const word = chunkWords(1).find((w) => [...w].length >= 4 && !w.includes(' '))!;
  const [two, three] = [[...word].slice(0, 2).join(''), [...word].slice(0, 3).join('')];
  await openApp(page, site.url, '#/search?q=');
  await expect(page.locator('#search-input')).toBeVisible();
  await page.locator('#search-input').focus();
  await keystroke(page, two);
  await expect(page.locator('#results')).toHaveAttribute('data-q', two);
  // The reader reads the results for a moment: the worker answers the next keys meanwhile.
  await page.waitForTimeout(300);
  const typed = await keystroke(page, three);
  expect(typed.q).toBe(three);
  expect(typed.rows).toContain(word);
  // The worker's own answer, when it comes, is the same: nothing moves.
  await page.waitForTimeout(300);
  expect(await page.locator('#results li').allTextContents()).toEqual(typed.rows);
  // The same query typed fresh on a new page (nothing ahead) gets the same rows from the worker.
  await page.goto(`${site.url}/#/search?q=${encodeURIComponent(three)}`);
  await expect(page.locator('#results')).toHaveAttribute('data-q', three);
  expect(await page.locator('#results li').allTextContents()).toEqual(typed.rows);
});

test("the first keystroke's results are on the page in its own task when the field had the focus a moment before, Devanagari or romanised", async ({
  page,
}) => {
  const word = chunkWords(1)[0]!;
  const letter = String.fromCodePoint(word.codePointAt(0)!);
  for (const first of [letter, 'k']) {
    // The home page, as a reader opens the app; the tap on the field, then a moment before the first key.
    await openApp(page, site.url, '#/');
    await expect(page.locator('#search-input')).toBeVisible();
    await page.locator('#search-input').focus();
    // A second: the worker reads the list and makes the first keys' answers (a loaded machine is slow).
    await page.waitForTimeout(1000);
    const typed = await keystroke(page, first);
    expect(typed.q, first).toBe(first);
    expect(typed.rows.length, first).toBeGreaterThan(0);
    // The worker's own answer, when it comes, is the same: nothing moves.
    await page.waitForTimeout(300);
    expect(await page.locator('#results li').allTextContents()).toEqual(typed.rows);
  }
});
