// A refresh problem stored as English text by a version before refresh-problem.ts is converted
// once, when this version's worker opens khoj-market (its upgrade to version 3), into the data the
// screens translate: tested with a real IndexedDB in Chromium holding an old version-2 database.

import { expect, test } from '@playwright/test';
import { serveSwitchable, type Switchable } from '../../harness/http.ts';
import { askWorker } from '../../harness/ask-worker.ts';
import { ALL_DIST } from '../../harness/variant.ts';
import { openApp } from './helpers.ts';

/** A month of the price history: no refresh at start-up touches it, so only the upgrade can change its row. */
const OLD = 'ltp/monthly/2019-01.json';
const OLD_ROWS = [
  { path: OLD, stale: true, problem: 'HTTP 503 Service Unavailable', checkedAt: 1 },
  { path: 'ltp/monthly/2019-02.json', stale: true, problem: 'kept aside as stale: older than the stored copy', checkedAt: 1 },
];

let app: Switchable;
test.beforeAll(async () => {
  app = await serveSwitchable(ALL_DIST);
});
test.afterAll(async () => {
  await app?.close();
});

test('an older version’s English reasons become data once, and the settings screen says them in the reader’s language', async ({ page }) => {
  // The origin's storage before this version's worker runs: a page with no script of the app.
  await page.goto(`${app.url}/manifest.webmanifest`);
  await page.evaluate(
    (rows) =>
      new Promise<void>((ok, fail) => {
        const r = indexedDB.open('khoj-market', 2);
        r.onupgradeneeded = () => {
          const d = r.result;
          d.createObjectStore('files', { keyPath: 'path' });
          const status = d.createObjectStore('status', { keyPath: 'path' });
          d.createObjectStore('meta');
          d.createObjectStore('watchlist', { keyPath: 'symbol' }).createIndex('at', 'at');
          d.createObjectStore('alerts', { keyPath: 'id' });
          d.createObjectStore('fired', { keyPath: 'id' });
          for (const row of rows) status.put(row);
        };
        r.onsuccess = () => (r.result.close(), ok());
        r.onerror = () => fail(r.error);
      }),
    OLD_ROWS,
  );

  await openApp(page, app.url, '#/saved');
  const status = await askWorker(page, 'market-status', {});
  expect(status.files.find((f) => f.path === OLD)?.problem).toEqual({ code: 'http', status: 503, said: 'Service Unavailable' });

  // Stored as data now, in the upgraded database.
  const stored = await page.evaluate(
    (path) =>
      new Promise<{ version: number; problem: unknown }>((ok, fail) => {
        const r = indexedDB.open('khoj-market');
        r.onsuccess = () => {
          const g = r.result.transaction('status').objectStore('status').get(path);
          g.onsuccess = () => (ok({ version: r.result.version, problem: (g.result as { problem: unknown }).problem }), r.result.close());
        };
        r.onerror = () => fail(r.error);
      }),
    OLD,
  );
  expect(stored).toEqual({ version: 3, problem: { code: 'http', status: 503, said: 'Service Unavailable' } });

  await page.goto(`${app.url}/#/market/settings`);
  await page.locator('.files-details summary').click();
  const row = page.locator(`tr[data-path="${OLD}"]`);
  await expect(row).toContainText(/स्रोतले डाटा दिएन \(त्रुटि ५०३\)|The source did not give the data \(error 503\)/);
  await expect(page.locator('tr[data-path="ltp/monthly/2019-02.json"]')).toContainText(
    /नयाँ डाटा साँचिएकोभन्दा पुरानो वा अधुरो थियो|The new data was older or emptier/,
  );
});
