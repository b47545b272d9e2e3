// Two phones for the content pack specs (packs.spec.ts, packs-pdf.spec.ts,
// packs-full-size.spec.ts): each a browser
// profile of its own on disk, in English; a pack's entries found and its parts listed as imported.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM, chromiumArgs } from '../../harness/tools.mjs';
import { expectEntry } from './helpers.ts';

/** Profiles made by `phone`, removed by `clean`; the first is also where the specs write packs. */
export const dirs: string[] = [];
export const clean = () => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
};

export async function phone(): Promise<{ context: BrowserContext; page: Page }> {
  const profile = mkdtempSync(join(tmpdir(), 'khoj-phone-'));
  dirs.push(profile);
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: chromiumArgs(),
    viewport: { width: 360, height: 640 },
    serviceWorkers: 'allow',
    acceptDownloads: true,
  });
  await context.addInitScript(() => localStorage.setItem('khoj.lang', 'en'));
  return { context, page: context.pages()[0] ?? (await context.newPage()) };
}

/** Where the entry named `name` starts in a tar. */
export function entryAt(tar: Buffer, name: string): number {
  for (let at = 0; at < tar.length; at += 512) if (tar.toString('latin1', at, at + name.length) === name && tar[at + name.length] === 0) return at;
  throw new Error(`no ${name} in the pack`);
}

/** Opens the pack at `path` on the pack screen; each part's line and state, once the whole pack is read. */
export async function importPack(page: Page, path: string, timeout = 60_000) {
  await page.locator('#pack-open').setInputFiles(path);
  await expect(page.locator('#pack-parts li').first()).toBeVisible({ timeout });
  return page.locator('#pack-parts li').evaluateAll((lis) => lis.map((li) => ({ text: li.textContent ?? '', state: li.getAttribute('data-state') })));
}

/** The sample catalog's files the pack specs carry: grade 5's Nepali reader (PDF), a story (EPUB), grade 3's audio lesson. */
export const READER = 'cdc-np-5-nepali';
export const STORY = 'pustakalaya-5a3e0c1e-0000-4000-8000-000000000115';
export const LESSON = 'cehrd-learning-g3-hamro-serofero-9004';

/** Saves the reader, the story and the lesson on the phone `page` is open on. */
export async function saveBooks(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/#/books/book/${READER}`);
  await page.locator('button.save-pdf').click();
  await expect(page.locator('.pdf-saved')).toBeVisible();
  await page.goto(`${url}/#/books/book/${STORY}`);
  await page.locator('button.save-pdf').click();
  await expect(page.locator('a.open-saved')).toBeVisible();
  await page.goto(`${url}/#/books/book/${LESSON}`);
  const lesson = page.locator('#file-list li[data-kind="audio"]');
  await lesson.locator('button.save-file').click();
  await expect(lesson.locator('.file-saved')).toBeVisible();
}

/** Each word opens with its meaning (offline, once a pack brought the dictionary). */
export async function expectWords(page: Page, url: string, words: readonly string[]): Promise<void> {
  for (const word of words) {
    await page.goto(`${url}/#/word/${encodeURIComponent(word)}`);
    await expectEntry(page, word);
  }
}

/** The catalog lists grade 5 with its subjects (offline, once a pack brought the catalog). */
export async function expectGrade5(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/#/books`);
  await page.locator('.grades a', { has: page.locator('.grade-n', { hasText: /^5$/ }) }).click();
  await expect(page.locator('#grade-h')).toHaveText('Grade 5');
  await expect(page.locator('.subjects a').first()).toBeVisible();
}
