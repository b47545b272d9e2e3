// The first visit at full size: the shared dump generator makes the 123,363-headword dictionary
// at test time, the app is built around it once, a reader visits only the home page and goes
// offline, and search finds words of every letter, in Devanagari, in roman letters and in loose
// spellings, because the headword list (core/dictionary/headwords.ts) was saved at install; the
// letters list every headword (made on the device from that list). Installed on an unmetered
// connection, the whole dictionary (its pack: core/dictionary/pack/) is saved in the background
// and every word opens with its meaning offline; elsewhere the question tells the pack's real size.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { DICTIONARY_SHELL } from '../../src/app/dictionary/section-strings.ts';
import { STRINGS } from '../../src/app/i18n.ts';
import { DICTIONARY_STRINGS } from '../../src/app/dictionary/strings.ts';
import { count, digits } from '../../src/core/digits.ts';
import { PACK_INDEX, type PackIndexFile } from '../../src/core/dictionary/pack/files.ts';
import { sizeText } from '../../src/core/size-text.ts';
import { decodeHeadwords, type HeadwordsFile } from '../../src/core/dictionary/headwords.ts';
import { letterOf } from '../../src/core/dictionary/normalise.ts';
import { chunkPath } from '../../src/core/dictionary/paths.ts';
import { HeadwordIndex } from '../../src/core/dictionary/search/headword-index.ts';
import type { LettersFile, Manifest } from '../../src/core/dictionary/types.ts';
import { askWorker } from '../../harness/ask-worker.ts';
import { type Counted, type Served, serveCounting } from '../../harness/http.ts';
import { expectEntry, workerStatus } from './helpers.ts';
import { fullSizeBuild, wordsOfLetters } from '../../harness/full-size.ts';
import { hasSharedData } from '../../harness/shared-data.ts';

const ne = { ...STRINGS.ne, ...DICTIONARY_STRINGS.ne };

// Devanagari → the roman letters the search reads (src/core/dictionary/search/transliterate.ts).
const CONSONANT: Record<string, string> = {
  क: 'k',
  ख: 'kh',
  ग: 'g',
  घ: 'gh',
  च: 'ch',
  छ: 'chh',
  ज: 'j',
  झ: 'jh',
  ट: 'T',
  ठ: 'Th',
  ड: 'D',
  ढ: 'Dh',
  ण: 'N',
  त: 't',
  थ: 'th',
  द: 'd',
  ध: 'dh',
  न: 'n',
  प: 'p',
  फ: 'ph',
  ब: 'b',
  भ: 'bh',
  म: 'm',
  य: 'y',
  र: 'r',
  ल: 'l',
  व: 'v',
  श: 'sh',
  ष: 'Sh',
  स: 's',
  ह: 'h',
};
const VOWEL: Record<string, string> = { अ: 'a', आ: 'aa', इ: 'i', ई: 'ii', उ: 'u', ऊ: 'uu', ऋ: 'R', ए: 'e', ऐ: 'ai', ओ: 'o', औ: 'au' };
const SIGN: Record<string, string> = { 'ा': 'aa', 'ि': 'i', 'ी': 'ii', 'ु': 'u', 'ू': 'uu', 'ृ': 'R', 'े': 'e', 'ै': 'ai', 'ो': 'o', 'ौ': 'au' };
const MARK: Record<string, string> = { 'ं': 'M', 'ँ': '~', 'ः': 'H' };

/** How a reader would type `word` in roman letters; undefined for a word with a letter the scheme has no roman for. */
function romanise(word: string): string | undefined {
  const cps = [...word];
  let out = '';
  for (let i = 0; i < cps.length; i++) {
    const c = cps[i]!;
    const next = cps[i + 1];
    if (CONSONANT[c]) {
      out += CONSONANT[c];
      if (next !== undefined && SIGN[next]) out += SIGN[cps[++i]!];
      else if (next === '्') i++;
      else if (next !== undefined) out += 'a';
    } else if (VOWEL[c] && (i === 0 || !CONSONANT[cps[i - 1]!])) out += VOWEL[c];
    else if (MARK[c] && i > 0) out += MARK[c];
    else return undefined;
  }
  return out;
}

// Kept in .e2e/full-size from the last run while the dump and the sources are unchanged (harness/full-size.ts).
let dist: string;
let site: Served & { sent: Counted };
let words: string[];

