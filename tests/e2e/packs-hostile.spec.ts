// Hostile content packs (issue 35, item 2) opened on the pack screen in Chromium: a gzip bomb, a
// manifest lying about a part's size, a part named with `../`, too many parts, a hundred
// thousand tiny entries the manifest does not name, and 10 GB of nothing (a sparse file). Each
// ends in a refusal naming its problem, the renderer's memory (measured from the browser's
// processes, renderer-memory.ts) stays under 200 MB, and the book saved before is still there.

import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync, ftruncateSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect as baseExpect, test } from '@playwright/test';
import { serve, type Served } from '../../harness/http.ts';
import { ALL_DIST } from '../../harness/variant.ts';
import { entryHeader, padding } from '../../src/core/packs/tar.ts';
import { MANIFEST_NAME, PACK_LIMITS } from '../../src/core/packs/manifest.ts';
import { openApp } from './helpers.ts';
import { watchRenderers } from './renderer-memory.ts';

const expect = baseExpect.configure({ timeout: 60_000 });
test.describe.configure({ timeout: 300_000 });
test.use({ viewport: { width: 360, height: 640 } });

const READER = 'cdc-np-5-nepali';
const LIMIT_MB = 200;

let site: Served;
let dir: string;
test.beforeAll(async () => {
  site = await serve(ALL_DIST);
  dir = mkdtempSync(join(tmpdir(), 'khoj-hostile-packs-'));
});
test.afterAll(async () => {
  await site?.close();
  rmSync(dir, { recursive: true, force: true });
});

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const manifestOf = (parts: unknown[]) => ({ format: 'khoj-content-pack', version: 1, build: 'x', made: '2026-11-28T00:00:00Z', parts });
function tar(manifest: unknown, rest: Uint8Array[] = [new Uint8Array(1024)]): Buffer {
  const body = Buffer.from(JSON.stringify(manifest));
  return Buffer.concat([entryHeader(MANIFEST_NAME, body.length), body, new Uint8Array(padding(body.length)), ...rest]);
}
const pdf = Buffer.from('%PDF-1.4\n% a small file\n');

const HOSTILE: Array<{ name: string; make: (path: string) => void; says: RegExp }> = [
  { name: 'a gzip bomb (1 GB of zeros in 1 MB)', make: (p) => writeFileSync(p, gzipSync(Buffer.alloc(1 << 30), { level: 9 })), says: /compressed/ },
  {
    name: 'a manifest lying about a size',
    make: (p) =>
      writeFileSync(
        p,
        tar(manifestOf([{ name: 'books/1.pdf', kind: 'book-file', size: 10, sha256: sha(pdf) }]), [
          entryHeader('books/1.pdf', pdf.length),
          pdf,
          new Uint8Array(padding(pdf.length) + 1024),
        ]),
      ),
    says: /books\/1\.pdf: does not match the list/,
  },
  {
    name: 'a part named with ../',
    make: (p) => writeFileSync(p, tar(manifestOf([{ name: '../../evil.pdf', kind: 'book-file', size: pdf.length, sha256: sha(pdf) }]))),
    says: /a name that is not allowed.*\.\.\/\.\.\/evil\.pdf/,
  },
  {
    name: 'too many parts',
    make: (p) =>
      writeFileSync(
        p,
        tar(
          manifestOf(Array.from({ length: PACK_LIMITS.parts + 1 }, (_, i) => ({ name: `p/${i}`, kind: 'book-file', size: 0, sha256: sha(new Uint8Array(0)) }))),
        ),
      ),
    says: /too many parts/,
  },
  {
    name: 'a hundred thousand tiny entries the manifest does not name',
    make: (p) =>
      writeFileSync(
        p,
        tar(
          manifestOf([]),
          Array.from({ length: 100_000 }, (_, i) => entryHeader(`p/${i}`, 0)),
        ),
      ),
    says: /more after the last part/,
  },
  {
    name: '10 GB of nothing (a sparse file)',
    make: (p) => {
      const fd = openSync(p, 'w');
      writeSync(fd, new Uint8Array(1));
      ftruncateSync(fd, 10 * 1024 ** 3);
      closeSync(fd);
    },
    says: /not a Khoj pack/,
  },
];

test('each hostile pack ends in a named refusal, the renderer under 200 MB, the saved book kept', async ({ browser }) => {
  const context = await browser.newContext();
  await context.addInitScript(() => localStorage.setItem('khoj.lang', 'en'));
  const page = await context.newPage();
  await openApp(page, site.url, `#/books/book/${READER}`);
  await page.locator('button.save-pdf').click();
  await expect(page.locator('.pdf-saved')).toBeVisible();
  const figures: string[] = [];
  for (const h of HOSTILE) {
    const path = join(dir, `${HOSTILE.indexOf(h)}.tar`);
    h.make(path);
    const watch = await watchRenderers(browser);
    const tab = await context.newPage();
    try {
      await tab.goto(`${site.url}/#/packs`);
      await tab.locator('#pack-open').setInputFiles(path);
      await expect(tab.locator('#pack-said .problem'), h.name).toContainText(h.says);
      await expect(tab.locator('#pack-said')).toContainText('nothing this phone already had was deleted');
    } finally {
      await tab.close();
    }
    const peak = await watch.stop();
    figures.push(`${h.name}: ${peak.peakMb} MB`);
    expect(peak.killed, h.name).toEqual([]);
    expect(peak.peakMb, h.name).toBeLessThan(LIMIT_MB);
    rmSync(path);
  }
  console.log(`renderer peaks: ${figures.join('; ')}`);
  // The book saved before is still saved.
  await page.goto(`${site.url}/#/books/book/${READER}`);
  await expect(page.locator('.pdf-saved')).toBeVisible();
  await context.close();
});
