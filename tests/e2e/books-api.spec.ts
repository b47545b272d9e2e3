// The textbook catalog answered by the service worker in a real Chromium: the shared API
// suite (tests/books/api-suite.ts, the same one the Node server passes) online and offline,
// the first run, navigations, a newer catalog, and storage failures.

import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { staticHandler } from '../../src/server/static.ts';
import { serveSwitchable, type Switchable } from '../../harness/http.ts';
import { openApp, pageClient, restartWorker } from './helpers.ts';
import { ALL_DIST } from '../../harness/variant.ts';
import { booksApiSuite } from './books-suite.ts';
import { removeCatalog, writeCatalog } from '../helpers/catalog-file.ts';
import { COLUMNS_FILE } from '../../src/core/books/columns.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const OUT = join(ROOT, '.e2e/books-api');

/** The app with the sample data of every section, built once per run by the global setup. */
const booksApp = (): string => ALL_DIST;

/** The same app whose server has a newer catalog: another generatedAt and one title changed. */
function newerCatalogApp(): string {
  const dist = join(OUT, 'dist-newer');
  if (existsSync(join(dist, 'sw.js'))) return dist;
  cpSync(booksApp(), dist, { recursive: true });
  const at = '2027-01-01T00:00:00Z';
  const file = join(dist, 'api/books/catalog.json');
  const catalog = JSON.parse(readFileSync(file, 'utf8')) as { generatedAt: string; books: Array<{ id: string; title: string }> };
  catalog.generatedAt = at;
  catalog.books.find((b) => b.id === 'cehrd-learning-g1-mathematics-9001')!.title = 'Mathematics - Grade 1 (revised)';
  writeCatalog(dist, catalog);
  const statsFile = join(dist, 'api/stats/index.json');
  const stats = JSON.parse(readFileSync(statsFile, 'utf8')) as { data: { generatedAt: string } };
  stats.data.generatedAt = at;
  writeFileSync(statsFile, JSON.stringify(stats));
  return dist;
}

/** The same app on a host that has lost its catalog file: the worker cannot store a catalog. */
function noCatalogApp(): string {
  const dist = join(OUT, 'dist-no-catalog');
  if (existsSync(join(dist, 'sw.js'))) return dist;
  cpSync(booksApp(), dist, { recursive: true });
  removeCatalog(dist);
  return dist;
}

/** The same app built before catalog.json had a columns file: the save fetches catalog.json. */
function noColumnsApp(): string {
  const dist = join(OUT, 'dist-no-columns');
  if (existsSync(join(dist, 'sw.js'))) return dist;
  cpSync(booksApp(), dist, { recursive: true });
  for (const ext of ['', '.br', '.gz']) rmSync(join(dist, `${COLUMNS_FILE}${ext}`), { force: true });
  return dist;
}

/** A host part way through a deploy: catalog.json and the stats of a newer build, the columns file of the older one. */
function staleColumnsApp(): string {
  const dist = join(OUT, 'dist-stale-columns');
  if (existsSync(join(dist, 'sw.js'))) return dist;
  // Times kept: a compressed copy older than its file is not served (src/server/static.ts).
  cpSync(newerCatalogApp(), dist, { recursive: true, preserveTimestamps: true });
  cpSync(join(booksApp(), COLUMNS_FILE), join(dist, COLUMNS_FILE));
  for (const ext of ['.br', '.gz']) rmSync(join(dist, `${COLUMNS_FILE}${ext}`), { force: true });
  return dist;
}

interface Answer {
  status: number;
  source: string | null;
  problem: string | null;
  body: unknown;
}

const answer = (page: Page, path: string): Promise<Answer> =>
  page.evaluate(async (p) => {
    const res = await fetch(p);
    return {
      status: res.status,
      source: res.headers.get('X-Khoj-Source'),
      problem: res.headers.get('X-Khoj-Storage-Problem'),
      body: await res.json().catch(() => null),
    };
  }, path);

/** Waits until the worker answers from the catalog it stored in IndexedDB. */
const catalogStored = (page: Page) => expect.poll(async () => (await answer(page, 'api/stats')).source, { timeout: 15_000 }).toBe('idb');

const filesCached = (page: Page) => page.evaluate(async () => (await (await caches.open('khoj-books-files')).keys()).map((r) => new URL(r.url).pathname));

