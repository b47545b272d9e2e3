// Fault runs for the dictionary in Chromium: the network breaking in the middle of "save the whole
// dictionary" (its pack, fetched with Range) and of a build switch, a damaged pack, damaged files
// answered with 200, and damaged stored rows.
// After every fault, each stored file must still be a whole, valid file of one build.

import { expect, type Page, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Fault, type FaultyServer, serveFaulty } from '../helpers/faulty-server.ts';
import { askWorker } from '../../harness/ask-worker.ts';
import { PACK_INDEX, type PackIndexFile } from '../../src/core/dictionary/pack/files.ts';
import { dist, expectEntry, openApp, restartWorker, workerStatus } from './helpers.ts';

const A = '2026-01-01T00:00:00Z';
const B = '2026-02-01T00:00:00Z';
const WORD = 'किरण';

let server: FaultyServer;
test.beforeEach(async () => {
  server = await serveFaulty(dist('dist-a'));
});
test.afterEach(async () => {
  console.log(`served: ${JSON.stringify(server.served)}`);
  await server.close();
});

/** Asks the worker to look for a new build now (force: past any back-off); resolves with its answer. */
const check = (page: Page) => askWorker(page, 'dictionary-check', { force: true }, 30_000);

/** Every stored file, read from device storage only: each must parse and belong to `version`. */
async function expectStoredWhole(page: Page, version: string): Promise<number> {
  const status = await workerStatus(page);
  expect(status.version).toBe(version);
  const bad = await page.evaluate(async (paths) => {
    const out: string[] = [];
    for (const p of paths) {
      const res = await fetch(`api/v1/${p.split('/').map(encodeURIComponent).join('/')}`, { headers: { 'X-Khoj-Stored-Only': '1' } });
      const text = await res.text();
      try {
        const v = JSON.parse(text) as { generatedAt?: string; entries?: unknown[]; words?: unknown[] };
        if (res.status !== 200) out.push(`${p}: ${res.status}`);
        else if (p.startsWith('chunks/') && !Array.isArray(v.entries)) out.push(`${p}: no entries`);
        else if (p.startsWith('words-by-letter/') && !Array.isArray(v.words)) out.push(`${p}: no words`);
      } catch {
        out.push(`${p}: not JSON (${text.length} characters)`);
      }
    }
    return out;
  }, status.paths);
  expect(bad).toEqual([]);
  return status.paths.length;
}

async function expectOfflineEntry(page: Page, word: string): Promise<void> {
  await page.context().setOffline(true);
  await page.goto(`${server.url}/#/word/${encodeURIComponent(word)}`);
  await page.reload();
  await expectEntry(page, word);
  await page.context().setOffline(false);
}

