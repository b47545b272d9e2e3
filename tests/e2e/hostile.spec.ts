// One hostile value must not break a screen. The build now repairs both values below,
// so these files are edited after the build, as data from elsewhere (an older build, another
// publisher) could hold them: a lone UTF-16 surrogate as a letter (encodeURIComponent threw and the
// home page never rendered) and a book subject over 100 characters (every grade page showed the
// query's 400 for it).

import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { appHandler } from '../../src/server/app.ts';
import { openApp } from './helpers.ts';
import { ALL_DIST } from '../../harness/variant.ts';
import { writeCatalog } from '../helpers/catalog-file.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const LONG_SUBJECT = `Subject ${'x'.repeat(140)}`;

let server: Server;
let url: string;

test.beforeAll(async () => {
  // The suite's shared build (tests/e2e/global-setup.ts).
  const dist = ALL_DIST;
  const dir = join(ROOT, '.e2e/hostile');
  cpSync(dist, dir, { recursive: true });

  const lettersFile = join(dir, 'api/v1/letters.json');
  const letters = JSON.parse(readFileSync(lettersFile, 'utf8')) as { letters: Array<{ letter: string }> };
  letters.letters.at(-1)!.letter = '\uD800';
  writeFileSync(lettersFile, JSON.stringify(letters));

  const catalogFile = join(dir, 'api/books/catalog.json');
  const catalog = JSON.parse(readFileSync(catalogFile, 'utf8')) as { books: Array<{ grade: number | null; subject: string | null }> };
  catalog.books.find((b) => b.grade === 5)!.subject = LONG_SUBJECT;
  writeCatalog(dir, catalog);

  const app = appHandler(dir);
  server = createServer((req, res) => void app(req, res));
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(() => new Promise<void>((ok) => (server.closeAllConnections(), server.close(() => ok()))));

test('a lone surrogate as a letter: the home page still shows every letter, its link encoded as U+FFFD', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openApp(page, url, '#/');
  const links = page.locator('ul.letters a');
  await expect(links.first()).toBeVisible();
  const count = JSON.parse(readFileSync(join(ROOT, '.e2e/hostile/api/v1/letters.json'), 'utf8')).letters.length as number;
  await expect(links).toHaveCount(count);
  await expect(links.last()).toHaveAttribute('href', '#/letter/%EF%BF%BD');
  expect(errors).toEqual([]);
});

test('a book subject over 100 characters: the grade page lists the other subjects instead of an error', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('khoj.lang', 'en'));
  await openApp(page, url, '#/books/grade/5');
  await expect(page.locator('#grade-h')).toHaveText('Grade 5');
  await expect(page.locator('.subjects a').first()).toBeVisible();
  await expect(page.locator('.subjects a', { hasText: 'xxxxxxxxxx' })).toHaveCount(0);
  await expect(page.locator('[role=alert], .failed')).toHaveCount(0);
});
