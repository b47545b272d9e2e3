// When IndexedDB fails, lookups go on from the network and the reader is told plainly.

import { expect, type Page, test } from '@playwright/test';
import type { Switchable } from '../helpers/http.ts';
import { expectEntry, openApp, start, workerStatus } from './helpers.ts';

let server: Switchable;
test.beforeEach(async () => {
  server = await start();
});
test.afterEach(async () => {
  await server.close();
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
            if (c.value.path === 'words-by-letter/क.json') c.update({ ...c.value, body: '{"trunc' });
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
function openFromPage(page: Page, version: number, hold: boolean): Promise<void> {
  return page.evaluate(
    ([v, keep]) =>
      new Promise<void>((ok, fail) => {
        const open = indexedDB.open('khoj-dictionary', v);
        open.onerror = () => fail(open.error);
        open.onblocked = () => fail(new Error('the worker did not let the upgrade through'));
        open.onsuccess = () => {
          if (keep) (window as unknown as { held: IDBDatabase }).held = open.result;
          else open.result.close();
          ok();
        };
      }),
    [version, hold] as const,
  );
}

const word = (w: string) => `#/word/${encodeURIComponent(w)}`;
const notStored = async (page: Page, letter: string) => expect((await workerStatus(page)).paths).not.toContain(`words-by-letter/${letter}.json`);

test('a full disk: words still open, from the network, and the reader is told the device is out of space', async ({ page, context }) => {
  await openApp(page, server.url, word('किरण'));
  await expectEntry(page, 'किरण');
  const [worker] = context.serviceWorkers();
  // Every write in the worker now fails as a full disk makes it fail.
  await worker!.evaluate(() => {
    const full = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    IDBObjectStore.prototype.put = full;
    IDBObjectStore.prototype.add = full;
  });
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
