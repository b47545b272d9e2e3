// Hosted under a sub-path, as {base_url} may be: the worker's scope, the data paths
// and offline use all follow the page's own folder.

import { expect, test } from '@playwright/test';
import { expectEntry, openApp, pageFetch, start, workerStatus } from './helpers.ts';

test('works under /khoj/, online and offline', async ({ page, context }) => {
  const server = await start('dist-a', '/khoj');
  try {
    await openApp(page, `${server.url}/khoj`, `#/word/${encodeURIComponent('नमस्ते')}`);
    await expectEntry(page, 'नमस्ते');
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.scope);
    expect(scope).toBe(`${server.url}/khoj/`);
    await page.goto(`${server.url}/khoj/#/word/${encodeURIComponent('धन्यवाद')}`);
    await expectEntry(page, 'धन्यवाद');
    // Its chunk, as the letter's word index names it, is kept by the worker: only then go offline.
    const index = (await pageFetch(page, `api/v1/words-by-letter/${encodeURIComponent('ध')}.json`)).body as { words: Array<{ word: string; path: string }> };
    const chunk = index.words.find((w) => w.word === 'धन्यवाद')!.path;
    await expect.poll(async () => (await workerStatus(page)).paths, { timeout: 20_000 }).toContain(chunk);
    await context.setOffline(true);
    await page.reload();
    await expectEntry(page, 'धन्यवाद');
    expect((await pageFetch(page, 'api/v1/letters.json')).source).toBe('idb');
  } finally {
    await server.close();
  }
});
