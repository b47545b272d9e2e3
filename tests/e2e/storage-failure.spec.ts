// When IndexedDB fails, lookups go on from the network and the reader is told plainly.

import { expect, test } from '@playwright/test';
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
