// Content packs (issue 35) in headless Chromium at 4× CPU (Emulation.setCPUThrottlingRate): a
// phone with 200 MB of saved files (four 50 MB PDFs put in its Cache Storage as downloads.ts
// keeps them) makes a pack on the pack screen (each part hashed once, the pack a Blob of the
// parts) and it is saved as a download; a second, fresh context opens it (hashed and written to
// Cache Storage as it streams). Printed: each step's time and MB/s, and the peak resident memory
// of the renderers (Linux VmHWM of the pids Chromium names through CDP SystemInfo). Needs the e2e
// suite's shared build (.e2e/all/dist).

import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { serve } from '../harness/http.ts';
import { ALL_DIST } from '../harness/variant.ts';
import { SECTION } from '../src/core/sections.ts';

const FILES = 4;
const FILE_MB = 50;

async function rendererPids(browser: Browser): Promise<number[]> {
  const cdp = await browser.newBrowserCDPSession();
  const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: Array<{ type: string; id: number }> };
  await cdp.detach();
  return processInfo.filter((p) => p.type === 'renderer').map((p) => p.id);
}
const hwmMb = (pid: number): number => {
  try {
    return Math.round(Number(/^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
};

async function throttled(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/** Puts `FILES` PDFs of `FILE_MB` each in the page's Cache Storage and their rows in IndexedDB, as saves leave them. */
const SEED = `async ({ cache, files, mb }) => {
  const chunk = new Uint8Array(1 << 20);
  for (let i = 0; i < chunk.length; i++) chunk[i] = (i * 131 + 7) & 0xff;
  const c = await caches.open(cache);
  const rows = [];
  for (let f = 0; f < files; f++) {
    const url = location.origin + '/bench/book-' + f + '.pdf';
    const blob = new Blob([new TextEncoder().encode('%PDF-1.4 ' + f + '\\n'), ...Array.from({ length: mb }, () => chunk)]);
    await c.put(url, new Response(blob, { headers: { 'Content-Type': 'application/pdf' } }));
    rows.push({ id: 'bench-' + f, title: 'Bench book ' + f, coverUrl: '', pdfUrl: url, state: 'saved', bytes: blob.size, opaque: false, at: Date.now() });
  }
  const db = await new Promise((ok, fail) => { const r = indexedDB.open('khoj-books-user'); r.onsuccess = () => ok(r.result); r.onerror = () => fail(r.error); });
  await new Promise((ok, fail) => { const tx = db.transaction('downloads', 'readwrite'); for (const r of rows) tx.objectStore('downloads').put(r); tx.oncomplete = ok; tx.onerror = () => fail(tx.error); });
  db.close();
}`;

export async function benchPacks(): Promise<void> {
  const site = await serve(ALL_DIST);
  const dir = mkdtempSync(join(tmpdir(), 'khoj-bench-packs-'));
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const load = loadavg()
      .map((l) => l.toFixed(1))
      .join(', ');
    const one = await browser.newContext({ acceptDownloads: true });
    await one.addInitScript(() => localStorage.setItem('khoj.lang', 'en'));
    const page = await one.newPage();
    await page.goto(`${site.url}/#/books/saved`);
    await page.waitForFunction(() => !!navigator.serviceWorker?.controller);
    await page.evaluate(`(${SEED})(${JSON.stringify({ cache: SECTION.books.caches.pdfs, files: FILES, mb: FILE_MB })})`);
    const before = new Set(await rendererPids(browser));
    const writer = await one.newPage();
    await writer.goto(`${site.url}/#/packs`);
    await throttled(writer);
    await writer.locator('#pack-market').uncheck();
    const started = performance.now();
    const download = writer.waitForEvent('download', { timeout: 600_000 });
    await writer.locator('#pack-make').click();
    const file = await download;
    const made = (performance.now() - started) / 1000;
    const path = join(dir, 'pack.tar');
    await file.saveAs(path);
    const bytes = statSync(path).size;
    const writePeak = Math.max(...(await rendererPids(browser)).filter((p) => !before.has(p)).map(hwmMb));

    const two = await browser.newContext();
    await two.addInitScript(() => localStorage.setItem('khoj.lang', 'en'));
    const before2 = new Set(await rendererPids(browser));
    const reader = await two.newPage();
    await reader.goto(`${site.url}/#/packs`);
    await reader.waitForFunction(() => !!navigator.serviceWorker?.controller);
    const idle = Math.max(...(await rendererPids(browser)).filter((p) => !before2.has(p)).map(hwmMb));
    await throttled(reader);
    const t0 = performance.now();
    await reader.locator('#pack-open').setInputFiles(path);
    await reader.locator('#pack-parts li').first().waitFor({ timeout: 600_000 });
    const opened = (performance.now() - t0) / 1000;
    const taken = await reader.locator('#pack-parts li[data-state="taken"]').count();
    const readPeak = Math.max(...(await rendererPids(browser)).filter((p) => !before2.has(p)).map(hwmMb));
    const mb = bytes / 1e6;
    console.log(`\npacks (4× CPU, ${mb.toFixed(0)} MB pack of ${FILES} files; load average ${load})`);
    console.log(`  write: ${made.toFixed(1)} s from the button to the download, ${(mb / made).toFixed(1)} MB/s; renderer peak ${writePeak} MB`);
    console.log(
      `  import: ${opened.toFixed(1)} s, ${(mb / opened).toFixed(1)} MB/s, ${taken} of ${FILES} parts kept; renderer peak ${readPeak} MB (target < 200 MB; ${idle} MB before the import)`,
    );
  } finally {
    await browser.close();
    await site.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