for (const offline of [false, true]) {
  test.describe(`the catalog API through the service worker, ${offline ? 'offline' : 'online'}`, () => {
    let server: Switchable;
    let context: BrowserContext;
    let page: Page;
    test.beforeAll(async ({ browser }) => {
      server = await serveSwitchable(booksApp());
      context = await browser.newContext();
      page = await context.newPage();
      await openApp(page, server.url);
      await catalogStored(page);
      if (!offline) return;
      // Browse once online: every cover, and the docs page (the worker then stores every docs file).
      const { data } = (await answer(page, 'api/books?limit=200')).body as { data: Array<{ coverUrl: string }> };
      for (const b of data) await answer(page, b.coverUrl.slice(1)).catch(() => undefined);
      await page.goto(`${server.url}/docs/`);
      await expect(page.locator('.khoj-credit')).toContainText('Powered by YoBook API');
      const wanted = [
        '/docs/',
        '/docs/openapi.json',
        '/docs/openapi.yaml',
        '/docs/docs.js',
        '/docs/swagger-ui.css',
        '/docs/swagger-ui-bundle.js',
        '/api/books/LICENSE.upstream.txt',
        '/api/books/NOTICE.upstream.txt',
        // The helpers' files, saved with the catalog so their routes answer offline.
        '/api/gradewise-audio/index.json',
        '/api/research/catalog.json',
        data[0]!.coverUrl,
      ];
      await expect.poll(() => filesCached(page), { timeout: 20_000 }).toEqual(expect.arrayContaining(wanted));
      await openApp(page, server.url);
      await context.setOffline(true);
    });
    test.afterAll(async () => {
      await context?.close();
      await server?.close();
    });

    if (offline) {
      test('answers offline from IndexedDB', async () => {
        const r = await answer(page, 'api/books?grade=5');
        expect(r).toMatchObject({ status: 200, source: 'idb', problem: null });
        // and the network really is away (a path nobody stores goes to it)
        expect(
          await page.evaluate(() =>
            fetch('no-such-file.txt').then(
              () => 'online',
              () => 'offline',
            ),
          ),
        ).toBe('offline');
      });
    }

    booksApiSuite(`service worker, ${offline ? 'offline' : 'online'}`, () => pageClient(page), { staticFiles: true });
  });
}

