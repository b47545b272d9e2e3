// Content packs (issue 35, items 1 and 2) between two phones: two separate browser profiles on
// disk. Phone 1 saves the sample build's own PDF (the Nepali reader), EPUB (the story) and audio
// lesson and reads the market, then makes a pack on the pack screen (a download: this Chromium
// cannot share files). Phone 2, after one visit, goes offline: an altered copy of the pack has its
// EPUB refused by name and the rest kept; the intact pack then brings the EPUB; the PDF, the EPUB
// and the audio are served by the worker from the device, byte for byte, and the market's
// history is drawn, all offline. Then the whole dictionary and the catalog: made into a pack on
// phone 1, refused by name when altered, read offline on phone 2; a dictionary of a newer build is
// taken only through the build switch and an older one skipped; a catalog phone 2 lacks is taken.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { clean, dirs, entryAt, expectGrade5, expectWords, importPack, phone, READER, saveBooks } from './pack-phones.ts';
import { serve, type Served } from '../../harness/http.ts';
import { ALL_DIST } from '../../harness/variant.ts';
import { dist, openApp, workerStatus } from './helpers.ts';
import { askWorker } from '../../harness/ask-worker.ts';

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 480_000 });

let site: Served;
test.beforeAll(async () => {
  site = await serve(ALL_DIST);
});
test.afterAll(async () => {
  await site?.close();
  clean();
});

async function fillPhone1(page: Page): Promise<string> {
  await openApp(page, site.url, '#/');
  await saveBooks(page, site.url);
  await page.goto(`${site.url}/#/market/history/NEPSE?range=1y`);
  await expect(page.locator('#history-summary')).toBeVisible();

  // The pack screen, from the saved page.
  await page.goto(`${site.url}/#/books/downloads`);
  await page.locator('#packs-link').click();
  await expect(page).toHaveURL(/#\/packs$/);
  // All of one grade: the grade 5 switch takes the Nepali reader (grade 5) out and puts it back,
  // leaving grade 3's audio lesson as it was.
  const grade5 = page.locator('.pack-grades [data-grade="5"] input');
  const reader = page.locator(`#pack-files li[data-id="${READER}"] input`);
  await grade5.uncheck();
  await expect(reader).not.toBeChecked();
  await expect(page.locator('.pack-grades [data-grade="3"] input')).toBeChecked();
  await grade5.check();
  await expect(reader).toBeChecked();
  await page.locator('#pack-reader-data').check();
  const download = page.waitForEvent('download');
  await page.locator('#pack-make').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^khoj-pack-\d{4}-\d{2}-\d{2}\.tar$/);
  await expect(page.locator('#pack-said')).toContainText('is in your downloads');
  const path = join(dirs[0]!, 'pack.tar');
  await file.saveAs(path);
  return path;
}