test('a build switch that meets a damaged or broken file keeps the old build whole, then switches when the files are good', async ({ page }) => {
  await openApp(page, server.url, `#/word/${encodeURIComponent(WORD)}`);
  await expectEntry(page, WORD);
  // The word's chunk is stored, and the sample the first visit saves without asking (offline by default) has landed.
  await expect.poll(async () => (await workerStatus(page)).paths.filter((p) => p.startsWith('chunks/')).length).toBeGreaterThanOrEqual(1);
  await expect.poll(async () => (await workerStatus(page)).paths).toContain('chunks/0000.json');
  await page.evaluate(() => fetch(`api/v1/words-by-letter/${encodeURIComponent('क')}.json`).then((r) => r.text()));
  await expect.poll(async () => (await workerStatus(page)).paths.some((p) => p.startsWith('words-by-letter/'))).toBe(true);
  // And the first visit's other files, fetched once more through the worker to be kept (pwa.ts, one
  // per task): stored, the same in two reads half a second apart.
  let before: string[] = [];
  await expect
    .poll(
      async () => {
        const now = (await workerStatus(page)).paths.sort();
        const same = now.join('\n') === before.join('\n');
        before = now;
        return same;
      },
      { intervals: [500] },
    )
    .toBe(true);

  server.use(dist('dist-a-data-b'));
  // Files fetched whole on an earlier try are kept (the switch resumes), so each fault is put on
  // every file the switch may still need.
  const data = (p: string) => p.includes('/chunks/') || p.includes('/words-by-letter/');
  const faults: Array<[Fault, (p: string) => boolean]> = [
    ['truncate', (p) => p.includes('/chunks/')],
    ['html', data],
    ['truncate', (p) => p.endsWith('/letters.json')],
    ['drop-mid-body', data],
    ['drop', data],
    ['500', (p) => p.endsWith('/manifest.json')],
  ];
  for (const [fault, where] of faults) {
    server.fault = (p) => (p.startsWith('/api/v1/') && where(p) ? fault : undefined);
    const answer = await check(page);
    expect(answer, `${fault}`).toMatchObject({ version: A });
    expect(answer.problem, `${fault}`).toBeTruthy();
    expect(await expectStoredWhole(page, A)).toBe(before.length);
  }
  await expectOfflineEntry(page, WORD);

  // The back-off is kept in IndexedDB: a restarted worker knows it, and its automatic tries (a
  // file of the new build seen by a lookup) do not ask the host again meanwhile.
  await restartWorker(page.context(), page);
  const retry = (await workerStatus(page)).retry;
  expect(retry).toMatchObject({ version: B, attempts: faults.length, problem: expect.stringContaining('manifest.json: HTTP 500') });
  expect(retry!.retryAt).toBeGreaterThan(Date.now());
  const asked = server.log.length;
  // Meaning shards not stored (a letter's list is made on the device from the headword list, so it
  // asks nothing; a chunk of build B is the same as A's here, whose data are the same).
  const meanings = JSON.parse(readFileSync(join(dist('dist-a'), 'api/v1/meanings/index.json'), 'utf8')) as { shards: Array<{ path: string }> };
  const unstored = meanings.shards.map((c) => c.path).filter((p) => !before.includes(p));
  expect(unstored.length).toBeGreaterThan(2);
  for (const path of unstored.slice(0, 3)) {
    const res = await page.evaluate((p) => fetch(`api/v1/${p}`).then((r) => r.status), path);
    expect(res).toBe(200);
  }
  expect((await workerStatus(page)).version).toBe(A);
  expect(server.log.slice(asked).filter((p) => p.endsWith('/metadata.json'))).toEqual([]);

  server.fault = () => undefined;
  expect(await check(page)).toMatchObject({ version: B });
  // The same files, of build B; sizes.json only where B has one (dist-a-data-b is data B copied in
  // without the app's build, which writes it).
  expect((await workerStatus(page)).paths.sort()).toEqual(before.filter((p) => p !== 'sizes.json'));
  await expectStoredWhole(page, B);
  await expectOfflineEntry(page, WORD);
});

test('a deploy that updates metadata.json before its other files does not mix builds', async ({ page }) => {
  await openApp(page, server.url, `#/word/${encodeURIComponent(WORD)}`);
  await expectEntry(page, WORD);
  // The word's chunk is stored, and the sample the first visit saves without asking (offline by default) has landed.
  await expect.poll(async () => (await workerStatus(page)).paths.filter((p) => p.startsWith('chunks/')).length).toBeGreaterThanOrEqual(1);
  await expect.poll(async () => (await workerStatus(page)).paths).toContain('chunks/0000.json');
  // Build B's metadata.json is live; everything else is still build A's.
  const metadataB = readFileSync(join(dist('dist-a-data-b'), 'api/v1/metadata.json'), 'utf8');
  server.fault = (p) => (p === '/api/v1/metadata.json' ? { body: metadataB } : undefined);
  const answer = await check(page);
  expect(answer).toMatchObject({ version: A });
  expect(answer.problem).toMatch(/generatedAt|build/);
  await expectStoredWhole(page, A);
});

/** The build's pack (core/dictionary/pack/): its index and its bytes as dist-a serves them. */
const packOf = () => {
  const v1 = join(dist('dist-a'), 'api/v1');
  const index = JSON.parse(readFileSync(join(v1, PACK_INDEX), 'utf8')) as PackIndexFile;
  return { index, bytes: readFileSync(join(v1, index.path)), url: `/api/v1/${index.path}` };
};

