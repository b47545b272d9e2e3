// The dictionary in a real Chromium with its service worker: online, offline, saved whole.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Switchable } from '../../harness/http.ts';
import { askWorker } from '../../harness/ask-worker.ts';
import { dist, expectEntry, openApp, pageFetch, start, workerStatus } from './helpers.ts';
import { E2E_BUILD_A, E2E_BUILD_B } from '../../harness/variant.ts';

let server: Switchable;
test.beforeEach(async () => {
  server = await start();
});
test.afterEach(async () => {
  await server.close();
});

test('installs, says it is ready offline, and looks a word up by letter', async ({ page, context }) => {
  await openApp(page, server.url);
  await expect(page.locator('#ready-banner')).toBeVisible();
  // Chromium's own verdict on installability (manifest, icons, service worker).
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: Array<{ errorId: string }> };
  // Playwright's contexts are incognito, which Chromium reports as such; nothing else may be wrong.
  expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
  const letters = page.locator('.letters a');
  expect(await letters.count()).toBeGreaterThanOrEqual(30);
  await page.locator('.letters a', { hasText: 'क' }).first().click();
  await expect(page.locator('.letter-words h1')).toContainText('क');
  const first = page.locator('.virtual li a').first();
  const word = (await first.textContent())!;
  await first.click();
  await expectEntry(page, word);
  // Grammar labels expand to their full form on demand.
  const label = page.locator('.grammar .label-button').first();
  if (await label.isEnabled()) {
    await label.click();
    await expect(page.locator('.grammar .expanded').first()).not.toBeEmpty();
  }
});

test("an entry keeps the source's sense numbers, in Devanagari, and counts in Devanagari in Nepali", async ({ page }) => {
  await openApp(page, server.url, `#/word/${encodeURIComponent('खोज')}`);
  await expectEntry(page, 'खोज');
  await expect(page.locator('article.entry .senses .sense-n')).toHaveText(['१.', '२.']);
  // The printed number is not repeated in the text.
  await expect(page.locator('article.entry .senses li').first()).not.toContainText('१. १.');
  await page.goto(`${server.url}/#/`);
  await expect(page.locator('ul.letters small').first()).toHaveText(/^[०-९,]+$/);
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('ul.letters small').first()).toHaveText(/^[0-9,]+$/);
});

test('searches as you type and opens the word', async ({ page }) => {
  await openApp(page, server.url);
  await page.locator('#search-input').pressSequentially('किर');
  await expect(page.locator('#results a', { hasText: 'किरण' })).toBeVisible();
  await page.locator('#results a', { hasText: 'किरण' }).click();
  await expectEntry(page, 'किरण');
  expect(page.url()).toContain(`#/word/${encodeURIComponent('किरण')}`);
});

test('finds words typed in roman letters, tolerates spelling, and searches meanings of saved words', async ({ page }) => {
  await openApp(page, server.url);
  const input = page.locator('#search-input');
  for (const [typed, word] of [
    ['kiran', 'किरण'],
    ['namaste', 'नमस्ते'],
    ['pani', 'पानी'],
    ['किरन', 'किरण'],
    ['दु:ख', 'दु:ख'],
  ] as const) {
    await input.fill('');
    await input.pressSequentially(typed);
    await expect(page.locator('#results')).toHaveAttribute('data-q', typed);
    const top3 = (await page.locator('#results a').allTextContents()).slice(0, 3);
    expect(top3, typed).toContain(word);
  }
  // Meanings: only what is saved on the device is searched, and the page says how much.
  await page.goto(`${server.url}/#/saved`);
  await page.locator('#save-all').click();
  await expect(page.locator('#save-done')).toBeVisible({ timeout: 30_000 });
  await page.goto(`${server.url}/#/search?q=${encodeURIComponent('जल')}&in=meanings`);
  await expect(page.locator('#results a', { hasText: 'पानी' })).toBeVisible();
});

test("a word opens from its chunk, found by the manifest's word ranges; its chunk and letter file are kept", async ({ page }) => {
  await openApp(page, server.url);
  await page.goto(`${server.url}/#/word/${encodeURIComponent('किरण')}`);
  await expectEntry(page, 'किरण');
  // The word's chunk and then its letter file are kept. (Which is fetched first is not asserted: the
  // first visit's background save of this small sample dictionary races the lookup.)
  await expect.poll(async () => (await workerStatus(page)).paths).toContain('words-by-letter/क.json');
  expect((await workerStatus(page)).paths.some((p) => p.startsWith('chunks/'))).toBe(true);
  // A word outside every chunk's range, and one inside a range but not in its chunk: not in the dictionary.
  for (const missing of ['ऀ', 'किरणज़']) {
    await page.goto(`${server.url}/#/word/${encodeURIComponent(missing)}`);
    await expect(page.locator('article.entry h1')).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: /यो शब्द शब्दकोशमा छैन|This word is not in the dictionary/ })).toBeVisible();
  }
});

