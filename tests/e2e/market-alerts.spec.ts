// A price alert, as a reader sets one, fired by the service worker from a local upstream whose
// price crosses the level, with the worker's fake clock (src/sw/test-hooks.ts) driving the
// refresh cycles and the day: shown once as a notification (read back with
// registration.getNotifications()), never again on later refreshes or after a reload, and anew on
// the next Nepal day's crossing; a periodic background sync (dispatched through the DevTools
// protocol) checks them too. Then the alerts screen lists it and removes it.

import { expect, type Page, test } from '@playwright/test';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listen, type Served, serveSwitchable, type Switchable } from '../../harness/http.ts';
import { PERIODIC_SYNC_TAG } from '../../src/core/market/messages.ts';
import { openApp } from './helpers.ts';
import { ALL_DATA, allWithUpstream } from '../../harness/variant.ts';

const STOCKS = 'nepse_data.json';
const STATUS = 'market/status.json';
const DAY_MS = 86_400_000;

interface Upstream extends Served {
  /** prices served in place of the snapshot's, by symbol */
  prices: Map<string, number>;
  /** status moves on a minute each generation (a newer day's copy is never kept aside) */
  generation: number;
  stockRequests: number;
}

/** The shared build's own market files, served as an upstream, with prices the test sets. */
async function startUpstream(root: string): Promise<Upstream> {
  const u = { prices: new Map<string, number>(), generation: 0, stockRequests: 0 } as Upstream;
  const served = await listen((req, res) => {
    const cors = { 'Access-Control-Allow-Origin': '*', 'Content-Type': 'application/json', 'Cache-Control': 'no-store' };
    if (req.method === 'OPTIONS') return void res.writeHead(204, { ...cors, 'Access-Control-Allow-Headers': '*' }).end();
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname).replace(/^\/data\//, '');
    let text: string;
    try {
      if (path.includes('..')) throw new Error('no');
      text = readFileSync(join(root, 'data', path), 'utf8');
    } catch {
      return void res.writeHead(404, cors).end('{"error":"not found"}');
    }
    if (path === STATUS) {
      const s = JSON.parse(text) as { last_checked: string };
      s.last_checked = new Date(Date.parse(`${s.last_checked.slice(0, 19)}Z`) + u.generation * 60_000).toISOString().replace('Z', '');
      text = JSON.stringify(s);
    }
    if (path === STOCKS) {
      u.stockRequests++;
      const rows = JSON.parse(text) as Array<{ symbol: string; ltp?: number; last_traded_price?: number }>;
      for (const r of rows) {
        const p = u.prices.get(r.symbol);
        if (p === undefined) continue;
        if ('ltp' in r) r.ltp = p;
        if ('last_traded_price' in r) r.last_traded_price = p;
      }
      text = JSON.stringify(rows);
    }
    res.writeHead(200, cors).end(text);
  });
  return Object.assign(u, served);
}

let WORK: string;
let upstream: Upstream;
let app: Switchable;
let symbol: string;
let base: number;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  WORK = mkdtempSync(join(tmpdir(), 'khoj-market-alerts-'));
  upstream = await startUpstream(ALL_DATA);
  app = await serveSwitchable(allWithUpstream(join(WORK, 'dist'), upstream.url));
  // A stock with a price in the snapshot.
  const rows = JSON.parse(readFileSync(join(ALL_DATA, 'data', STOCKS), 'utf8')) as Array<Record<string, unknown>>;
  const row = rows.find((r) => typeof (r.ltp ?? r.last_traded_price) === 'number' && Number(r.ltp ?? r.last_traded_price) > 100)!;
  symbol = row.symbol as string;
  base = Number(row.ltp ?? row.last_traded_price);
});

test.afterAll(async () => {
  await app?.close();
  await upstream?.close();
  if (WORK) rmSync(WORK, { recursive: true, force: true });
});