test.beforeAll(async () => {
  test.skip(!hasSharedData, 'the real headword list or the dump generator is missing (printed above)');
  // The full-size build, once: the dump (~10 s, or none when kept), the data (~15 s), the app with its compressed copies.
  test.setTimeout(900_000);
  dist = await fullSizeBuild();
  const file = JSON.parse(readFileSync(join(dist, 'api/v1/headwords.json'), 'utf8')) as HeadwordsFile;
  words = decodeHeadwords(file.words);
});
test.beforeEach(async () => {
  site = await serveCounting(dist);
});
test.afterEach(async () => {
  await site.close();
});

/** The results the app lists for `q`, once it has answered that very query. */
async function results(page: Page, q: string): Promise<string[]> {
  await page.evaluate((hash) => (location.hash = hash), `#/search?q=${encodeURIComponent(q)}`);
  const list = page.locator('#results');
  await expect(list).toHaveAttribute('data-q', q);
  return list.locator('a').allTextContents();
}

test('after one visit to the home page, offline search finds words of every letter at full size', async ({ page, context }) => {
  test.setTimeout(300_000);
  const json = <T>(rel: string): T => JSON.parse(readFileSync(join(dist, 'api/v1', rel), 'utf8')) as T;
  const letters = json<LettersFile>('letters.json').letters.map((l) => l.letter);
  const manifest = json<Manifest>('manifest.json');
  expect(words.length).toBe(123_363);
  expect(manifest.chunks.reduce((n, c) => n + c.count, 0)).toBe(words.length);

  // Per letter: a word in the middle of its list (Devanagari), and a short word that a reader
  // would type in roman letters, which the same search in Node puts in its first five.
  const index = new HeadwordIndex(words);
  const byLetter = new Map<string, string[]>();
  for (const w of words) byLetter.set(letterOf(w), [...(byLetter.get(letterOf(w)) ?? []), w]);
  const devanagari = letters.map((l) => byLetter.get(l)![Math.floor(byLetter.get(l)!.length / 2)]!);
  const roman: Array<[string, string]> = [];
  const noRoman: string[] = [];
  for (const l of letters) {
    const found = byLetter
      .get(l)!
      .filter((w) => [...w].length <= 6)
      .slice(0, 300)
      .map((w) => [romanise(w), w] as const)
      .find(([q, w]) => q !== undefined && index.search(q, 5).some((h) => h.word === w));
    if (found) roman.push([found[0]!, found[1]]);
    else noRoman.push(l);
  }
  // The letters the roman scheme cannot write (ङ ञ ॐ …) are few, and named.
  console.log(`romanised: ${roman.length} of ${letters.length} letters; none for ${noRoman.join(' ')}`);
  expect(roman.length).toBeGreaterThanOrEqual(letters.length - 4);
  // Loose spellings: a long vowel typed short, श typed as स.
  const loose = words
    .filter((w) => /^[^ ]*[ीश][^ ]*$/.test(w) && [...w].length <= 5)
    .filter((_, i) => i % 997 === 0)
    .slice(0, 8)
    .map((w) => [w.replace('ी', 'ि').replace('श', 'स'), w] as const)
    .filter(([q, w]) => q !== w && index.search(q, 10).some((h) => h.word === w));
  expect(loose.length).toBeGreaterThan(3);

  // The home page only, then offline.
  await page.goto(`${site.url}/`);
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller);
  const banner = page.locator('#ready-banner [data-section="dictionary"]');
  // The entries saved are the first chunk's, and the chunk of the word of the day the home page
  // shows (src/core/dictionary/word-of-day.ts): the status counts exactly the chunks stored.
  const storedEntries = async () => {
    const chunks = (await workerStatus(page)).paths.filter((p) => p.startsWith('chunks/'));
    return manifest.chunks.filter((c) => chunks.includes(chunkPath(c.chunk))).reduce((n, c) => n + c.count, 0);
  };
  await expect
    .poll(async () => (await banner.textContent()) === DICTIONARY_SHELL.ne.search(count(await storedEntries(), 'ne'), count(words.length, 'ne')), {
      timeout: 120_000,
    })
    .toBe(true);
  expect(await storedEntries()).toBeGreaterThanOrEqual(manifest.chunks[0]!.count);
  await context.setOffline(true);

  for (const w of devanagari) expect(await results(page, w), w).toContain(w);
  for (const [q, w] of roman) expect(await results(page, q), `${q} → ${w}`).toContain(w);
  for (const [q, w] of loose) expect(await results(page, q), `${q} → ${w}`).toContain(w);
  await expect(page.locator('#search-not-saved')).toHaveCount(0);

  // A result whose entry is not saved says so, with one tap for the word.
  const far = words[Math.floor(words.length * 0.7)]!;
  await results(page, far);
  await page.locator('#results a', { hasText: far }).first().click();
  await expect(page.locator('#not-saved')).toContainText(ne.notSaved.word);
  await expect(page.locator('#not-saved-one')).toHaveText(ne.notSaved.saveWord);
});