test.describe('the service worker and the catalog', () => {
  let server: Switchable;
  test.beforeEach(async () => {
    server = await serveSwitchable(booksApp());
  });
  test.afterEach(async () => {
    await server.close();
  });

  test('first run: the network answers while the catalog is stored, then the worker answers, offline too', async ({ page, context }) => {
    await openApp(page, server.url);
    const first = await answer(page, 'api/books?limit=1');
    expect(first.status).toBe(200);
    expect(first.source).not.toBe('idb');
    await catalogStored(page);
    await context.setOffline(true);
    const stored = await answer(page, 'api/books?q=science&grade=9');
    expect(stored).toMatchObject({ status: 200, source: 'idb' });
    expect((stored.body as { data: Array<{ id: string }> }).data.map((b) => b.id)).toEqual(['cehrd-learning-g9-science-9010']);
  });

  test('on a static host (no API server), even the first answers come from the catalog', async ({ page }) => {
    const files = staticHandler(booksApp());
    const host = createServer((req, res) => void files(req, res));
    await new Promise<void>((ok) => host.listen(0, '127.0.0.1', ok));
    const url = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
    try {
      await openApp(page, url);
      // The host has no file for a book id nor for a query: the worker answers once the catalog is in.
      const book = await answer(page, 'api/books/cdc-np-2-nepali');
      expect(book).toMatchObject({ status: 200, body: { success: true, data: { id: 'cdc-np-2-nepali' } } });
      const list = await answer(page, 'api/books?grade=5&q=nepali');
      expect((list.body as { data: Array<{ id: string }> }).data.map((b) => b.id)).toEqual(['cdc-np-5-nepali']);
      expect(await answer(page, 'api/books/no-such-book')).toMatchObject({ status: 404, body: { success: false, error: 'Book not found' } });
    } finally {
      host.closeAllConnections();
      await new Promise((ok) => host.close(ok));
    }
  });

  for (const [tree, dist, columns] of [
    ['by columns, not catalog.json', booksApp, true],
    ['as catalog.json where the host has no columns file', noColumnsApp, false],
    ['as catalog.json where the columns file is of an older build than the stats', staleColumnsApp, false],
  ] as const)
    test(`the save fetches the catalog ${tree}, and serves catalog.json's bytes offline`, async ({ page, context }) => {
      const files = staticHandler(dist());
      const asked: string[] = [];
      const host = createServer((req, res) => {
        asked.push(new URL(req.url ?? '/', 'http://x').pathname);
        void files(req, res);
      });
      await new Promise<void>((ok) => host.listen(0, '127.0.0.1', ok));
      try {
        await openApp(page, `http://127.0.0.1:${(host.address() as AddressInfo).port}`);
        await catalogStored(page);
        expect(asked.filter((p) => p === '/api/books/catalog.json' || p.endsWith('catalog-columns.json')).sort()).toEqual(
          columns ? ['/api/books-shards/catalog-columns.json'] : ['/api/books-shards/catalog-columns.json', '/api/books/catalog.json'],
        );
        await context.setOffline(true);
        const text = await page.evaluate(async () => {
          const res = await fetch('api/books/catalog.json');
          return `${res.headers.get('X-Khoj-Source')} ${await res.text()}`;
        });
        expect(text).toBe(`idb ${readFileSync(join(dist(), 'api/books/catalog.json'), 'utf8')}`);
      } finally {
        host.closeAllConnections();
        await new Promise((ok) => host.close(ok));
      }
    });

  test('on a static host, the first answers come from the shards, without the whole catalog', async ({ page }) => {
    // The host has lost catalog.json: nothing can be stored, yet queries and ids are answered,
    // from the shards the worker fetches as each answer needs them (src/sw/books/catalog.ts).
    const files = staticHandler(noCatalogApp());
    const host = createServer((req, res) => void files(req, res));
    await new Promise<void>((ok) => host.listen(0, '127.0.0.1', ok));
    const url = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
    try {
      await openApp(page, url);
      const list = await answer(page, 'api/books?grade=5&q=nepali');
      expect(list).toMatchObject({ status: 200, source: 'network' });
      expect((list.body as { data: Array<{ id: string }> }).data.map((b) => b.id)).toEqual(['cdc-np-5-nepali']);
      expect(await answer(page, 'api/books/cdc-np-2-nepali')).toMatchObject({ status: 200, body: { success: true, data: { id: 'cdc-np-2-nepali' } } });
      expect(await answer(page, 'api/books/no-such-book')).toMatchObject({ status: 404, body: { success: false, error: 'Book not found' } });
    } finally {
      host.closeAllConnections();
      await new Promise((ok) => host.close(ok));
    }
  });

  test('offline before the catalog was ever stored: a JSON 503 the page can show', async ({ page, context }) => {
    // The first visit saves the catalog without asking (offline by default): here the host has
    // no catalog file then, so nothing is stored before the network goes.
    server.use(noCatalogApp());
    await openApp(page, server.url);
    await expect.poll(() => page.evaluate(() => document.querySelector('.banners')?.getAttribute('data-offline-status'))).toBe('known');
    await context.setOffline(true);
    const r = await page.evaluate(async () => {
      const res = await fetch('api/books');
      return { status: res.status, type: res.headers.get('Content-Type'), cors: res.headers.get('Access-Control-Allow-Origin'), body: await res.json() };
    });
    expect(r).toMatchObject({ status: 503, type: 'application/json; charset=utf-8', cors: '*', body: { success: false } });
    await page.goto(`${server.url}/#/books`);
    // In the reader's language, saying what is missing and what to do.
    await expect(page.getByRole('alert')).toContainText(/यो यन्त्रमा साँचिएको छैन|not saved on this device/);
    await expect(page.getByRole('button', { name: /फेरि प्रयास|Try again/ })).toBeVisible();
  });

  test('opening /docs, the API and the LICENSE in a tab shows them, not the app, online and offline', async ({ page, context }) => {
    await openApp(page, server.url);
    await catalogStored(page);
    const visit = async () => {
      await page.goto(`${server.url}/docs`);
      expect(page.url()).toBe(`${server.url}/docs/`);
      await expect(page).toHaveTitle('Textbook catalog API · Khoj');
      await expect(page.locator('.khoj-credit')).toContainText('Powered by YoBook API');
      await page.goto(`${server.url}/api/books/NOTICE.upstream.txt`);
      await expect(page.locator('body')).toContainText('Powered by YoBook API');
      await page.goto(`${server.url}/api/books/cdc-np-2-nepali`);
      expect(JSON.parse((await page.evaluate(() => document.querySelector('pre')?.textContent)) ?? '')).toMatchObject({
        success: true,
        data: { id: 'cdc-np-2-nepali' },
      });
    };
    await visit();
    await expect
      .poll(() => filesCached(page), { timeout: 20_000 })
      .toEqual(expect.arrayContaining(['/docs/swagger-ui-bundle.js', '/docs/openapi.json', '/api/books/NOTICE.upstream.txt']));
    await context.setOffline(true);
    await visit();
    // Swagger UI itself runs offline: the interactive view renders from the stored files.
    await page.goto(`${server.url}/docs/`);
    await expect(page.locator('.swagger-ui .info')).toBeVisible();
  });

  test('a newer catalog on the server replaces the stored one; covers it still uses stay stored', async ({ page, context }) => {
    await openApp(page, server.url);
    await catalogStored(page);
    await answer(page, 'covers/cehrd-learning-g1-mathematics-9001.svg').catch(() => undefined);
    const title = async () => ((await answer(page, 'api/books/cehrd-learning-g1-mathematics-9001')).body as { data: { title: string } }).data.title;
    expect(await title()).toBe('Mathematics - Grade 1');
    server.use(newerCatalogApp());
    // The worker looks for a newer catalog when it starts.
    await restartWorker(context, page);
    await expect.poll(title, { timeout: 15_000 }).toBe('Mathematics - Grade 1 (revised)');
    expect(((await answer(page, 'api/stats')).body as { data: { generatedAt: string } }).data.generatedAt).toBe('2027-01-01T00:00:00Z');
    await expect.poll(() => filesCached(page)).toContain('/covers/cehrd-learning-g1-mathematics-9001.svg');
    await context.setOffline(true);
    await restartWorker(context, page);
    expect(await title()).toBe('Mathematics - Grade 1 (revised)');
    expect((await answer(page, 'api/stats')).source).toBe('idb');
  });

  test('a damaged stored catalog: answers go on from the network and say so, and it is stored again', async ({ page, context }) => {
    await openApp(page, server.url);
    await catalogStored(page);
    await page.evaluate(
      () =>
        new Promise<void>((ok, fail) => {
          const open = indexedDB.open('khoj-books');
          open.onerror = () => fail(open.error);
          open.onsuccess = () => {
            // The shards' manifest (src/sw/books/store.ts: one row per file), cut short.
            const tx = open.result.transaction('files', 'readwrite');
            tx.objectStore('files').put({ generatedAt: 'x', text: '{"trunc' }, 'api/books-shards/index.json');
            tx.oncomplete = () => (open.result.close(), ok());
            tx.onerror = () => fail(tx.error);
          };
        }),
    );
    await restartWorker(context, page);
    const during = await answer(page, 'api/books?grade=5');
    expect(during.status).toBe(200);
    expect(during.problem).toBe('corrupt');
    expect(during.source).not.toBe('idb');
    await expect.poll(async () => (await answer(page, 'api/stats')).problem).toBeNull();
    await context.setOffline(true);
    await restartWorker(context, page);
    expect(await answer(page, 'api/stats')).toMatchObject({ status: 200, source: 'idb', problem: null });
  });

  test('IndexedDB refusing the catalog: answers still come (from memory, online and offline) and the page says why', async ({ page, context }) => {
    await openApp(page, server.url);
    // A newer version of the worker's database, held open by the page: the worker cannot open it.
    await page.evaluate(
      () =>
        new Promise<void>((ok, fail) => {
          const open = indexedDB.open('khoj-books', 99);
          open.onupgradeneeded = () => open.result.createObjectStore('other');
          open.onerror = () => fail(open.error);
          open.onsuccess = () => (((window as unknown as { held: IDBDatabase }).held = open.result), ok());
        }),
    );
    const first = await answer(page, 'api/books?grade=5');
    expect(first.status).toBe(200);
    await expect.poll(async () => (await answer(page, 'api/stats')).problem).toBe('other');
    await context.setOffline(true);
    const offline = await answer(page, 'api/books?q=science&grade=9');
    expect(offline).toMatchObject({ status: 200, problem: 'other', source: 'network' });
    await page.evaluate(() => (location.hash = '#/books'));
    await expect(page.getByRole('alert')).toContainText(/पाठ्यपुस्तक सूची साँच्न सकिएन|Could not store the textbook catalog/);
  });
});