/** One refresh of the stock rows and status, the worker's clock moved on `advanceMs` first (and a minute whenever the rate limit makes it wait); resolves when the worker says it is done (after its alert check). */
function refreshCycle(page: Page, advanceMs = 61_000): Promise<void> {
  upstream.generation++;
  return page.evaluate(
    ([paths, advance]) =>
      new Promise<void>((ok, fail) => {
        const sw = navigator.serviceWorker.controller!;
        const timer = setTimeout(() => fail(new Error('the refresh did not finish in 20 s')), 20_000);
        const on = (e: MessageEvent) => {
          const b = e.data as { rpc?: string; type?: string; data?: { done?: boolean; nextRequestAt?: number } };
          if (b?.rpc !== 'broadcast' || b.type !== 'market-updated' || !b.data) return;
          if (b.data.nextRequestAt) sw.postMessage({ rpc: 'ask', type: 'test-hooks', args: { advanceMs: 61_000 } });
          if (b.data.done) {
            navigator.serviceWorker.removeEventListener('message', on);
            clearTimeout(timer);
            ok();
          }
        };
        navigator.serviceWorker.addEventListener('message', on);
        sw.postMessage({ rpc: 'ask', type: 'test-hooks', args: { advanceMs: advance } });
        sw.postMessage({ rpc: 'ask', type: 'market-refresh', args: { reason: 'test', paths } }, [new MessageChannel().port2]);
      }),
    [[STATUS, STOCKS], advanceMs] as const,
  );
}

/** The notifications the worker shows now: tag, title and body. */
const shown = (page: Page) =>
  page.evaluate(async () => {
    const r = await navigator.serviceWorker.ready;
    return (await r.getNotifications()).map((n) => ({ tag: n.tag, title: n.title, body: n.body }));
  });
const closeAll = (page: Page) =>
  page.evaluate(async () => {
    for (const n of await (await navigator.serviceWorker.ready).getNotifications()) n.close();
  });
/** The fired-event ids the worker recorded (IndexedDB khoj-market, store "fired"). */
const firedIds = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string[]>((ok, fail) => {
        const r = indexedDB.open('khoj-market');
        r.onerror = () => fail(r.error);
        r.onsuccess = () => {
          const g = r.result.transaction('fired').objectStore('fired').getAllKeys();
          g.onsuccess = () => {
            r.result.close();
            ok(g.result as string[]);
          };
        };
      }),
  );

test('a price alert fires once when the upstream price crosses its level, and again only on a crossing of another day', async ({ page, context }) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['notifications'], { origin: app.url });
  await openApp(page, app.url, '#/market');
  // The upstream's copy stored (its price is the snapshot's).
  await refreshCycle(page);
  expect(upstream.stockRequests).toBeGreaterThan(0);

  // The reader sets an alert above today's price on the stock's page.
  const level = Math.round(base + 10);
  await page.goto(`${app.url}/#/market/symbol/${encodeURIComponent(symbol)}`);
  await expect(page.locator('#quote-ltp')).toBeVisible();
  // Granted already: no button asks again.
  await expect(page.locator('#price-alert #alert-grant')).toHaveCount(0);
  await page.locator('#alert-level').fill(String(level));
  await page.locator('#alert-direction').selectOption('above');
  await page.locator('#alert-set').click();
  await expect(page.locator('#alert-message')).toContainText(symbol);

  // No crossing, no notification.
  await refreshCycle(page);
  expect(await shown(page)).toEqual([]);

  // The upstream price rises through the level (the reader elsewhere in the app): one notification, tagged with the event.
  await page.goto(`${app.url}/#/market/prices`);
  await page.waitForFunction(() => !!navigator.serviceWorker.controller);
  upstream.prices.set(symbol, level + 10);
  await refreshCycle(page);
  const first = await shown(page);
  expect(first).toHaveLength(1);
  const tag = first[0]!.tag;
  expect(tag).toMatch(new RegExp(`^price:${symbol}:above:${level}:\\d{4}-\\d{2}-\\d{2}$`));
  expect(first[0]!.title).toContain(symbol);
  expect(await firedIds(page)).toEqual([tag]);

  // A tap on it takes the open window to the stock's page (the click dispatched in the worker:
  // a test cannot click a system notification).
  const [worker] = context.serviceWorkers();
  await worker!.evaluate(async (t) => {
    const sw = self as unknown as {
      registration: { getNotifications(o: { tag: string }): Promise<unknown[]> };
      NotificationEvent: new (type: string, init: { notification: unknown }) => Event;
      dispatchEvent(e: Event): boolean;
    };
    const [n] = await sw.registration.getNotifications({ tag: t });
    sw.dispatchEvent(new sw.NotificationEvent('notificationclick', { notification: n }));
  }, tag);
  await expect(page).toHaveURL(new RegExp(`#/market/symbol/${symbol}$`));
  await page.waitForFunction(() => !!navigator.serviceWorker.controller);

  // The reader dismisses it; later refreshes, and a reload, never show it again.
  await closeAll(page);
  await refreshCycle(page);
  await page.reload();
  await page.waitForFunction(() => !!navigator.serviceWorker.controller);
  await refreshCycle(page);
  expect(await shown(page)).toEqual([]);
  expect(await firedIds(page)).toEqual([tag]);

  // Down and up again the same day: the same event, not told again.
  upstream.prices.set(symbol, level - 5);
  await refreshCycle(page);
  upstream.prices.set(symbol, level + 5);
  await refreshCycle(page);
  expect(await shown(page)).toEqual([]);

  // The next day (the worker's clock moved on a day), down and up again: a new event.
  upstream.prices.set(symbol, level - 5);
  await refreshCycle(page, DAY_MS);
  upstream.prices.set(symbol, level + 5);
  await refreshCycle(page);
  const next = await shown(page);
  expect(next).toHaveLength(1);
  const day = (t: string) => Date.parse(t.slice(-10));
  expect(day(next[0]!.tag) - day(tag)).toBe(DAY_MS);
  expect((await firedIds(page)).sort()).toEqual([tag, next[0]!.tag].sort());
  await closeAll(page);
});

