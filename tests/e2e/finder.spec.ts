// The dictionary's finding tools as a reader uses them, on the shared all-sections build: a
// pattern search offline after one visit (counts as the core's pattern search gives them over the
// build's headword list), the word of the day (Nepal's date, shared by its link; a word not saved
// says so), tap to look up (a word selected on a page opens its entry in a sheet, offline), and
// the notice for an English word.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { finderStrings } from '../../src/app/dictionary/finder-strings.ts';
import { STRINGS } from '../../src/app/i18n.ts';
import { DICTIONARY_STRINGS } from '../../src/app/dictionary/strings.ts';
import { decodeHeadwords, type HeadwordsFile } from '../../src/core/dictionary/headwords.ts';
import { chunkOf } from '../../src/core/dictionary/chunk-of.ts';
import { foldAll, type PatternMode, searchPattern } from '../../src/core/dictionary/search/pattern.ts';
import { candidates, hasDefinitions, nepalDayKey } from '../../src/core/dictionary/word-of-day.ts';
import type { ChunkFile, Manifest } from '../../src/core/dictionary/types.ts';
import { serve, type Served } from '../../harness/http.ts';
import { ALL_DIST } from '../../harness/variant.ts';

const ne = { ...STRINGS.ne, ...DICTIONARY_STRINGS.ne };
const modes = finderStrings('ne').modes;
const json = <T>(rel: string): T => JSON.parse(readFileSync(join(ALL_DIST, rel), 'utf8')) as T;
const manifest = () => json<Manifest>('api/v1/manifest.json');
const headwords = () => decodeHeadwords(json<HeadwordsFile>('api/v1/headwords.json').words);
const chunk = (word: string) => json<ChunkFile>(`api/v1/${chunkOf(manifest().chunks, word)!.path}`);
const entry = (word: string) => chunk(word).entries.find((e) => e.word === word);

let site: Served;
test.beforeEach(async () => {
  site = await serve(ALL_DIST);
});
test.afterEach(async () => {
  await site.close();
});

/** One visit to the home page, the worker's install saving over, then no network. */
async function visitOnceThenOffline(page: Page, context: import('@playwright/test').BrowserContext): Promise<void> {
  await page.goto(`${site.url}/`);
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller);
  await expect(page.locator('#ready-banner')).not.toContainText(ne.offline.saving, { timeout: 60_000 });
  await context.setOffline(true);
}

test('a pattern search, offline after one visit: ? and *, ends with, contains, with counts', async ({ page, context }) => {
  test.setTimeout(120_000);
  const words = headwords();
  const folded = foldAll(words);
  const expected = (q: string, mode: PatternMode) => searchPattern(words, folded, q, mode, 200);
  await visitOnceThenOffline(page, context);

  const field = page.locator('#search-input');
  const count = page.locator('#pattern-count');
  // Two letters, the first क: typed as a reader types it.
  await field.fill('क?');
  const two = expected('क?', 'whole');
  expect(two.total).toBeGreaterThan(0);
  await expect(count).toHaveAttribute('data-total', String(two.total));
  await expect(page.locator('#results a').first()).toHaveText(two.words[0]!);
  await expect(page.locator('#results a')).toHaveCount(two.words.length);
  await expect(page.locator('#search-not-saved')).toHaveCount(0);

  // Rhymes: ends with ा.
  await field.fill('ा');
  await page.getByLabel(modes.ends).check();
  const ends = expected('ा', 'ends');
  expect(ends.total).toBeGreaterThan(0);
  await expect(count).toHaveAttribute('data-total', String(ends.total));
  await expect(page.locator('#results a').first()).toHaveText(ends.words[0]!);
  expect(page.url()).toContain('m=ends');

  // Contains, kept while typing; then back to the best match.
  await page.getByLabel(modes.contains).check();
  await field.fill('र');
  const contains = expected('र', 'contains');
  await expect(count).toHaveAttribute('data-total', String(contains.total));
  await page.getByLabel(modes.best).check();
  await expect(count).toHaveCount(0);
  await expect(page.locator('#results a').first()).toBeVisible();
});

test('the word of the day: the same for a Nepal date, chosen among entries with definitions, its link shared', async ({ page, context }) => {
  const words = headwords();
  const day = new Date('2026-11-26T06:00:00Z');
  const key = nepalDayKey(day);
  let want = '';
  for (const i of candidates(key, words.length))
    if (hasDefinitions(entry(words[i]!))) {
      want = words[i]!;
      break;
    }
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.clock.setFixedTime(day);
  await page.goto(`${site.url}/`);
  const wod = page.locator('.word-of-day');
  await expect(wod.locator('#wod-word')).toHaveText(want);
  await expect(wod).toHaveAttribute('data-day', key);
  // A minute before Nepal's midnight, the same Nepal day: the same word.
  await page.clock.setFixedTime(new Date('2026-11-26T18:14:00Z'));
  await page.reload();
  await expect(wod.locator('#wod-word')).toHaveText(want);
  // Shared: the Web Share API where there is one, else its link copied.
  const hasShare = await page.evaluate(() => 'share' in navigator);
  if (hasShare) console.log('word of the day: this Chromium has navigator.share; the copy-link path is not exercised');
  else {
    await page.locator('#wod-share').click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(decodeURIComponent(copied)).toContain(`#/word/${want}`);
  }
  await wod.locator('#wod-word').click();
  await expect(page.locator('article.entry h1')).toHaveText(want);
});

