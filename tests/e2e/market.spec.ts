// Market data in a real Chromium with its service worker, refreshed from a local upstream HTTP
// server started here: the real layout B snapshots of ../shared/data (1 → 2), our own generated
// layout A output, and an upstream that fails in every way (500, invalid JSON, truncated, cut
// off, wrong shape). The app is built with that upstream as its build-time default
// (VITE_MARKET_UPSTREAM); the layout A upstream is set in the app's settings.

import { expect, type Page, test } from '@playwright/test';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { latestDividends } from '../../src/app/market/select.ts';
import type { AdapterValue } from '../../src/core/market/adapters/index.ts';
import { formatNumber } from '../../src/core/market/format.ts';
import { ENDPOINT_OF, type FileKind, readFileValue } from '../../src/core/market/index.ts';
import { formatProblem } from '../../src/core/problems.ts';
import { serveSwitchable, type Switchable } from '../../harness/http.ts';
import { realData } from '../../harness/shared-data.ts';
import { askWorker } from '../../harness/ask-worker.ts';
import { openApp, restartWorker } from './helpers.ts';
import { ALL_DATA, allWithUpstream } from '../../harness/variant.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const LAYOUT_B = resolve(ROOT, '../shared/data/market/layout-b');
const SNAPSHOTS = ['2026-05-06T0623Z', '2026-05-06T1054Z'];
const HAVE_B = realData(
  'real market layout-B snapshots',
  SNAPSHOTS.map((s) => join(LAYOUT_B, s, 'data/nepse_data.json')),
);

// Our own folder (not .e2e/, which every Playwright run's global setup empties first).
let WORK: string;
let DATA: string;
let DIST: string;

// --- a local upstream ----------------------------------------------------------------------------

type Failure = '500' | 'invalid-json' | 'truncated' | 'cut' | 'wrong-shape';

interface Upstream {
  url: string;
  /** serve this snapshot root (holding data/) from now on */
  use(dir: string): void;
  /** answer the paths matching `only` (default: all) badly, or well again (undefined) */
  fail(how: Failure | undefined, only?: RegExp): void;
  /** every request: when it arrived and its path below data/ */
  log: Array<{ at: number; path: string }>;
  close(): Promise<void>;
}

