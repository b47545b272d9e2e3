// pdf.js in a content pack (issue 35: "then reads every part offline"). pdf.js is not precached
// (vite.config.ts): a phone that never opened a PDF online has no copy. Phone 1 saves the Nepali
// reader's PDF (storing pdf.js) and makes a pack, which carries pdf.js's chunk and worker script as
// app-file parts. Phone 2, offline after one visit: a pack whose pdf.js chunk has other bytes (its
// manifest digest recomputed to match, so only the build's own digest catches it) and whose worker
// script is named as another build's has both refused by name, the PDF itself kept; the intact
// pack's pdf.js is taken, and the PDF opens in the reader offline, drawn by pdf.js in its own
// worker (never its "fake worker" on the page's thread).

import { readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { clean, dirs, entryAt, importPack, phone } from './pack-phones.ts';
import { serve, type Served } from '../../harness/http.ts';
import { ALL_DIST } from '../../harness/variant.ts';
import { openApp } from './helpers.ts';
import { askWorker } from '../../harness/ask-worker.ts';

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 300_000 });

const READER = 'cdc-np-5-nepali';

let site: Served;
test.beforeAll(async () => {
  site = await serve(ALL_DIST);
});
test.afterAll(async () => {
  await site?.close();
  clean();
});

/** pdf.js's files in the cache keepForOffline fills (and the worker answers /assets/ from). */
const pdfJsStored = (page: Page) =>
  page.evaluate(async () => {
    if (!(await caches.has('khoj-books-pdfjs'))) return [];
    return (await (await caches.open('khoj-books-pdfjs')).keys()).map((r) => r.url.replace(/^.*\/assets\//, 'assets/')).sort();
  });

type Part = { name: string; kind: string; size: number; sha256: string; meta?: { kind?: string; path?: string } };

async function makePdfPack(): Promise<string> {
  const { context, page } = await phone();
  try {
    await openApp(page, site.url, `#/books/book/${READER}`);
    await page.locator('button.save-pdf').click();
    await expect(page.locator('.pdf-saved')).toBeVisible();
    await expect.poll(async () => (await pdfJsStored(page)).length).toBe(2);
    await page.goto(`${site.url}/#/packs`);
    await page.locator('#pack-market').uncheck();
    if (await page.locator('#pack-catalog').count()) await page.locator('#pack-catalog').uncheck();
    if (await page.locator('#pack-dictionary').count()) await page.locator('#pack-dictionary').uncheck();
    const download = page.waitForEvent('download');
    await page.locator('#pack-make').click();
    const path = join(dirs[0]!, 'pdf.tar');
    await (await download).saveAs(path);
    return path;
  } finally {
    await context.close();
  }
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

test('a pack carries pdf.js to a phone that never had it: taken only as this build’s own files, and the PDF opens in the reader offline', async () => {
  const path = await makePdfPack();
  const tar = readFileSync(path);
  const manifestSize = parseInt(tar.toString('latin1', 124, 135), 8);
  const manifest = JSON.parse(tar.toString('utf8', 512, 512 + manifestSize)) as { parts: Part[] };
  const apps = manifest.parts.filter((p) => p.kind === 'app-file');
  expect(manifest.parts.map((p) => [p.kind, p.meta?.kind ?? p.meta?.path?.replace(/-[\w-]{8}(\.m?js)$/, '$1')])).toEqual([
    ['book-file', 'pdf'],
    ['app-file', 'assets/pdf-doc.js'],
    ['app-file', 'assets/pdf.worker.min.mjs'],
  ]);
  const [doc, worker] = apps as [Part, Part];

  // The attacker's pack: the chunk's bytes changed, and its manifest digest made to match them;
  // the worker script named as another build's (same length, so the manifest's size holds).
  const altered = Buffer.from(tar);
  const at = entryAt(altered, doc.name) + 512;
  altered.write('/*x*/', at, 'latin1');
  const digest = sha(altered.subarray(at, at + doc.size));
  const otherPath = worker.meta!.path!.replace(/-[^-.]+\.mjs$/, (m) => `-${'z'.repeat(m.length - 5)}.mjs`);
  expect(otherPath).not.toBe(worker.meta!.path);
  const text = tar
    .toString('utf8', 512, 512 + manifestSize)
    .replace(doc.sha256, digest)
    .replace(worker.meta!.path!, otherPath);
  expect(Buffer.byteLength(text)).toBe(manifestSize);
  altered.write(text, 512, 'utf8');
  const alteredPath = join(dirs[0]!, 'pdf-altered.tar');
  writeFileSync(alteredPath, altered);

  const { context, page } = await phone();
  try {
    const started: string[] = [];
    const fake: string[] = [];
    page.on('worker', (w) => void (/\/pdf\.worker[^/]*\.mjs$/.test(w.url()) && started.push(w.url())));
    page.on('console', (m) => void (/fake worker/i.test(m.text()) && fake.push(m.text())));
    // One visit, until the catalog (the reader screen's record of the book) is stored.
    await openApp(page, site.url, '#/');
    await expect.poll(async () => (await askWorker(page, 'offline-status', {})).books ?? 0, { timeout: 60_000 }).toBeGreaterThan(0);
    expect(await pdfJsStored(page)).toEqual([]);
    await context.setOffline(true);
    await page.goto(`${site.url}/#/packs`);

    const first = await importPack(page, alteredPath);
    expect(first.map((p) => p.state)).toEqual(['taken', 'refused', 'refused']);
    expect(first[1]!.text).toContain(doc.name);
    expect(first[2]!.text).toContain(worker.name);
    for (const p of first.slice(1)) expect(p.text).toMatch(/not one of this app.s files/);
    expect(first[1]!.text).toContain('SHA-256 differs');
    expect(first[2]!.text).toContain('is not one of this build');
    expect(await pdfJsStored(page)).toEqual([]);

    const second = await importPack(page, path);
    expect(second.map((p) => p.state)).toEqual(['skipped', 'taken', 'taken']);
    expect(await pdfJsStored(page)).toEqual([doc.meta!.path, worker.meta!.path].sort());

    // The PDF read in the app, offline: page 1 drawn by pdf.js in its own worker.
    await page.goto(`${site.url}/#/books/read/${READER}`);
    await expect(page.locator('#pdf-canvas')).toHaveAttribute('aria-label', /^Page 1 of \d+$/);
    await expect(page.locator('.pdf-sheet')).toHaveAttribute('data-rendered', /^1@/);
    expect(started).toHaveLength(1);
    expect(fake).toEqual([]);
  } finally {
    await context.close();
  }
});