test('the connection cut in the middle of the pack: asked again from the byte it stopped at, and the save completes with every file whole', async ({
  page,
}) => {
  const pack = packOf();
  await openApp(page, server.url, '#/saved');
  await expect(page.locator('#save-all')).toBeVisible();
  // The first answer promises the whole pack and breaks off after half of it; the next ones are the
  // server's own (Range: 206 from the byte asked for).
  const ranges: string[] = [];
  const half = pack.index.bytes >> 1;
  server.fault = (p, req) => {
    if (p !== pack.url) return undefined;
    ranges.push(req.headers.range ?? '');
    return ranges.length === 1 ? { cutAfter: half } : undefined;
  };
  // The first visit's part (chunk 0 among it) is saved by then: what the save asks for is counted from here.
  await expect.poll(async () => (await workerStatus(page)).paths).toContain(PACK_INDEX);
  const asked = server.log.length;
  await page.locator('#save-all').click();
  await expect(page.locator('#save-done')).toBeVisible({ timeout: 60_000 });
  console.log(`pack requests: ${JSON.stringify(ranges)} (${pack.index.bytes} bytes)`);
  // Once more, from the byte where they stopped.
  expect(ranges).toEqual(['bytes=0-', `bytes=${half}-`]);
  // Every chunk came from the pack (none fetched alone), every letter's list was made on the device.
  expect(server.log.slice(asked).filter((p) => /^\/api\/v1\/(chunks|words-by-letter|meanings\/[0-9a-f]+)/.test(p))).toEqual([]);
  const status = await workerStatus(page);
  for (const f of pack.index.files) expect(status.paths).toContain(f.path);
  await expectStoredWhole(page, A);
  await expectOfflineEntry(page, 'हिमाल');
});

test('a damaged pack is refused: no byte of it is stored, and the save takes the files one by one, each checked', async ({ page }) => {
  const pack = packOf();
  const damaged = Buffer.from(pack.bytes);
  // One byte changed in the middle of the last block: a pack of the right length whose digest is wrong.
  const last = pack.index.blocks.at(-1)!;
  damaged[last.offset + (last.bytes >> 1)]! ^= 0x55;
  await openApp(page, server.url, '#/saved');
  server.fault = (p) => (p === pack.url ? { bytes: damaged } : undefined);
  const end = await askWorker(page, 'dictionary-save-whole', {}, 60_000);
  expect(end.step).toBe('done');
  expect(end.problem).toMatch(/block \d+ does not match its digest/);
  // The chunks the first visit had not saved came one by one (checked), none from the damaged pack.
  const chunks = server.log.filter((p) => p.startsWith('/api/v1/chunks/'));
  expect(chunks.length).toBeGreaterThan(0);
  const stored = await expectStoredWhole(page, A);
  expect(stored).toBeGreaterThan(pack.index.files.length);
  // Each stored chunk is the file itself, byte for byte.
  const v1 = join(dist('dist-a'), 'api/v1');
  const differ = await page.evaluate(
    async (files) => {
      const out: string[] = [];
      for (const [path, text] of files) {
        const res = await fetch(`api/v1/${path}`, { headers: { 'X-Khoj-Stored-Only': '1' } });
        if ((await res.text()) !== text) out.push(path);
      }
      return out;
    },
    pack.index.files.map((f) => [f.path, readFileSync(join(v1, f.path), 'utf8')] as const),
  );
  expect(differ).toEqual([]);
  await expect(page.locator('#save-done')).toBeVisible();
});