async function startUpstream(dir: string): Promise<Upstream> {
  let root = dir;
  let failing: { how: Failure; only: RegExp } | undefined;
  const log: Upstream['log'] = [];
  const server: Server = createServer((req, res) => {
    const cors = { 'Access-Control-Allow-Origin': '*' };
    if (req.method === 'OPTIONS') return void res.writeHead(204, { ...cors, 'Access-Control-Allow-Headers': '*' }).end();
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname).replace(/^\/data\//, '');
    log.push({ at: Date.now(), path });
    const file = join(root, 'data', path);
    if (path.includes('..') || !existsSync(file) || !path.endsWith('.json')) return void res.writeHead(404, cors).end('{"error":"not found"}');
    const body = readFileSync(file);
    const json = { ...cors, 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' };
    if (!failing || !failing.only.test(path)) return void res.writeHead(200, json).end(body);
    switch (failing.how) {
      case '500':
        return void res.writeHead(500, json).end('{"error":"temporary server problem"}');
      case 'invalid-json':
        return void res.writeHead(200, json).end('{"symbol": "ADBL", "ltp": 1,, oops}');
      case 'truncated':
        return void res.writeHead(200, json).end(body.subarray(0, body.length >> 1));
      case 'cut':
        // Promises the whole file, sends half, then hangs up.
        res.writeHead(200, { ...json, 'Content-Length': String(body.length) });
        res.write(body.subarray(0, body.length >> 1));
        return void setTimeout(() => res.destroy(), 50);
      case 'wrong-shape':
        return void res.writeHead(200, json).end('{"data": [{"symbol": 5, "ltp": "many"}]}');
    }
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    use: (d) => (root = d),
    fail: (how, only = /./) => (failing = how ? { how, only } : undefined),
    log,
    close: () =>
      new Promise((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

/** The most requests the upstream saw in any 60 s (less 0.5 s for delivery jitter). */
function busiestMinute(log: Upstream['log'], since = 0): number {
  const times = log.filter((r) => r.at >= since).map((r) => r.at);
  return Math.max(0, ...times.map((t) => times.filter((u) => u >= t && u < t + 59_500).length));
}

// --- data ------------------------------------------------------------------------------------------

const XSS_MARK = 'XSS probe';
const XSS_BODY = `<p><b>bold stays</b></p><img src="x" onerror="window.__xss = 1"><script>window.__xss = 2</script><a href="javascript:window.__xss = 3">link</a><svg onload="window.__xss = 4"></svg>`;

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;
type Row = { symbol: string; ltp: number | null; asset_type?: string };

/** A copy of a snapshot root with an XSS payload prepended to its disclosures (either layout). */
function withXss(from: string, to: string): string {
  rmSync(to, { recursive: true, force: true });
  cpSync(from, to, { recursive: true });
  for (const [file, layout] of [
    ['disclosures.json', 'b'],
    ['notify/disclosures.json', 'a'],
  ] as const) {
    const path = join(to, 'data', file);
    if (!existsSync(path)) continue;
    const list = readJson<unknown[]>(path);
    const item =
      layout === 'a'
        ? { id: 999_999, symbol: null, title: XSS_MARK, body: XSS_BODY, source: 'test', publishedAt: '2026-05-06T16:00:00', documents: [] }
        : { id: 999_999, newsHeadline: XSS_MARK, newsBody: XSS_BODY, addedDate: '2026-05-06T16:00:00', applicationDocumentDetailsList: [] };
    writeFileSync(path, JSON.stringify([item, ...list]));
  }
  return to;
}

const ne = (n: number) => formatNumber(n, 'ne', { decimals: 2 });

/** A file of the built sample, read by the core as the screens read it (layout A, the app's paths). */
function sample<K extends FileKind>(kind: K): AdapterValue<K> {
  const e = ENDPOINT_OF[kind];
  const path = e.upstream?.a ?? e.a[0]!;
  const r = readFileValue(kind, readJson(join(DATA, 'data', path)), path);
  if (r.value === undefined) throw new Error(`sample data/${path}: ${r.problems.map(formatProblem).join('; ')}`);
  return r.value;
}

// --- the page's side ---------------------------------------------------------------------------------

/** What the worker says about its files (its `market-status` answer); fails after 10 s without one, so a poll asks again. */
const workerStatus = (page: Page) => askWorker(page, 'market-status', {});

/** Asks the worker to refresh files now; the test follows what the screens show, not the answer. */
const refresh = async (page: Page, ask: { kinds?: string[]; paths?: string[] }): Promise<void> =>
  void askWorker(page, 'market-refresh', { reason: 'test', ...ask }, 120_000).catch(() => undefined);

/**
 * Whenever the worker waits for the rate limit (10 requests a minute), its clock is moved on a
 * minute (the build's test hooks), so a test does not wait out real minutes. Each move is
 * counted in the page's `__waitsSkipped`.
 */
const skipRateLimitWaits = (page: Page) =>
  page.addInitScript(() => {
    const w = window as unknown as { __waitsSkipped: number };
    w.__waitsSkipped = 0;
    navigator.serviceWorker?.addEventListener('message', (e) => {
      const b = e.data as { rpc?: string; type?: string; data?: { nextRequestAt?: number } } | null;
      if (b?.rpc !== 'broadcast' || b.type !== 'market-updated' || !b.data?.nextRequestAt) return;
      w.__waitsSkipped++;
      navigator.serviceWorker.controller?.postMessage({ rpc: 'ask', type: 'test-hooks', args: { advanceMs: 61_000 } });
    });
  });

const ltpCell = (page: Page, symbol: string) => page.locator(`#price-table tr[data-symbol="${symbol}"] td.ltp`);
/** How many rows the table holds (it draws only those in view). */
const tableRows = (page: Page) => page.locator('#price-table');

async function expectNoXss(page: Page, timeout = 10_000): Promise<void> {
  const item = page.locator('.news-item', { hasText: XSS_MARK });
  await expect(item).toBeVisible({ timeout });
  await expect(item.locator('.html b')).toHaveText('bold stays');
  const html = await item.locator('.html').innerHTML();
  expect(html).not.toMatch(/onerror|onload|<script|javascript:|<svg/i);
  // The markup holds no handler (above); the page has rendered two more frames, and any that ran would have set __xss.
  await page.evaluate(() => new Promise<void>((ok) => requestAnimationFrame(() => requestAnimationFrame(() => ok()))));
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
}

// --- setup ------------------------------------------------------------------------------------------

let upstream: Upstream;
let app: Switchable;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  WORK = mkdtempSync(join(tmpdir(), 'khoj-market-e2e-'));
  DATA = ALL_DATA;
  DIST = join(WORK, 'dist');
  // The upstream first: its address is the app's build-time default.
  upstream = await startUpstream(HAVE_B ? join(LAYOUT_B, SNAPSHOTS[0]!) : WORK);
  allWithUpstream(DIST, upstream.url);
  app = await serveSwitchable(DIST);
});

test.afterAll(async () => {
  await app?.close();
  await upstream?.close();
  if (WORK) rmSync(WORK, { recursive: true, force: true });
});

test.beforeEach(() => {
  upstream.fail(undefined);
  upstream.log.length = 0;
});

// --- the tests ---------------------------------------------------------------------------------------

test('layout B upstream: shown, offline, refreshed, and never replaced by a bad answer', async ({ page, context }) => {
  test.skip(!HAVE_B, `no real layout B snapshots in ${LAYOUT_B}`);
  test.setTimeout(300_000);
  const [s1, s2] = SNAPSHOTS.map((s) => withXss(join(LAYOUT_B, s), join(WORK, `upstream-${s}`))) as [string, string];
  const rows1 = new Map(readJson<Row[]>(join(s1, 'data/nepse_data.json')).map((r) => [r.symbol, r]));
  const rows2 = readJson<Row[]>(join(s2, 'data/nepse_data.json'));
  // A security whose price moved between the two snapshots.
  const moved = rows2.find((r) => !r.asset_type && r.ltp && rows1.get(r.symbol)?.ltp && rows1.get(r.symbol)!.ltp !== r.ltp)!;
  const before = rows1.get(moved.symbol)!.ltp!;
  upstream.use(s1);
  await skipRateLimitWaits(page);

  // Snapshot 1, straight from the upstream the app was built with (layout B, detected).
  await openApp(page, app.url, '#/market/prices');
  await expect(tableRows(page)).toHaveAttribute('data-rows', String(rows1.size), { timeout: 30_000 });
  await page.locator('#price-filter').fill(moved.symbol);
  await expect(ltpCell(page, moved.symbol)).toHaveText(ne(before));
  expect((await workerStatus(page)).layout).toBe('b');
  await expect(page.locator('.market-sample')).toHaveCount(0);

  // Offline: still there, from the device.
  await context.setOffline(true);
  await page.goto(`${app.url}/#/market/prices?q=${encodeURIComponent(moved.symbol)}`);
  await page.reload();
  await expect(page.locator('#offline-banner')).toBeVisible();
  await expect(ltpCell(page, moved.symbol)).toHaveText(ne(before));

  // Online again, snapshot 2 upstream, the refresh button: the new prices (once the rate limit allows).
  await context.setOffline(false);
  upstream.use(s2);
  await page.locator('#market-refresh').click();
  await expect(ltpCell(page, moved.symbol)).toHaveText(ne(moved.ltp!), { timeout: 100_000 });
  await page.locator('#price-filter').fill('');
  await expect(tableRows(page)).toHaveAttribute('data-rows', String(rows2.length));
  await page.locator('#price-filter').fill(moved.symbol);
  await expect(page.locator('.market-stale')).toHaveCount(0);

  // Every way of failing: the good file stays, marked stale with the reason (its code, then its
  // values: the status, the validators' problems, what the browser said).
  const expected: Record<Failure, RegExp> = {
    '500': /http 500/,
    'invalid-json': /invalid .*not valid JSON/,
    truncated: /invalid .*not valid JSON.*truncated/,
    cut: /cut-short|unreachable/,
    'wrong-shape': /invalid .*expected an array/,
  };
  for (const how of Object.keys(expected) as Failure[]) {
    upstream.fail(how, /^nepse_data\.json$/);
    const asked = Date.now();
    await refresh(page, { paths: ['nepse_data.json'] });
    await expect
      .poll(
        async () => {
          const f = (await workerStatus(page)).files.find((x) => x.path === 'nepse_data.json');
          return f && f.checkedAt !== undefined && f.checkedAt >= asked - 1000
            ? `${f.stale} ${f.problem?.code} ${f.problem?.status ?? ''} ${(f.problem?.problems ?? []).map((x) => x.message).join('; ')} ${f.problem?.said ?? ''}`
            : 'not tried yet';
        },
        { timeout: 100_000, message: how },
      )
      .toMatch(new RegExp(`^true .*${expected[how].source}`));
    await expect(page.locator('.market-stale')).toBeVisible();
    await expect(ltpCell(page, moved.symbol)).toHaveText(ne(moved.ltp!));
    // Both layouts' names of the file keep the good copy.
    for (const path of ['nepse_data.json', 'exchange_data.json', 'market/live.json']) {
      const res = await page.evaluate(async (p) => {
        const r = await fetch(`data/${p}`);
        return { stale: r.headers.get('X-Khoj-Stale'), rows: ((await r.json()) as unknown[]).length };
      }, path);
      expect(res, `${how}: ${path}`).toEqual({ stale: '1', rows: rows2.length });
    }
  }

  // A good answer again clears the badge.
  upstream.fail(undefined);
  await page.locator('#market-refresh').click();
  await expect(page.locator('.market-stale')).toHaveCount(0, { timeout: 100_000 });

  // The disclosures (with an XSS payload): the HTML is shown cleaned, the payload never runs.
  await page.goto(`${app.url}/#/market/news/disclosures`);
  await page.locator('#market-refresh').click();
  await expectNoXss(page, 100_000);

  // Never more than 10 requests in a minute of the worker's clock: it waited for the window (the
  // waits skipped above) rather than send more. (tests/market/refresher.test.ts counts every request's time.)
  expect(await page.evaluate(() => (window as unknown as { __waitsSkipped: number }).__waitsSkipped)).toBeGreaterThan(0);
  expect((await workerStatus(page)).sentLastMinute).toBeLessThanOrEqual(10);
});

test('layout A upstream set in the settings: detected, refreshed, disclosures sanitised', async ({ page }) => {
  test.setTimeout(240_000);
  // Our own generated output (both layouts; a client finds layout A) with one price changed.
  const root = withXss(DATA, join(WORK, 'upstream-a'));
  const rows = readJson<Row[]>(join(root, 'data/nepse_data.json'));
  const target = rows.find((r) => !r.asset_type && r.ltp)!;
  for (const file of ['nepse_data.json', 'exchange_data.json', 'market/live.json']) {
    const list = readJson<Row[]>(join(root, 'data', file));
    writeFileSync(join(root, 'data', file), JSON.stringify(list.map((r) => (r.symbol === target.symbol ? { ...r, ltp: 4321.5 } : r))));
  }
  const a = await startUpstream(root);
  // The build-time upstream is down for this test.
  upstream.fail('500');
  try {
    await openApp(page, app.url, `#/market/prices?q=${encodeURIComponent(target.symbol)}`);
    // The bundled snapshot, labelled as the sample it is.
    await expect(ltpCell(page, target.symbol)).toHaveText(ne(target.ltp!));
    await expect(page.locator('.market-sample').first()).toBeVisible();

    await page.goto(`${app.url}/#/market/settings`);
    await page.locator('#upstream-input').fill(`${a.url}/data/`);
    await page.locator('#upstream-save').click();
    // Said once the worker has taken the new source.
    await expect(page.locator('#settings-message.saved')).toHaveText(/Saved; refreshing|नयाँ स्रोतबाट ताजा/);
    // Asked for at once, these come before the rest (which waits for the rate limit).
    await refresh(page, { kinds: ['disclosures', 'stocks'] });
    // The worker reads the setting from IndexedDB, finds the layout and says so; so does the page.
    const stored = () =>
      page.evaluate(
        () =>
          new Promise<string>((ok) => {
            const r = indexedDB.open('khoj-market');
            r.onsuccess = () => {
              const g = r.result.transaction('meta').objectStore('meta').get('settings');
              g.onsuccess = () => ok(JSON.stringify(g.result));
            };
          }),
      );
    await expect.poll(async () => `${(await workerStatus(page)).upstream} ${await stored()}`, { timeout: 90_000 }).toMatch(new RegExp(`^${a.url} `));
    await expect(page.locator('#current-upstream')).toHaveText(a.url, { timeout: 90_000 });
    await expect(page.locator('#current-layout')).toHaveAttribute('data-layout', 'a', { timeout: 90_000 });

    await page.goto(`${app.url}/#/market/prices?q=${encodeURIComponent(target.symbol)}`);
    await expect(ltpCell(page, target.symbol)).toHaveText(ne(4321.5), { timeout: 100_000 });
    await expect(page.locator('.market-sample')).toHaveCount(0);
    await page.goto(`${app.url}/#/market/news/disclosures`);
    await expectNoXss(page, 100_000);
    expect(a.log.some((r) => r.path === 'market/status.json')).toBe(true);
    expect(busiestMinute([...upstream.log, ...a.log])).toBeLessThanOrEqual(10);
  } finally {
    await a.close();
  }
});

test('the settings form waits for the stored settings, so they never overwrite what is typed', async ({ page }) => {
  // The bug behind an order-dependent failure: `.upstream-form { display: flex }` beat the form's
  // `hidden`, so a reader (or a test) could type before a slow read of the settings replaced it with "".
  await openApp(page, app.url, '#/market');
  // Holds a read-write transaction on the settings' store until released: reads of it wait.
  await page.evaluate(
    () =>
      new Promise<void>((ok) => {
        const r = indexedDB.open('khoj-market');
        r.onsuccess = () => {
          const store = r.result.transaction('meta', 'readwrite').objectStore('meta');
          store.put({ upstream: 'https://stored.example/data/', layout: 'b' }, 'settings');
          (window as { hold?: boolean }).hold = true;
          const spin = () => {
            if ((window as { hold?: boolean }).hold) store.get('settings').onsuccess = spin;
          };
          spin();
          ok();
        };
      }),
  );
  await page.goto(`${app.url}/#/market/settings`);
  await expect(page.locator('.market-settings h1')).toBeVisible();
  await expect(page.locator('#upstream-input')).toBeHidden();
  await page.evaluate(() => ((window as { hold?: boolean }).hold = false));
  await expect(page.locator('#upstream-input')).toHaveValue('https://stored.example/data/');
  await expect(page.locator('#layout-select')).toHaveValue('b');
});

// BS first, AD beside, in Devanagari digits: "४ मंसिर २०८३ (२०२६-११-२०)", "४ मंसिर २०८३, १२:०८ (२०२६-११-२०)".
const BS_FIRST_NE = /[०-९]{1,2} [\u0900-\u097F]+ [०-९]{4}(, [०-९]{2}:[०-९]{2})? \([०-९]{4}-[०-९]{2}-[०-९]{2}[ –०-९-]*\)/;
const BS_FIRST_EN = /\d{1,2} [A-Z][a-z]+ \d{4}(, \d{2}:\d{2} NPT)? \(\d{4}-\d{2}-\d{2}[ –\d-]*\)/;

test('every market screen at 360×640 writes dates in Bikram Sambat first, AD beside, in Devanagari digits; in English, Latin digits', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await openApp(page, app.url, '#/market');
  const firstMatch = async (selector: string, re: RegExp) => {
    const texts = await page.locator(selector).allTextContents();
    expect(texts.length, `${selector} on ${page.url()}`).toBeGreaterThan(0);
    for (const t of texts) expect(t, `${selector} on ${page.url()}`).toMatch(re);
    // No AD written first in the Nepali interface.
    if (re === BS_FIRST_NE) for (const t of texts) expect(t).not.toMatch(/^[^(]*[०-९]{4}-[०-९]{2}-[०-९]{2}/);
  };
  // Status "as of" on the home and prices screens.
  await expect(page.locator('.data-status .as-of').first()).toBeVisible();
  await firstMatch('.data-status .as-of', BS_FIRST_NE);
  await page.goto(`${app.url}/#/market/prices`);
  await expect(page.locator('.data-status .as-of').first()).toBeVisible();
  await firstMatch('.data-status .as-of', BS_FIRST_NE);
  // Notices, IPO windows and announcements, the dividends' book-close dates.
  await page.goto(`${app.url}/#/market/news`);
  await expect(page.locator('.when').first()).toBeVisible();
  await firstMatch('.when', BS_FIRST_NE);
  await page.goto(`${app.url}/#/market/ipo`);
  await expect(page.locator('.ipo-days').first()).toBeVisible();
  await firstMatch('.ipo-days', BS_FIRST_NE);
  await page.goto(`${app.url}/#/market/dividends`);
  await expect(page.locator('table.dividends tbody tr').first()).toBeVisible();
  const bookClose = page.locator('table.dividends tbody td').filter({ hasText: /वि|[०-९]{4}-[०-९]{2}/ });
  await expect(bookClose.first()).toHaveText(new RegExp(`^${BS_FIRST_NE.source}$`));
  // A stock page: its dividends, the year's high and low, the chart's first and last day.
  const symbol = (await page.locator('table.dividends tbody th a').first().textContent())!;
  await page.goto(`${app.url}/#/market/symbol/${symbol}`);
  await expect(page.locator('.axis.dates span').first()).toBeVisible();
  await firstMatch('.axis.dates span', BS_FIRST_NE);
  await firstMatch('.data-status .as-of', BS_FIRST_NE);
  // In English, Latin digits, BS still first.
  await page.goto(`${app.url}/#/market/news`);
  await expect(page.locator('.when').first()).toBeVisible();
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('.when').first()).toContainText(BS_FIRST_EN);
  await firstMatch('.when', BS_FIRST_EN);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('the market validators are stored with the worker: a restarted worker refreshes with them gone from the server', async ({ page, context }) => {
  test.setTimeout(180_000);
  // Our generated snapshot upstream (layout A), then the same with one price changed.
  const [same, changed] = ['upstream-same', 'upstream-changed'].map((d) => {
    rmSync(join(WORK, d), { recursive: true, force: true });
    cpSync(DATA, join(WORK, d), { recursive: true });
    return join(WORK, d);
  }) as [string, string];
  const target = readJson<Row[]>(join(changed, 'data/market/live.json')).find((r) => !r.asset_type && r.ltp)!;
  for (const file of ['nepse_data.json', 'exchange_data.json', 'market/live.json']) {
    const list = readJson<Row[]>(join(changed, 'data', file));
    writeFileSync(join(changed, 'data', file), JSON.stringify(list.map((r) => (r.symbol === target.symbol ? { ...r, ltp: 1234.5 } : r))));
  }
  upstream.use(same);
  const script = readdirSync(DIST).find((f) => /^sw-market-\w+\.js$/.test(f))!;
  const hidden = join(WORK, script);
  // The refresh after the restart finds the rate limit spent by the first visit's: its wait is skipped.
  await skipRateLimitWaits(page);
  try {
    await openApp(page, app.url, `#/market/prices?q=${encodeURIComponent(target.symbol)}`);
    await expect(ltpCell(page, target.symbol)).toHaveText(ne(target.ltp!));
    await expect.poll(async () => (await workerStatus(page)).layout, { timeout: 30_000 }).toBe('a');

    // The script is no longer on the server, and the worker that imported it at install is stopped.
    renameSync(join(DIST, script), hidden);
    expect(await page.evaluate(async (s) => (await fetch(s)).status, script)).toBe(404);
    await restartWorker(context, page);

    // The worker starts again for this refresh, imports the validators from its own store,
    // and takes in the new price.
    upstream.use(changed);
    await refresh(page, { kinds: ['stocks'] });
    await expect(ltpCell(page, target.symbol)).toHaveText(ne(1234.5), { timeout: 100_000 });
    const live = (await workerStatus(page)).files.find((f) => f.path === 'market/live.json')!;
    expect(live.stale).toBe(false);
  } finally {
    if (existsSync(hidden)) renameSync(hidden, join(DIST, script));
  }
});

test('the sample snapshot: home, price table, symbol page with chart, watchlist, both languages', async ({ page }) => {
  test.setTimeout(120_000);
  upstream.fail('500');
  const stocks = readJson<Row[]>(join(DATA, 'data/nepse_data.json'));
  const summary = readJson<Array<{ detail: string; value: number }>>(join(DATA, 'data/market/summary.json'));
  const shares = summary.find((m) => /traded shares/i.test(m.detail))!.value;

  await openApp(page, app.url, '#/market');
  // Home: status, four indices, the day's figures in Nepali digits and lakh grouping, the rankings.
  await expect(page.locator('#market-phase')).toBeVisible();
  await expect(page.locator('.indices li')).toHaveCount(4);
  await expect(page.locator('#summary dd').nth(1)).toHaveText(formatNumber(shares, 'ne'));
  expect(formatNumber(shares, 'ne')).toMatch(/^[०-९]{1,2}(,[०-९]{2})*,[०-९]{3}$/);
  await expect(page.locator('#top-stocks .top-list li')).toHaveCount(10);
  await expect(page.locator('.market-sample').first()).toBeVisible();
  // The upstream is down: the data is the last good one, and says so.
  await expect(page.locator('.market-stale').first()).toBeVisible({ timeout: 30_000 });

  // The table: every row, sort both ways by price, filter by sector and text; funds marked.
  await page.goto(`${app.url}/#/market/prices`);
  const body = page.locator('#price-table tbody tr[data-symbol]');
  await expect(tableRows(page)).toHaveAttribute('data-rows', String(stocks.length));
  const fund = stocks.find((r) => r.asset_type === 'open_ended_mutual_fund')!;
  await page.locator('#price-filter').fill(fund.symbol);
  await expect(page.locator(`#price-table tr[data-symbol="${fund.symbol}"] abbr.fund`)).toBeVisible();
  await page.locator('#price-filter').fill('');
  const prices = stocks.map((r) => r.ltp).filter((x): x is number => x !== null);
  await page.locator('th button[data-sort="ltp"]').click();
  await expect(body.first().locator('td.ltp')).toHaveText(ne(Math.max(...prices)));
  await page.locator('th button[data-sort="ltp"]').click();
  await expect(body.first().locator('td.ltp')).toHaveText(ne(Math.min(...prices)));
  const sector = (await page.locator('#sector-filter option').nth(1).textContent())!;
  await page.locator('#sector-filter').selectOption(sector);
  const inSector = Number(await tableRows(page).getAttribute('data-rows'));
  expect(inSector).toBeGreaterThan(0);
  expect(inSector).toBeLessThan(stocks.length);
  await page.locator('#price-filter').fill(stocks[0]!.symbol);
  await page.locator('#sector-filter').selectOption('');
  await expect(body.first()).toHaveAttribute('data-symbol', stocks[0]!.symbol);

  // A symbol: quote, a year of history drawn, 52-week high and low, sector; onto the watchlist.
  const symbol = stocks.find((r) => !r.asset_type && r.ltp)!.symbol;
  await page.goto(`${app.url}/#/market/symbol/${encodeURIComponent(symbol)}?range=1y`);
  await expect(page.locator('#quote-ltp')).toBeVisible();
  await expect(page.locator('#price-chart')).toBeVisible();
  expect(Number(await page.locator('#price-chart').getAttribute('data-points'))).toBeGreaterThan(150);
  await expect(page.locator('#price-chart path.line')).toHaveAttribute('d', /^M[\d.]+ [\d.]+(L[\d.]+ [\d.]+)+$/);
  await expect(page.locator('#week52 dd')).toHaveCount(3);
  await page.locator('[data-range="1m"]').click();
  await expect.poll(async () => Number(await page.locator('#price-chart').getAttribute('data-points'))).toBeLessThan(30);
  await expect(page.locator('.company .sector')).toBeVisible();
  await page.locator('#watch-toggle').click();
  await expect(page.locator('#watch-toggle')).toHaveAttribute('aria-pressed', 'true');
  await page.goto(`${app.url}/#/market/watchlist`);
  await page.reload();
  await expect(tableRows(page)).toHaveAttribute('data-rows', '1');
  await expect(page.locator(`#price-table tr[data-symbol="${symbol}"]`)).toBeVisible();

  // English: thousands grouping in ASCII digits.
  await page.locator('header nav button', { hasText: 'English' }).click();
  await page.goto(`${app.url}/#/market`);
  await expect(page.locator('#summary dd').nth(1)).toHaveText(formatNumber(shares, 'en'));
  expect(formatNumber(shares, 'en')).toMatch(/^\d{1,3}(,\d{3})+$/);

  // The other screens show what their files hold (the first page of a list: 30 items).
  const notices = sample('notices').general;
  const messages = sample('messages');
  const upcoming = sample('ipoUpcoming');
  const brokers = sample('brokers');
  const dividends = latestDividends(sample('dividendHistory'), '');
  for (const [path, selector, count, first] of [
    ['news/notices', '#news-list > li h2', Math.min(30, notices.length), notices[0]?.heading],
    ['news/messages', '#news-list > li h2', Math.min(30, messages.length), messages[0]?.title],
    ['ipo', '#ipo-upcoming li', upcoming.length, upcoming[0]?.company],
    ['dividends', 'table.plain tbody tr', dividends.length, dividends[0]?.symbol],
    ['brokers', 'table.plain tbody tr', brokers.length, brokers[0]?.memberName],
  ] as const) {
    expect(count, `${path}: the sample has items`).toBeGreaterThan(0);
    await page.goto(`${app.url}/#/market/${path}`);
    await expect(page.locator(selector), path).toHaveCount(count);
    await expect(page.locator(selector).first(), path).toContainText(String(first).trim().slice(0, 40));
  }
});