/**
 * The app as installed (display-mode: standalone) on a connection the browser calls Wi-Fi. Chromium
 * ignores a display-mode in CDP's Emulation.setEmulatedMedia (the query stays "browser"), so the
 * page's media query answers as an installed app's does.
 */
async function installedUnmetered(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const proto = (self as unknown as { NetworkInformation: { prototype: object } }).NetworkInformation.prototype;
    Object.defineProperty(proto, 'type', { get: () => 'wifi', configurable: true });
    Object.defineProperty(proto, 'saveData', { get: () => false, configurable: true });
    const real = window.matchMedia.bind(window);
    window.matchMedia = (query: string) =>
      /\(display-mode:\s*standalone\)/.test(query)
        ? ({
            matches: true,
            media: query,
            onchange: null,
            addListener() {},
            removeListener() {},
            addEventListener() {},
            removeEventListener() {},
            dispatchEvent: () => false,
          } as unknown as MediaQueryList)
        : real(query);
  });
}

test('installed on an unmetered connection: one visit saves the whole dictionary in the background, and offline every word of 13 letters opens with its meaning', async ({
  page,
  context,
}) => {
  test.setTimeout(600_000);
  const json = <T>(rel: string): T => JSON.parse(readFileSync(join(dist, 'api/v1', rel), 'utf8')) as T;
  const letters = json<LettersFile>('letters.json');
  const pack = json<PackIndexFile>(PACK_INDEX);
  const picked = wordsOfLetters(
    words,
    letters.letters.map((l) => l.letter),
  );
  await installedUnmetered(context);

  // One visit to the home page; nothing is asked: the save runs by itself.
  await page.goto(`${site.url}/`);
  expect(await page.evaluate(() => matchMedia('(display-mode: standalone)').matches)).toBe(true);
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller);
  await expect.poll(async () => (await askWorker(page, 'offline-status', {}, 30_000)).dictionary?.whole, { timeout: 480_000, intervals: [2000] }).toBe(true);
  const status = (await askWorker(page, 'offline-status', {})).dictionary!;
  // Saved from the pack, whose size it took: what crossed the network for the entries.
  expect(status.save).toMatchObject({ step: 'done', received: pack.bytes, total: pack.bytes });
  await expect(page.locator('#save-dictionary-ask')).toHaveCount(0);
  // The saved page says it is saved, and has the setting that turns the background save off.
  await page.goto(`${site.url}/#/saved`);
  await expect(page.locator('.save-offline [role="status"]')).toHaveText(ne.savedAll);
  await expect(page.locator('#save-background-setting')).toBeChecked();

  await context.setOffline(true);
  for (const w of picked) {
    await page.goto(`${site.url}/#/word/${encodeURIComponent(w)}`);
    await expectEntry(page, w);
  }
  // "kitab" as a reader types it: found, and its entry opens.
  const kitab = await results(page, 'kitab');
  expect(kitab.length).toBeGreaterThan(0);
  await page.locator('#results a').first().click();
  await expectEntry(page, kitab[0]!);
  // Search in meanings works offline: the meaning index was made on the device from the entries.
  const sense = (await page.locator('article.entry .senses li').first().textContent())!;
  const term = sense.split(/[\s,;।.]+/).find((t) => [...t].length >= 3)!;
  await page.evaluate((hash) => (location.hash = hash), `#/search?q=${encodeURIComponent(term)}&in=meanings`);
  await expect(page.locator(`#results[data-complete="yes"][data-q="${term}"]`)).toBeAttached({ timeout: 60_000 });
  await expect(page.locator('#results li:not(.pending)').first()).toBeVisible();
  await expect(page.locator('#search-not-saved')).toHaveCount(0);
  // Every letter lists its words, none marked as not saved.
  const big = letters.letters.reduce((a, b) => (b.count > a.count ? b : a));
  await page.goto(`${site.url}/#/letter/${encodeURIComponent(big.letter)}`);
  await expect(page.locator('.letter-words h1 small')).toHaveText(`${count(big.count, 'ne')} ${ne.words}`);
  await expect(page.locator('.virtual li a').first()).toBeVisible();
  await expect(page.locator('.virtual li a.unsaved')).toHaveCount(0);
});

