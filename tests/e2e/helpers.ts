// Shared steps for the browser tests.

import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { join } from 'node:path';
import type { ApiClient } from '../books/api-suite.ts';
import { askWorker } from '../../harness/ask-worker.ts';
import { serve, type Served, serveSwitchable, type Switchable } from '../../harness/http.ts';

const ROOT = join(import.meta.dirname, '../..');
export const E2E = join(ROOT, '.e2e');
export const dist = (name: string) => join(E2E, name);
export const start = (name = 'dist-a', prefix = ''): Promise<Switchable> => serveSwitchable(dist(name), prefix);

/** `dir` served over HTTP for the whole file (started before its first test, closed after its last): read `.url` inside a test. */
export function servedForFile(dir: string): { readonly url: string } {
  let site: Served | undefined;
  test.beforeAll(async () => {
    site = await serve(dir);
  });
  test.afterAll(() => site?.close());
  return {
    get url() {
      if (!site) throw new Error(`${dir} is not served yet: read .url inside a test`);
      return site.url;
    },
  };
}

/** Opens the app and waits until its service worker controls the page. */
export async function openApp(page: Page, url: string, hash = ''): Promise<void> {
  await page.goto(`${url}/${hash}`);
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null && navigator.serviceWorker.controller !== undefined);
}

/** Stops the service worker (Chromium starts it again on the next request), as the browser does when it is idle. */
export async function restartWorker(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await cdp.detach();
}

export const workerStatus = (page: Page) => askWorker(page, 'dictionary-status', {});

/** fetch() from the page, through the service worker. */
export function pageFetch(page: Page, path: string): Promise<{ status: number; body: unknown; source: string | null }> {
  return page.evaluate(async (p) => {
    const res = await fetch(p);
    return { status: res.status, body: await res.json().catch(() => null), source: res.headers.get('X-Khoj-Source') };
  }, path);
}

export async function expectEntry(page: Page, word: string): Promise<void> {
  await expect(page.locator('article.entry h1')).toHaveText(word);
  await expect(page.locator('article.entry .senses li').first()).toBeVisible();
}

/** The catalog API suite's client: fetch() in the page, so every request goes through the service worker. */
export function pageClient(page: Page): ApiClient {
  return {
    async request(path, init = {}) {
      const r = await page.evaluate(
        async ([p, method, headers]) => {
          const res = await fetch(p, { method, headers });
          const buf = new Uint8Array(await res.arrayBuffer());
          let bin = '';
          for (let i = 0; i < buf.length; i += 0x8000) bin += String.fromCharCode(...buf.subarray(i, i + 0x8000));
          return { status: res.status, headers: [...res.headers], body: btoa(bin) };
        },
        [path.replace(/^\//, ''), init.method ?? 'GET', init.headers ?? {}] as const,
      );
      const bytes = new Uint8Array(Buffer.from(r.body, 'base64'));
      const headers = new Map(r.headers);
      return { status: r.status, header: (n) => headers.get(n.toLowerCase()) ?? null, text: new TextDecoder().decode(bytes), bytes };
    },
  };
}

/**
 * What an IndexedDB store of the page's origin holds: every row, or the row under `key`. Undefined when the
 * database or the store is not there yet; the read never creates the database (the app's upgrade would then
 * start from a version it did not write).
 */
export function stored<T>(page: Page, db: string, store: string, key?: string): Promise<T | undefined> {
  return page.evaluate(
    ([db, store, key]) =>
      new Promise<T | undefined>((ok, fail) => {
        const open = indexedDB.open(db);
        open.onupgradeneeded = () => open.transaction!.abort();
        open.onerror = () => (open.error?.name === 'AbortError' ? ok(undefined) : fail(open.error));
        open.onsuccess = () => {
          const d = open.result;
          if (!d.objectStoreNames.contains(store)) return (d.close(), ok(undefined));
          const os = d.transaction(store).objectStore(store);
          const req = key === undefined ? os.getAll() : os.get(key);
          req.onsuccess = () => (d.close(), ok(req.result as T | undefined));
          req.onerror = () => (d.close(), fail(req.error));
        };
      }),
    [db, store, key] as const,
  );
}