test('the alerts screen lists the alerts, says the permission and privacy, and removes an alert', async ({ page, context }) => {
  await context.grantPermissions(['notifications'], { origin: app.url });
  await openApp(page, app.url, `#/market/symbol/${encodeURIComponent(symbol)}`);
  await page.locator('#alert-level').fill('1');
  await page.locator('#alert-direction').selectOption('below');
  await page.locator('#alert-set').click();
  await expect(page.locator('#alert-message')).toBeVisible();
  await page.locator('#alerts-link').click();
  await expect(page).toHaveURL(/#\/market\/alerts$/);
  await expect(page.locator('#alert-permission')).toHaveAttribute('data-state', 'granted');
  await expect(page.locator('#alerts-privacy')).toContainText(/सर्भरमा पठाइँदैनन्|nothing is sent/);
  const item = page.locator(`[data-alert="${symbol}:below:1"]`);
  await expect(item).toBeVisible();
  await item.getByRole('button').click();
  await expect(item).toHaveCount(0);
  // The book-close and IPO alerts are off until the reader turns them on; turning one on is kept.
  await expect(page.locator('#alert-ipo')).not.toBeChecked();
  await page.locator('#alert-ipo').check();
  await page.locator('#alert-bookclose-days').selectOption('7');
  // Stored (the screen reads the options back after each write) before the page goes away.
  await expect(page.locator('#other-alerts')).toContainText(/७ दिनभित्र|within 7 days/);
  await page.reload();
  await expect(page.locator('#alert-ipo')).toBeChecked();
  await expect(page.locator('#alert-bookclose-days')).toHaveValue('7');
  await expect(page.locator('#other-alerts')).toContainText(/७ दिनभित्र|within 7 days/);
});

test('without the permission the alerts screen offers to ask for it', async ({ page }) => {
  await openApp(page, app.url, '#/market/alerts');
  await expect(page.locator('#alert-permission')).toHaveAttribute('data-state', /default|denied/);
});

test('a periodic background sync checks the alerts too', async ({ page, context }) => {
  await context.grantPermissions(['notifications'], { origin: app.url });
  await openApp(page, app.url, '#/market');
  await refreshCycle(page);
  // An alert last checked below its level, with the stored price above it: the next check fires it.
  const level = Math.round(base - 10);
  const id = `${symbol}:above:${level}`;
  await page.evaluate(
    ([id, symbol, level]) =>
      new Promise<void>((ok, fail) => {
        const r = indexedDB.open('khoj-market');
        r.onerror = () => fail(r.error);
        r.onsuccess = () => {
          const tx = r.result.transaction('alerts', 'readwrite');
          tx.objectStore('alerts').put({ id, symbol, direction: 'above', level, lastPrice: level - 10, at: 0 });
          tx.oncomplete = () => (r.result.close(), ok());
        };
      }),
    [id, symbol, level] as const,
  );
  upstream.prices.delete(symbol);
  const cdp = await context.newCDPSession(page);
  const registered = new Promise<string>((ok) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => {
      const r = e.registrations.find((x) => x.scopeURL.startsWith(app.url) && !x.isDeleted);
      if (r) ok(r.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.dispatchPeriodicSyncEvent', { origin: app.url, registrationId: await registered, tag: PERIODIC_SYNC_TAG });
  await expect.poll(async () => (await shown(page)).map((n) => n.tag)).toEqual([expect.stringMatching(new RegExp(`^price:${symbol}:above:${level}:`))]);
  await closeAll(page);
  await cdp.detach();
});