test('on a metered connection the question tells the pack\u2019s real size; offline, a letter lists every headword before its entries are saved, each offering its save', async ({
  page,
  context,
}) => {
  test.setTimeout(300_000);
  const json = <T>(rel: string): T => JSON.parse(readFileSync(join(dist, 'api/v1', rel), 'utf8')) as T;
  const pack = json<PackIndexFile>(PACK_INDEX);
  const letters = json<LettersFile>('letters.json');
  await context.addInitScript(() =>
    Object.defineProperty((self as unknown as { NetworkInformation: { prototype: object } }).NetworkInformation.prototype, 'saveData', { get: () => true }),
  );
  await page.goto(`${site.url}/`);
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller);
  const ask = page.locator('#save-dictionary-ask');
  // What crosses the network: the pack, to the byte as sizeText says it (4.5 MB), not the files' UTF-8 size (48 MB).
  await expect(ask).toContainText(ne.askWhole(digits(sizeText(pack.bytes), 'ne'), '').split(',')[0]!, { timeout: 120_000 });
  await expect(ask).toContainText(ne.metered);
  const utf8 = pack.files.reduce((n, f) => n + f.bytes, 0);
  await expect(ask).not.toContainText(digits(sizeText(utf8), 'ne'));
  // Nothing large was fetched: no pack.
  expect((await workerStatus(page)).paths.filter((p) => p.startsWith('chunks/')).length).toBeLessThan(5);

  await context.setOffline(true);
  const letter = letters.letters.find((l) => l.letter === 'क')!;
  await page.goto(`${site.url}/#/letter/${encodeURIComponent(letter.letter)}`);
  await expect(page.locator('.letter-words h1 small')).toHaveText(`${count(letter.count, 'ne')} ${ne.words}`);
  const unsaved = page.locator('.virtual li a.unsaved').first();
  await expect(unsaved).toBeVisible();
  await expect(unsaved.locator('.visually-hidden')).toHaveText(`(${ne.wordNotSaved})`);
  const word = (await unsaved.evaluate((a) => a.firstChild!.textContent!)).trim();
  await unsaved.click();
  await expect(page.locator('#not-saved')).toContainText(ne.notSaved.word);
  await expect(page.locator('#not-saved-one')).toHaveText(ne.notSaved.saveWord);
  await page.locator('#not-saved-one').click();
  await expect(page.locator('#not-saved-queued')).toHaveText(ne.notSaved.wordQueued);
  expect(word.length).toBeGreaterThan(0);
});

test('the download the question quotes is what crosses the network: the whole dictionary saved at full size, within 3% of the quote (it said 48.7 MB, 5\u00d7 the transfer)', async ({
  page,
  context,
}) => {
  test.setTimeout(600_000);
  const pack = JSON.parse(readFileSync(join(dist, 'api/v1', PACK_INDEX), 'utf8')) as PackIndexFile;
  await context.addInitScript(() =>
    Object.defineProperty((self as unknown as { NetworkInformation: { prototype: object } }).NetworkInformation.prototype, 'saveData', { get: () => true }),
  );
  await page.goto(`${site.url}/`);
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller);
  await expect(page.locator('#save-dictionary-ask')).toBeVisible({ timeout: 120_000 });
  // The first visit's part done, what the app quotes for the rest.
  await expect.poll(async () => (await askWorker(page, 'offline-status', {})).saving ?? false, { timeout: 120_000 }).toBe(false);
  const quoted = (await askWorker(page, 'offline-status', {})).dictionary!.estimate!.download!;
  expect(quoted).toBe(pack.bytes);
  const before = { ...site.sent };
  await page.locator('#save-dictionary-yes').click();
  await expect.poll(async () => (await askWorker(page, 'offline-status', {}, 30_000)).dictionary?.whole, { timeout: 480_000, intervals: [2000] }).toBe(true);
  const sent = site.sent.bytes - before.bytes;
  console.log(`quoted ${quoted} bytes; the server sent ${sent} in ${site.sent.requests - before.requests} answers (the pack ${site.sent.pack - before.pack})`);
  expect(site.sent.pack - before.pack).toBe(pack.bytes);
  expect(Math.abs(sent - quoted) / quoted).toBeLessThan(0.03);
  // The size it used to quote, the files' UTF-8 bytes, is several times that.
  expect(pack.files.reduce((n, f) => n + f.bytes, 0)).toBeGreaterThan(5 * sent);
});