test('offline: words already looked up still open, after a reload and by deep link', async ({ page, context }) => {
  await openApp(page, server.url, `#/word/${encodeURIComponent('किरण')}`);
  await expectEntry(page, 'किरण');
  await page.goto(`${server.url}/#/word/${encodeURIComponent('पानी')}`);
  await expectEntry(page, 'पानी');
  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('#offline-banner')).toBeVisible();
  await expectEntry(page, 'पानी');
  await page.goto(`${server.url}/#/word/${encodeURIComponent('किरण')}`);
  await expectEntry(page, 'किरण');
  const stored = await pageFetch(page, `api/v1/words-by-letter/${encodeURIComponent('क')}.json`);
  expect(stored.status).toBe(200);
  expect(stored.source).toBe('idb');
});

test('save the whole dictionary, then look up any word offline', async ({ page, context }) => {
  await openApp(page, server.url, '#/saved');
  await page.locator('#save-all').click();
  await expect(page.locator('#save-done')).toBeVisible({ timeout: 30_000 });
  const status = await workerStatus(page);
  expect(status.files).toBeGreaterThanOrEqual(50);
  await context.setOffline(true);
  for (const word of ['ॐ', 'हिमाल', 'ज्ञान', 'र्\u200Dयाल', 'दु:ख']) {
    await page.goto(`${server.url}/#/word/${encodeURIComponent(word)}`);
    await expectEntry(page, word);
  }
  const letters = await pageFetch(page, 'api/v1/letters.json');
  expect(letters.source).toBe('idb');
});

test('answers missing letters and chunks with a JSON 404, online and offline', async ({ page, context }) => {
  await openApp(page, server.url);
  await pageFetch(page, 'api/v1/manifest.json');
  for (const offline of [false, true]) {
    await context.setOffline(offline);
    const bad = await pageFetch(page, 'api/v1/chunks/12.json');
    expect(bad).toMatchObject({ status: 404, body: { error: 'chunk id "12" is not exactly four digits', status: 404 } });
    const absent = await pageFetch(page, 'api/v1/chunks/9999.json');
    expect(absent).toMatchObject({ status: 404, body: { status: 404 } });
    const letter = await pageFetch(page, `api/v1/words-by-letter/${encodeURIComponent('ऴ')}.json`);
    expect(letter).toMatchObject({ status: 404, body: { error: 'no words start with the letter "ऴ"' } });
  }
});

test("a new app version waits, is announced, and loads on the reader's word", async ({ page }) => {
  await openApp(page, server.url);
  expect((await workerStatus(page)).build).toBe(E2E_BUILD_A);
  server.use(dist('dist-b'));
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
  await expect(page.locator('#update-banner')).toBeVisible();
  // Still the old version until the reader says so.
  expect((await workerStatus(page)).build).toBe(E2E_BUILD_A);
  await Promise.all([page.waitForEvent('load'), page.locator('#update-reload').click()]);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  expect((await workerStatus(page)).build).toBe(E2E_BUILD_B);
});

test('a new dictionary build replaces the old one whole, and stored words stay offline', async ({ page, context }) => {
  await openApp(page, server.url, `#/word/${encodeURIComponent('किरण')}`);
  await expectEntry(page, 'किरण');
  // The files read before the worker took control are read again and kept, beside the sample saved at install.
  const ka = (await pageFetch(page, `api/v1/words-by-letter/${encodeURIComponent('क')}.json`)).body as { words: Array<{ word: string; path: string }> };
  // The install-time sample (core/dictionary/offline.ts DICTIONARY_SAMPLE_PATHS) may still be saving: its meaning index too.
  const wanted = ['sample.json', 'chunks/0000.json', 'meanings/index.json', 'pack.json', 'sizes.json', ka.words.find((w) => w.word === 'किरण')!.path];
  await expect
    .poll(async () => {
      const { paths } = await workerStatus(page);
      return wanted.filter((p) => !paths.includes(p));
    })
    .toEqual([]);
  const before = await workerStatus(page);
  expect(before.version).toBe('2026-01-01T00:00:00Z');
  server.use(dist('dist-a-data-b'));
  await askWorker(page, 'dictionary-check', {}, 30_000);
  await expect.poll(async () => (await workerStatus(page)).version).toBe('2026-02-01T00:00:00Z');
  const after = await workerStatus(page);
  // Every file kept, but Khoj's own sizes.json: the app's build writes it, and this new data build
  // (data B put in app A's folder) has none, so it is not carried over (sw/dictionary/versions.ts).
  expect(existsSync(join(dist('dist-a-data-b'), 'api/v1/sizes.json'))).toBe(false);
  expect(after.paths.sort()).toEqual(before.paths.filter((p) => p !== 'sizes.json').sort());
  await context.setOffline(true);
  await page.reload();
  await expectEntry(page, 'किरण');
  const letters = (await pageFetch(page, 'api/v1/letters.json')).body as { generatedAt: string };
  expect(letters.generatedAt).toBe('2026-02-01T00:00:00Z');
});
