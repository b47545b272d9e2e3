// Search in meanings (docs/search.md): online it searches the whole dictionary, fetching the meaning
// index's shards and the entries it needs with progress, each result with its matching sense; the
// query is shown; offline it says what is not saved, in the reader's language, until the
// dictionary is saved, and then works.

import { expect, type Page, test } from '@playwright/test';
import { type FaultyServer, serveFaulty } from '../helpers/faulty-server.ts';
import { join } from 'node:path';
import type { MeaningShardFile } from '../../src/core/dictionary/meanings/files.ts';
import type { Manifest } from '../../src/core/dictionary/types.ts';
import { readJson } from '../helpers/tree.ts';
import { dist, openApp, workerStatus } from './helpers.ts';

let server: FaultyServer;
test.beforeEach(async () => {
  server = await serveFaulty(dist('dist-a'));
});
test.afterEach(async () => {
  await server.close();
});

const meanings = (q: string) => `#/search?q=${encodeURIComponent(q)}&in=meanings`;
const results = (page: Page) => page.locator('#results li:not(.pending)');
const done = (page: Page, q: string) => expect(page.locator(`#results[data-complete="yes"][data-q="${q}"]`)).toBeAttached({ timeout: 20_000 });

test('online: the whole dictionary is searched, with progress, the query shown and each matching sense marked', async ({ page }) => {
  await openApp(page, server.url);
  // Entries arrive slowly, as on a phone: the progress shows while they come.
  server.fault = (p) => (p.startsWith('/api/v1/chunks/') ? { delayMs: 700 } : undefined);
  await page.goto(`${server.url}/${meanings('जल')}`);
  await expect(page.locator('h1')).toHaveText('“जल” अर्थमा');
  await expect(page).toHaveTitle(/जल/);
  await expect(page.locator('#meanings-progress progress')).toBeVisible();
  await expect(page.locator('#meanings-progress')).toContainText(/ल्याउँदै: [०-९]+ \/ [०-९]+ फाइल/);
  await done(page, 'जल');
  const water = results(page).filter({ has: page.locator('a', { hasText: /^पानी$/ }) });
  await expect(water).toHaveCount(1);
  await expect(water.locator('.snippet mark')).toHaveText(['जल']);
  await expect(page.locator('#meanings-progress')).toContainText(/[०-९]+ शब्दका अर्थमा भेटियो/);
  // What it fetched was the meaning index's shard for ज and the chunks of the results, not every chunk.
  const fetched = new Set(server.log.filter((p) => p.startsWith('/api/v1/chunks/')));
  expect(server.log).toContain('/api/v1/meanings/091c.json');
  expect(fetched.size).toBeGreaterThan(0);
  expect(fetched.size).toBeLessThan(readJson<Manifest>(join(dist('dist-a'), 'api/v1'), 'manifest.json').chunkCount);
  // …and the worker stored it, as it stores every file it answers.
  expect((await workerStatus(page)).paths).toContain('meanings/091c.json');
});

test('romanised; typed in the header, the query stays in meanings; more results on asking', async ({ page }) => {
  await openApp(page, server.url, meanings('paanii'));
  await done(page, 'paanii');
  await expect(page.locator('#searched-as')).toContainText('पानी');
  await expect(results(page).first()).toBeVisible();
  // Typing in the header's field refines the search in meanings, never leaks into the word search.
  const input = page.locator('#search-input');
  await input.fill('');
  await input.pressSequentially('र');
  await done(page, 'र');
  expect(page.url()).toContain('in=meanings');
  await expect(results(page)).toHaveCount(20);
  await page.locator('#more-results').click();
  await expect.poll(() => results(page).count()).toBeGreaterThan(20);
  await done(page, 'र');
  // Every result holds the word it was found by, marked (र itself, or a word beginning with it while typing).
  for (const mark of await page.locator('#results .snippet mark').allTextContents()) expect(mark.startsWith('र')).toBe(true);
  // Words no one meaning holds together: the meanings holding some of them, and the page says so.
  await input.fill('पानी कखगघ');
  await done(page, 'पानी कखगघ');
  await expect(page.locator('#meanings-progress')).toContainText('सबै शब्द एउटै अर्थमा भेटिएनन्');
  await expect(results(page).first().locator('.snippet mark')).toHaveText(['पानी']);
});

test('offline: "not saved" in the reader\u2019s language until the dictionary is saved; then every meaning is searched offline', async ({ page, context }) => {
  await openApp(page, server.url);
  // The small parts saved at the first visit include the meaning index's list, not its shards.
  await expect.poll(async () => (await workerStatus(page)).paths).toContain('meanings/index.json');
  await context.setOffline(true);
  await page.goto(`${server.url}/${meanings('काम')}`);
  await expect(page.locator('#search-not-saved')).toContainText('यो खोजलाई चाहिने अर्थ-सूची अझै यो यन्त्रमा साँचिएको छैन');
  await expect(page.locator('#search-not-saved a')).toHaveAttribute('href', '#/saved');
  await expect(page.getByText('केही भेटिएन')).toHaveCount(0);

  await context.setOffline(false);
  await page.goto(`${server.url}/#/saved`);
  await page.locator('#save-all').click();
  await expect(page.locator('#save-done')).toBeVisible({ timeout: 30_000 });
  const saved = (await workerStatus(page)).paths;
  expect(saved.filter((p) => p.startsWith('meanings/')).length).toBeGreaterThan(10);
  await context.setOffline(true);
  for (const q of ['काम', 'जल', 'khana']) {
    await page.goto(`${server.url}/${meanings(q)}`);
    await done(page, q);
    await expect(page.locator('#search-not-saved')).toHaveCount(0);
    await expect(page.locator('#results-not-saved')).toHaveCount(0);
    await expect(results(page).first().locator('.snippet mark').first()).toBeVisible();
  }
});

test('a damaged shard is fetched once more, then the page says this part of the index is damaged; a good one is used again', async ({ page }) => {
  await openApp(page, server.url);
  // The shard of ज with its terms out of order (still well-formed JSON of the right shape): a
  // binary search would miss words that are there, so only its digest and order tell.
  const shardPath = '/api/v1/meanings/091c.json';
  const good = readJson<MeaningShardFile>(join(dist('dist-a'), 'api/v1'), 'meanings/091c.json');
  const bad = { ...good, terms: [...good.terms].reverse(), postings: [...good.postings].reverse() };
  server.fault = (p) => (p === shardPath ? { body: JSON.stringify(bad) } : undefined);
  await page.goto(`${server.url}/${meanings('जल')}`);
  await done(page, 'जल');
  await expect(page.locator('#search-damaged')).toHaveText('अर्थ-सूचीको यो भाग बिग्रिएको छ, त्यसैले यो खोज गर्न सकिएन; पछि फेरि प्रयास गर्नुहोस्');
  await expect(page.getByText('केही भेटिएन')).toHaveCount(0);
  await expect(results(page)).toHaveCount(0);
  // Asked for twice: once, and once more past any stored copy; never stored.
  expect(server.log.filter((p) => p === shardPath)).toHaveLength(2);
  expect((await workerStatus(page)).paths).not.toContain('meanings/091c.json');

  // The host serves the good shard again: the next search uses it.
  server.fault = () => undefined;
  await page.reload();
  await done(page, 'जल');
  await expect(page.locator('#search-damaged')).toHaveCount(0);
  await expect(results(page).filter({ has: page.locator('a', { hasText: /^पानी$/ }) })).toHaveCount(1);
});