test('a pack made on one phone fills another, offline; an altered part is refused by name and the rest kept', async () => {
  const one = await phone();
  let path: string;
  try {
    path = await fillPhone1(one.page);
  } finally {
    await one.context.close();
  }
  const tar = readFileSync(path);
  const manifest = JSON.parse(tar.toString('utf8', 512, 512 + parseInt(tar.toString('latin1', 124, 135), 8))) as {
    parts: Array<{ name: string; kind: string; size: number; sha256: string; meta?: { kind?: string; id?: string; url?: string } }>;
  };
  const epub = manifest.parts.find((p) => p.meta?.kind === 'epub')!;
  expect(
    manifest.parts
      .filter((p) => p.kind === 'book-file')
      .map((p) => p.meta?.kind)
      .sort(),
  ).toEqual(['audio', 'epub', 'pdf']);
  expect(manifest.parts.filter((p) => p.kind === 'market-file').length).toBeGreaterThan(3);
  expect(manifest.parts.some((p) => p.kind === 'reader-data')).toBe(true);
  const altered = Buffer.from(tar);
  altered[entryAt(altered, epub.name) + 512 + Math.floor(epub.size / 2)]! ^= 0xff;
  const alteredPath = join(dirs[0]!, 'altered.tar');
  writeFileSync(alteredPath, altered);

  const two = await phone();
  try {
    const { page, context } = two;
    await openApp(page, site.url, '#/');
    await context.setOffline(true);
    await page.goto(`${site.url}/#/packs`);

    // The altered pack: the EPUB refused by its name, every other part kept.
    const first = await importPack(page, alteredPath);
    const refused = first.filter((p) => p.state === 'refused');
    expect(refused).toHaveLength(1);
    expect(refused[0]!.text).toContain(epub.name);
    expect(refused[0]!.text).toContain('damaged or altered');
    // Every other part kept, but a market file this phone's own visit stored as late or later (skipped, said so).
    const others = first.filter((p) => p.state !== 'refused');
    expect(others).toHaveLength(manifest.parts.length - 1);
    expect(others.filter((p) => p.state === 'taken' && /books\/\d+\.(pdf|audio)/.test(p.text))).toHaveLength(2);
    // pdf.js with the PDF (packs-pdf.spec.ts tests its checks).
    expect(others.filter((p) => /app\/\d+\.m?js/.test(p.text)).map((p) => p.state)).toEqual(['taken', 'taken']);
    for (const p of others.filter((p) => p.state !== 'taken')) expect(p.text).toMatch(/market\/\d+\.json · older than this phone/);

    // The intact pack: the EPUB now, the rest already here (the reader's data merges again, changing nothing).
    const second = await importPack(page, path);
    expect(second.filter((p) => p.state === 'taken').map((p) => p.text)).toEqual([
      expect.stringContaining(epub.name),
      expect.stringContaining('reader-data.json'),
    ]);
    expect(second.filter((p) => p.text.includes('market/')).every((p) => p.state === 'skipped' && p.text.includes('older than this phone'))).toBe(true);
    expect(second.filter((p) => p.state === 'refused')).toEqual([]);

    // Every part read, offline.
    await page.goto(`${site.url}/#/books/downloads`);
    await expect(page.locator('#saved-total')).toContainText('3');
    // Each book file served by the worker from the device, byte for byte the pack's, with its kind's
    // type. (The PDF's reader also needs pdf.js, which the pack carries with it, and the book's
    // catalog record: packs-pdf.spec.ts opens it in the reader offline.)
    for (const part of manifest.parts.filter((p) => p.kind === 'book-file')) {
      const served = await page.evaluate(async (url) => {
        const res = await fetch(`api/books/saved-file?url=${encodeURIComponent(new URL(url, location.href).href)}`);
        const digest = await crypto.subtle.digest('SHA-256', await res.arrayBuffer());
        return {
          status: res.status,
          type: res.headers.get('Content-Type'),
          sha256: [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join(''),
        };
      }, part.meta!.url!);
      const type = { pdf: 'application/pdf', epub: 'application/epub+zip', audio: expect.stringMatching(/^audio\//) }[part.meta!.kind as 'pdf'];
      expect(served, part.name).toEqual({ status: 200, type, sha256: part.sha256 });
    }
    await page.goto(`${site.url}/#/market/history/NEPSE?range=1y`);
    await expect(page.locator('#history-summary')).toBeVisible();
  } finally {
    await two.context.close();
  }
});

/** Saves the whole dictionary on phone 1 and makes a pack of it, the catalog and the reader's data; the pack's path. */
async function dictionaryPack(page: Page): Promise<string> {
  await openApp(page, site.url, '#/');
  await page.goto(`${site.url}/#/saved`);
  await page.locator('#save-all').click();
  await expect(page.locator('#save-done')).toBeVisible({ timeout: 60_000 });
  await page.goto(`${site.url}/#/packs`);
  await expect(page.locator('#pack-dictionary')).toBeChecked();
  // The catalog, stored at the first visit.
  await expect(page.locator('#pack-catalog')).toBeChecked();
  await page.locator('#pack-market').uncheck();
  await page.locator('#pack-reader-data').check();
  const download = page.waitForEvent('download');
  await page.locator('#pack-make').click();
  const file = await download;
  await expect(page.locator('#pack-said')).toContainText('is in your downloads');
  const path = join(dirs[0]!, 'dictionary-pack.tar');
  await file.saveAs(path);
  return path;
}

/** One visit, until its small parts are saved: the dictionary's build known and, where the host has one, the catalog stored. */
async function visitOnce(page: Page, url: string, books: boolean): Promise<void> {
  await openApp(page, url, '#/');
  await expect.poll(async () => (await workerStatus(page)).version, { timeout: 60_000 }).not.toBeNull();
  if (books) await expect.poll(async () => (await askWorker(page, 'offline-status', {})).books ?? 0, { timeout: 60_000 }).toBeGreaterThan(0);
}

// Words of chunk 1 of the sample build: phone 2's one visit stored only chunk 0.
const WORDS = ['विद्यालय', 'विश्वास', 'व्यापार'];

test('the whole dictionary and the catalog go in a pack: phone 2, offline, opens words of several letters and lists the catalog by grade; an altered dictionary block and catalog are refused by name and the rest kept', async () => {
  const one = await phone();
  let path: string;
  let files: number;
  try {
    path = await dictionaryPack(one.page);
    files = (await workerStatus(one.page)).files;
  } finally {
    await one.context.close();
  }
  const tar = readFileSync(path);
  const manifest = JSON.parse(tar.toString('utf8', 512, 512 + parseInt(tar.toString('latin1', 124, 135), 8))) as {
    parts: Array<{ name: string; kind: string; size: number }>;
  };
  expect(manifest.parts.map((p) => [p.name, p.kind])).toEqual([
    ['dictionary/pack.json', 'dictionary'],
    ['dictionary/dictionary.pack', 'dictionary'],
    ['catalog/catalog.json', 'catalog'],
    ['reader-data.json', 'reader-data'],
  ]);
  // One byte of the dictionary's pack and one of the catalog changed.
  const altered = Buffer.from(tar);
  for (const part of manifest.parts.slice(1, 3)) altered[entryAt(altered, part.name) + 512 + Math.floor(part.size / 2)]! ^= 0xff;
  const alteredPath = join(dirs[0]!, 'dictionary-altered.tar');
  writeFileSync(alteredPath, altered);

  const two = await phone();
  try {
    const { page, context } = two;
    await visitOnce(page, site.url, true);
    await context.setOffline(true);
    await page.goto(`${site.url}/#/packs`);
    await expect(page.locator('#pack-no-dictionary')).toBeVisible();

    const first = await importPack(page, alteredPath);
    expect(first.map((p) => p.state)).toEqual(['taken', 'refused', 'refused', 'taken']);
    expect(first[1]!.text).toContain('dictionary/dictionary.pack');
    expect(first[2]!.text).toContain('catalog/catalog.json');
    for (const p of first.slice(1, 3)) expect(p.text).toContain('damaged or altered');
    expect((await askWorker(page, 'offline-status', {})).dictionary?.whole).toBe(false);

    const second = await importPack(page, path);
    expect(second.map((p) => p.state)).toEqual(['taken', 'taken', 'skipped', 'taken']);
    // The one visit stored this build's catalog: the pack's is the same one.
    expect(second[2]!.text).toContain('already on this phone');
    expect((await askWorker(page, 'offline-status', {})).dictionary?.whole).toBe(true);
    expect((await workerStatus(page)).files).toBe(files);
    // The pack screen now offers the dictionary on this phone too.
    await page.reload();
    await expect(page.locator('#pack-dictionary')).toBeVisible();

    await expectWords(page, site.url, WORDS);
    // The catalog lists books by grade, offline.
    await expectGrade5(page, site.url);
  } finally {
    await two.context.close();
  }
});

/** A phone on `url` that saved the whole dictionary and made a pack of it alone; the pack's path. */
async function dictionaryOnly(url: string, name: string): Promise<string> {
  const one = await phone();
  try {
    const { page } = one;
    await openApp(page, url, '#/');
    await page.goto(`${url}/#/saved`);
    await page.locator('#save-all').click();
    await expect(page.locator('#save-done')).toBeVisible({ timeout: 60_000 });
    await page.goto(`${url}/#/packs`);
    await expect(page.locator('#pack-dictionary')).toBeChecked();
    await page.locator('#pack-market').uncheck();
    if (await page.locator('#pack-catalog').count()) await page.locator('#pack-catalog').uncheck();
    const download = page.waitForEvent('download');
    await page.locator('#pack-make').click();
    const path = join(dirs[0]!, name);
    await (await download).saveAs(path);
    return path;
  } finally {
    await one.context.close();
  }
}

/** A phone on the whole app that made a pack of its stored catalog alone (its first visit stored it); the pack's path. */
async function catalogOnly(): Promise<string> {
  const one = await phone();
  try {
    const { page } = one;
    await visitOnce(page, site.url, true);
    await page.goto(`${site.url}/#/packs`);
    await expect(page.locator('#pack-catalog')).toBeChecked();
    await page.locator('#pack-market').uncheck();
    const download = page.waitForEvent('download');
    await page.locator('#pack-make').click();
    const path = join(dirs[0]!, 'catalog.tar');
    await (await download).saveAs(path);
    return path;
  } finally {
    await one.context.close();
  }
}

test('a dictionary of another build is taken only through the build switch (a newer one switched to, an older one skipped); a catalog this phone lacks is taken and listed offline', async () => {
  // The same sample dictionary as two builds: A (2026-01-01) and B (2026-02-01).
  const a = await serve(dist('dist-a'));
  const b = await serve(dist('dist-a-data-b'));
  try {
    const older = await dictionaryOnly(a.url, 'build-a.tar');
    const newer = await dictionaryOnly(b.url, 'build-b.tar');
    const catalogPack = await catalogOnly();
    const two = await phone();
    try {
      const { page, context } = two;
      await visitOnce(page, a.url, false);
      await expect.poll(async () => (await workerStatus(page)).version).toBe('2026-01-01T00:00:00Z');
      await context.setOffline(true);
      await page.goto(`${a.url}/#/packs`);
      const taken = await importPack(page, newer);
      expect(taken.map((p) => p.state)).toEqual(['taken', 'taken']);
      expect((await workerStatus(page)).version).toBe('2026-02-01T00:00:00Z');
      expect((await askWorker(page, 'offline-status', {})).dictionary?.whole).toBe(true);
      // The older build's pack changes nothing.
      const skipped = await importPack(page, older);
      expect(skipped.map((p) => p.state)).toEqual(['skipped', 'skipped']);
      for (const p of skipped) expect(p.text).toContain('older than this phone');
      expect((await workerStatus(page)).version).toBe('2026-02-01T00:00:00Z');
      await expectWords(page, a.url, ['कपाल', 'देश', 'बिहान']);
      // A catalog this phone's host has none of: taken, then listed by grade, offline.
      expect((await askWorker(page, 'offline-status', {})).books ?? 0).toBe(0);
      await page.goto(`${a.url}/#/packs`);
      const catalog = await importPack(page, catalogPack);
      expect(catalog.map((p) => p.state)).toEqual(['taken']);
      expect((await askWorker(page, 'offline-status', {})).books).toBeGreaterThan(10);
      await expectGrade5(page, a.url);
    } finally {
      await two.context.close();
    }
  } finally {
    await a.close();
    await b.close();
  }
});
