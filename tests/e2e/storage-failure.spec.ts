// When IndexedDB fails, lookups go on from the network and the reader is told plainly: the
// dictionary's words here, the market's screens at the end (the catalog's in books-api.spec.ts).

import { expect, type Page, test } from '@playwright/test';
import { serveSwitchable, type Switchable } from '../../harness/http.ts';
import { askWorker } from '../../harness/ask-worker.ts';
import { expectEntry, openApp, start, workerStatus } from './helpers.ts';
import { ALL_DIST } from '../../harness/variant.ts';
import { MARKET_DB_VERSION } from '../../src/databases/market/db.ts';

let server: Switchable;
test.beforeEach(async () => {
  server = await start();
});
test.afterEach(async () => {
  await server.close();
});

/** Every write in the worker fails from now on, as a full disk makes it fail. */
const fillTheDisk = (worker: { evaluate(f: () => void): Promise<void> }) =>
  worker.evaluate(() => {
    const full = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    IDBObjectStore.prototype.put = full;
    IDBObjectStore.prototype.add = full;
  });

test('a corrupted stored file is dropped and fetched again', async ({ page }) => {
  await openApp(page, server.url, `#/word/${encodeURIComponent('किरण')}`);
  await expectEntry(page, 'किरण');
  await expect.poll(async () => (await workerStatus(page)).paths).toContain(`words-by-letter/क.json`);
  // Damage the row behind the worker's back, as a broken disk or extension might.
  await page.evaluate(
    () =>
      new Promise<void>((ok, fail) => {
        const open = indexedDB.open('khoj-dictionary');
        open.onerror = () => fail(open.error);
        open.onsuccess = () => {
          const store = open.result.transaction('files', 'readwrite').objectStore('files');
          const cursor = store.openCursor();
          cursor.onsuccess = () => {
            const c = cursor.result;
            if (!c) return ok();
            // Truncated: the first bytes of the stored body, the row otherwise as it was.
            if (c.value.path === 'words-by-letter/क.json') c.update({ ...c.value, body: (c.value.body as ArrayBuffer).slice(0, 7) });
            c.continue();
          };
        };
      }),
  );
  await page.goto(`${server.url}/#/word/${encodeURIComponent('किताब')}`);
  await expectEntry(page, 'किताब');
  await expect(page.getByRole('alert')).toContainText(/साँच्न सकिएन|Could not store/);
  // The damaged row was replaced by a good copy from the network.
  await page.reload();
  await expectEntry(page, 'किताब');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

/**
 * Opens the dictionary's database from the page at `version`, as a newer build of the app would:
 * the worker closes its connection (and opens again on its next lookup). `hold` keeps this
 * connection open and deaf to later upgrades, as an old tab of an older build would.
 */
function openFromPage(page: Page, version: number, hold: boolean, name = 'khoj-dictionary'): Promise<void> {
  return page.evaluate(
    ([v, keep, db]) =>
      new Promise<void>((ok, fail) => {
        const open = indexedDB.open(db, v);
        open.onerror = () => fail(open.error);
        open.onblocked = () => fail(new Error('the worker did not let the upgrade through'));
        open.onsuccess = () => {
          if (keep) (window as unknown as { held: IDBDatabase }).held = open.result;
          else open.result.close();
          ok();
        };
      }),
    [version, hold, name] as const,
  );
}

const word = (w: string) => `#/word/${encodeURIComponent(w)}`;
const notStored = async (page: Page, letter: string) => expect((await workerStatus(page)).paths).not.toContain(`words-by-letter/${letter}.json`);

test('a full disk: words still open, from the network, and the reader is told the device is out of space', async ({ page, context }) => {
  await openApp(page, server.url, word('किरण'));
  await expectEntry(page, 'किरण');
  const [worker] = context.serviceWorkers();
  await fillTheDisk(worker!);
  await page.goto(`${server.url}/${word('नमस्ते')}`);
  await expectEntry(page, 'नमस्ते');
  await expect(page.getByRole('alert')).toContainText(/ठाउँ पुगेन|out of storage/);
  expect((await workerStatus(page)).storage).toBe('quota');
  await notStored(page, 'न');
  // What was stored before still opens.
  await page.goto(`${server.url}/${word('किताब')}`);
  await expectEntry(page, 'किताब');
});

test('no IndexedDB at all (private mode, storage switched off): words open from the network, and the reader is told', async ({ page, context }) => {
  await openApp(page, server.url, word('किरण'));
  await expectEntry(page, 'किरण');
  const [worker] = context.serviceWorkers();
  await worker!.evaluate(() => {
    IDBFactory.prototype.open = () => {
      throw new DOMException('A mutation operation was attempted on a database that did not allow mutations.', 'InvalidStateError');
    };
  });
  // The worker lets go of its connection; its next open fails.
  await openFromPage(page, 2, false);
  // A word in a chunk the page has not read yet.
  await page.goto(`${server.url}/${word('विश्वास')}`);
  await expectEntry(page, 'विश्वास');
  await expect(page.getByRole('alert')).toContainText(/साँच्न सकिएन|Could not store/);
  expect((await workerStatus(page)).storage).toBe('unavailable');
});

test('an upgrade blocked by an old tab: words open from the network at once, and the reader is told', async ({ page, context }) => {
  await openApp(page, server.url, word('किरण'));
  await expectEntry(page, 'किरण');
  // A newer worker upgrades the database (to version 3)...
  const [worker] = context.serviceWorkers();
  await worker!.evaluate(() => {
    const open = IDBFactory.prototype.open;
    IDBFactory.prototype.open = function (name: string, version?: number) {
      return open.call(this, name, name === 'khoj-dictionary' ? 3 : version);
    };
  });
  // ...while an old tab holds version 2 open and ignores the request to close.
  await openFromPage(page, 2, true);
  // Words in chunks the page has not read yet: each answer waits for no open.
  for (const w of ['देश', 'बिहान', 'हो']) {
    await page.goto(`${server.url}/${word(w)}`);
    await expectEntry(page, w);
  }
  await expect(page.getByRole('alert')).toContainText(/साँच्न सकिएन|Could not store/);
  expect((await workerStatus(page)).storage).toBe('blocked');
});

test.describe('the market', () => {
  let market: Switchable;
  test.beforeAll(async () => {
    // The suite's shared build, whose upstream nobody answers at: every file comes from the app's own snapshot.
    market = await serveSwitchable(ALL_DIST);
  });
  test.afterAll(async () => {
    await market?.close();
  });

  /** The worker's answer for a market file: its status and what it says about device storage. */
  const marketAnswer = (page: Page, path: string) =>
    page.evaluate(async (p) => {
      const res = await fetch(p);
      return { status: res.status, source: res.headers.get('X-Khoj-Source'), problem: res.headers.get('X-Khoj-Storage-Problem') };
    }, `data/${path}`);
  const brokers = (page: Page) => page.locator('table.plain tbody tr');
  /** The market worker's status: what it says about device storage. */
  const marketStorage = async (page: Page) => (await askWorker(page, 'market-status', {})).storage;
  const MARKET_PROBLEM = /बजार डाटा साँच्न सकिएन|Could not store market data/;

  test('a full disk: market screens still open, from the app’s own copy, and the reader is told the device is out of space', async ({ page, context }) => {
    await openApp(page, market.url, '#/market/prices');
    await expect(page.locator('#price-table tbody tr[data-symbol]').first()).toBeVisible();
    // Stored through the worker before the disk fills.
    expect(await marketAnswer(page, 'nepse_data.json')).toMatchObject({ status: 200, problem: null });
    await fillTheDisk(context.serviceWorkers()[0]!);
    // A screen whose files were never stored.
    await page.goto(`${market.url}/#/market/brokers`);
    await expect(brokers(page).first()).toBeVisible();
    expect(await brokers(page).count()).toBeGreaterThan(10);
    await expect(page.getByRole('alert')).toContainText(/बजार डाटा इन्टरनेटबाट|reading market data from the network/);
    expect(await marketAnswer(page, 'market/sector_indices.json')).toMatchObject({ status: 200, source: 'network', problem: 'quota' });
    // What was stored before still opens, and says the disk is still full.
    expect(await marketAnswer(page, 'nepse_data.json')).toMatchObject({ status: 200, source: 'idb', problem: 'quota' });
    // The worker's status names the problem, and so does the settings screen.
    expect(await marketStorage(page)).toBe('quota');
    await page.goto(`${market.url}/#/market/settings`);
    await expect(page.locator('#market-storage')).toContainText(/यन्त्रमा ठाउँ पुगेन|out of storage/);
  });

  test('no IndexedDB at all: market screens open from the network, and the reader is told', async ({ page, context }) => {
    await openApp(page, market.url, '#/market/prices');
    await expect(page.locator('#price-table tbody tr[data-symbol]').first()).toBeVisible();
    await context.serviceWorkers()[0]!.evaluate(() => {
      IDBFactory.prototype.open = () => {
        throw new DOMException('A mutation operation was attempted on a database that did not allow mutations.', 'InvalidStateError');
      };
    });
    // The worker lets go of its connection; its next open fails.
    // A version above the market database's own, so it is an upgrade (a fixed 3 stopped being one
    // when the database went to version 3).
    await openFromPage(page, MARKET_DB_VERSION + 1, false, 'khoj-market');
    await page.goto(`${market.url}/#/market/brokers`);
    await expect(brokers(page).first()).toBeVisible();
    await expect(page.getByRole('alert')).toContainText(MARKET_PROBLEM);
    expect(await marketAnswer(page, 'nepse_data.json')).toMatchObject({ status: 200, source: 'network', problem: 'unavailable' });
    // In the market, the banner speaks of the market, not of words.
    await expect(page.getByRole('alert')).not.toContainText(/शब्द|words/);
    // The status still answers, naming the problem.
    expect(await marketStorage(page)).toBe('unavailable');
  });
});