test('the word of the day, offline, when its entry is not saved: the headword and the not-saved offer', async ({ page, context }) => {
  test.setTimeout(120_000);
  const words = headwords();
  const saved = manifest().chunks[0]!;
  // A day whose first candidate lies outside the chunk saved at install.
  let day = new Date('2026-11-26T06:00:00Z');
  let want = '';
  for (let n = 0; n < 60; n++) {
    const at = new Date(Date.UTC(2026, 10, 26 + n, 6));
    const first = candidates(nepalDayKey(at), words.length).next().value!;
    if (first >= saved.count && hasDefinitions(entry(words[first]!))) {
      [day, want] = [at, words[first]!];
      break;
    }
  }
  expect(want, 'a day within 60 whose word is outside the first chunk').not.toBe('');
  await page.clock.setFixedTime(day);
  // The one visit is to another screen: the home page, online, would fetch the day's entry.
  await page.goto(`${site.url}/#/saved`);
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller);
  await expect(page.locator('#ready-banner')).not.toContainText(ne.offline.saving, { timeout: 60_000 });
  await context.setOffline(true);
  await page.goto(`${site.url}/#/`);
  await expect(page.locator('#wod-word')).toHaveText(want);
  await expect(page.locator('#wod-not-saved')).toContainText(ne.notSaved.word);
});

test('tap to look up: a word selected on a page opens its entry in a sheet, offline; Escape closes it', async ({ page, context }) => {
  test.setTimeout(120_000);
  const m = manifest();
  const first = json<ChunkFile>(`api/v1/${m.chunks[0]!.path}`).entries;
  const known = new Set(first.filter(hasDefinitions).map((e) => e.word));
  // A saved entry whose senses use another saved headword: the reader selects that word.
  let page1 = '';
  let picked = '';
  for (const e of first) {
    for (const s of e.definitions.flatMap((d) => d.senses))
      for (const token of s.split(/[\s,।;:()\-–"'‘’“”.!?]+/))
        if (token !== e.word && known.has(token) && token.length > 1 && !page1) [page1, picked] = [e.word, token];
  }
  expect(picked, 'a sense in the saved chunk that uses a saved headword').not.toBe('');
  await visitOnceThenOffline(page, context);
  await page.goto(`${site.url}/#/word/${encodeURIComponent(page1)}`);
  await expect(page.locator('article.entry h1')).toHaveText(page1);
  // Select the word as the reader's selection handles would.
  await page.evaluate((w) => {
    const walker = document.createTreeWalker(document.querySelector('article.entry')!, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent ?? '';
      const at = [...text.matchAll(new RegExp(`(^|[\\s,।;:()"'‘’“”.!?-])(${w})(?=$|[\\s,।;:()"'‘’“”.!?-])`, 'g'))][0];
      if (!at) continue;
      const range = document.createRange();
      const start = at.index! + at[1]!.length;
      range.setStart(n, start);
      range.setEnd(n, start + w.length);
      getSelection()!.removeAllRanges();
      getSelection()!.addRange(range);
      return;
    }
    throw new Error(`${w} not found in the senses`);
  }, picked);
  const sheet = page.locator('#lookup-sheet');
  await expect(sheet.locator('h2')).toContainText(picked);
  const firstSense = entry(picked)!
    .definitions.flatMap((d) => d.senses)
    .find((s) => s.trim())!;
  await expect(sheet.locator('ol.senses li').first()).toBeVisible();
  expect(firstSense.length).toBeGreaterThan(0);
  await expect(sheet.locator('h2')).toBeFocused();
  // It stands below the content: the page's last line can be scrolled above it and is tapped itself.
  const last = page.locator('article.entry ol li').last();
  await last.scrollIntoViewIfNeeded();
  await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
  const hit = await last.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const at = document.elementFromPoint(r.left + 4, r.top + r.height / 2);
    return !!at && (at === el || el.contains(at));
  });
  expect(hit).toBe(true);
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);

  // A double click on a heading's word (a computer's selection) opens it too; the link goes to the full page.
  await page.locator('article.entry h1').dblclick();
  await expect(sheet.locator('h2')).toContainText(page1);
  await sheet.locator('#lookup-full').click();
  await expect(sheet).toHaveCount(0);
  await expect(page.locator('article.entry h1')).toHaveText(page1);
});

test('an English word is said to be one, with the romanised reading searched', async ({ page }) => {
  await page.goto(`${site.url}/`);
  await page.locator('#search-input').fill('water');
  const notice = page.locator('#english-notice');
  await expect(notice).toContainText('नेपाली–नेपाली');
  await expect(notice).toContainText('वतेर');
  // Romanised Nepali is left alone.
  await page.locator('#search-input').fill('ghar');
  await expect(page.locator('#results a').first()).toBeVisible();
  await expect(notice).toHaveCount(0);
});