test('a damaged network file is answered with a JSON 502, and a damaged stored row is dropped and fetched again', async ({ page }) => {
  // Opened on a screen that reads no chunk: the home's word of the day reads the day's chunk (it
  // was chunks/0003.json on 2026-12-08) and could store it before the fault below is set.
  await openApp(page, server.url, '#/saved');
  const path = 'chunks/0003.json';
  server.fault = (p) => (p === `/api/v1/${path}` ? 'html' : undefined);
  const damaged = await page.evaluate(async (p) => {
    const res = await fetch(`api/v1/${p}`);
    return { status: res.status, type: res.headers.get('Content-Type'), body: await res.text() };
  }, path);
  expect(damaged.status).toBe(502);
  expect(damaged.type).toContain('application/json');
  expect(JSON.parse(damaged.body)).toMatchObject({ status: 502, error: expect.stringContaining(path) });
  expect((await workerStatus(page)).paths).not.toContain(path);

  server.fault = () => undefined;
  // A row whose length matches but whose text is not the file (a bad write, a tampered profile).
  await page.evaluate((p) => fetch(`api/v1/${p}`).then((r) => r.text()), path);
  await storedRow(page, path, { sameLength: '{"apiVersion":"1.0.0","chunk":3,"entries":[' });
  const again = await page.evaluate(async (p) => {
    const res = await fetch(`api/v1/${p}`);
    return { status: res.status, body: await res.text() };
  }, path);
  expect(again.status).toBe(200);
  expect((JSON.parse(again.body) as { chunk: number }).chunk).toBe(3);
  await expectStoredWhole(page, A);
});

/**
 * The stored row of `path` (build A), read from the page behind the worker's back: how its body
 * is kept ('text' or 'bytes'). `replace` damages it first: `text`, the row an older worker wrote
 * (the text itself and its length in characters, nothing else); `sameLength`, its bytes by this
 * text padded with x to their length (ASCII), its length and digest left as they were.
 */
function storedRow(page: Page, path: string, replace?: { text: string } | { sameLength: string }): Promise<string> {
  return page.evaluate(
    async ([p, version, change]) => {
      const db = await new Promise<IDBDatabase>((ok, fail) => {
        const open = indexedDB.open('khoj-dictionary');
        open.onsuccess = () => ok(open.result);
        open.onerror = () => fail(open.error);
      });
      const tx = db.transaction('files', 'readwrite');
      const store = tx.objectStore('files');
      const row = await new Promise<{ body: unknown; storedAt: number }>((ok) => {
        const r = store.get([version, p]);
        r.onsuccess = () => ok(r.result as { body: unknown; storedAt: number });
      });
      if (change && 'text' in change) store.put({ version, path: p, body: change.text, length: change.text.length, storedAt: row.storedAt });
      if (change && 'sameLength' in change) {
        const size = (row.body as ArrayBuffer).byteLength;
        store.put({ ...row, body: new TextEncoder().encode(change.sameLength.padEnd(size, 'x').slice(0, size)).buffer });
      }
      await new Promise((ok) => (tx.oncomplete = ok));
      db.close();
      return typeof row.body === 'string' ? 'text' : row.body instanceof ArrayBuffer ? 'bytes' : typeof row.body;
    },
    [path, A, replace] as const,
  );
}

test('a file stored by an older worker (its text, not its bytes) is checked in full, answered, and stored again as bytes; a damaged one is fetched again', async ({
  page,
  context,
}) => {
  await openApp(page, server.url);
  const [good, damaged] = ['chunks/0003.json', 'chunks/0004.json'];
  const texts = await page.evaluate((ps) => Promise.all(ps.map((p) => fetch(`api/v1/${p}`).then((r) => r.text()))), [good, damaged]);
  await expect.poll(async () => (await workerStatus(page)).paths).toEqual(expect.arrayContaining([good, damaged]));
  await storedRow(page, good, { text: texts[0]! });
  // The same, with the right length and the wrong text.
  await storedRow(page, damaged, { text: '{"apiVersion":"1.0.0","chunk":4,"entries":['.padEnd(texts[1]!.length, 'x') });
  // A new run of the worker: nothing read from storage is known to be good yet.
  await restartWorker(context, page);
  const read = (p: string) =>
    page.evaluate(async (path) => {
      const res = await fetch(`api/v1/${path}`);
      return { status: res.status, source: res.headers.get('X-Khoj-Source'), text: await res.text() };
    }, p);
  expect(await read(good)).toEqual({ status: 200, source: 'idb', text: texts[0] });
  // Stored again in the format this worker reads cheaply.
  await expect.poll(() => storedRow(page, good)).toBe('bytes');
  expect(await read(good)).toEqual({ status: 200, source: 'idb', text: texts[0] });
  expect(await read(damaged)).toEqual({ status: 200, source: 'network', text: texts[1] });
  await expectStoredWhole(page, A);
});
