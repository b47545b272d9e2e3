// "Suggest a correction" on an entry, in a real Chromium with the service worker: the data build's
// `--correction-url` template (metadata.json's correctionUrl, src/core/dictionary/correction.ts)
// becomes a link on each entry, to a correction host of the test's own on loopback that counts what
// reaches it. Nothing reaches it until the reader follows the link, and then without a Referer; a
// build given no template shows no link. The app is the suite's sample build (dist-a) with its
// dictionary data swapped for a data build given the template, as a host redeploys its data: no
// Vite build of its own.

import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import type { Metadata } from '../../src/core/dictionary/types.ts';
import { listen, type Served, serve } from '../../harness/http.ts';
import { dist, expectEntry, openApp } from './helpers.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const WORD = 'किरण';

let dir: string;
/** dist-a with the dictionary data of a build given the template */
let withTemplate: string;
let template: string;
let host: Served;
const reached: Array<{ url: string; headers: IncomingHttpHeaders }> = [];

test.beforeAll(async () => {
  host = await listen((req, res) => {
    reached.push({ url: req.url ?? '', headers: req.headers });
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>thanks</title><p>thanks');
  });
  template = `${host.url}/fix?word={word}&from=khoj`;
  dir = mkdtempSync(join(tmpdir(), 'khoj-correction-'));
  execFileSync(
    process.execPath,
    ['data-build/run.mjs', 'cli', '--only', 'dictionary', '--chunk-size', '100', '--correction-url', template, '--out', join(dir, 'data'), '--quiet'],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  withTemplate = join(dir, 'dist');
  cpSync(dist('dist-a'), withTemplate, { recursive: true });
  rmSync(join(withTemplate, 'api/v1'), { recursive: true });
  cpSync(join(dir, 'data/api/v1'), join(withTemplate, 'api/v1'), { recursive: true });
});
test.afterAll(async () => {
  await host?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});
test.beforeEach(() => void (reached.length = 0));

/** Opens the word's entry and waits until the page has read metadata.json (where the template is), and drawn what it read. */
async function openEntry(page: Page, url: string): Promise<void> {
  // Every wait here is bounded (the suite sets no action timeout): in a full run this test once
  // used up its whole time at a step that a report could not name.
  const metadata = page.waitForResponse((r) => r.url().endsWith('/api/v1/metadata.json') && r.frame() === page.mainFrame(), { timeout: 20_000 });
  await openApp(page, url, `#/word/${encodeURIComponent(WORD)}`);
  await expectEntry(page, WORD);
  await metadata;
  await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => setTimeout(ok, 0))));
}

test('an entry links to the correction template filled with its word, and nothing is sent until the reader follows it', async ({ page, context }) => {
  const site = await serve(withTemplate);
  try {
    const meta = JSON.parse(readFileSync(join(withTemplate, 'api/v1/metadata.json'), 'utf8')) as Metadata;
    expect(meta.correctionUrl).toBe(template);
    await openEntry(page, site.url);
    const link = page.locator('article.entry #suggest-correction');
    await expect(link).toHaveAttribute('href', `${host.url}/fix?word=${encodeURIComponent(WORD)}&from=khoj`);
    await expect(link).toHaveAttribute('rel', /noreferrer/);
    await expect(link).toHaveAttribute('target', '_blank');
    // Another entry: the link follows the word.
    await page.evaluate((h) => (location.hash = h), `#/word/${encodeURIComponent('खोज')}`);
    await expectEntry(page, 'खोज');
    await expect(link).toHaveAttribute('href', `${host.url}/fix?word=${encodeURIComponent('खोज')}&from=khoj`);
    // Back as the reader goes back (a same-document history step: page.goBack waits for a navigation).
    await page.evaluate(() => history.back());
    await expectEntry(page, WORD);
    await expect(link).toBeVisible();

    // Everything above, and nothing has reached the correction host, nor opened.
    expect(reached).toEqual([]);
    expect(context.pages()).toHaveLength(1);

    // The reader follows the link: a new tab at the filled URL, and one request, with no Referer.
    const [opened] = await Promise.all([context.waitForEvent('page', { timeout: 20_000 }), link.click()]);
    await opened.waitForURL(`${host.url}/fix?word=${encodeURIComponent(WORD)}&from=khoj`, { timeout: 20_000 });
    await expect.poll(() => reached.filter((r) => r.url !== '/favicon.ico').length).toBe(1);
    const pages = reached.filter((r) => r.url !== '/favicon.ico');
    expect(pages.map((r) => r.url)).toEqual([`/fix?word=${encodeURIComponent(WORD)}&from=khoj`]);
    expect(pages[0]!.headers.referer).toBeUndefined();
    // The app stays where it was.
    await expectEntry(page, WORD);
  } finally {
    await site.close();
  }
});

test('a build given no template shows no correction link', async ({ page }) => {
  const site = await serve(dist('dist-a'));
  try {
    const meta = JSON.parse(readFileSync(join(dist('dist-a'), 'api/v1/metadata.json'), 'utf8')) as Metadata;
    expect(meta.correctionUrl).toBeUndefined();
    await openEntry(page, site.url);
    await expect(page.locator('#suggest-correction')).toHaveCount(0);
    expect(reached).toEqual([]);
  } finally {
    await site.close();
  }
});
