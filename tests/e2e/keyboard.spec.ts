// Keyboard use (docs/accessibility.md), in a real Chromium at phone size: focus moves to the new screen's
// heading on navigation (not while typing), the skip link, arrow keys in search results,
// focusable scroll regions, and filter dropdowns that apply once per choice.

import { expect, test } from '@playwright/test';
import { serveSwitchable, type Switchable } from '../../harness/http.ts';
import { allSectionsApp, PHONE } from './screens.ts';

let site: Switchable;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  site = await serveSwitchable(allSectionsApp());
});
test.afterAll(() => site.close());
test.beforeEach(({ page }) => page.setViewportSize(PHONE));

const focusedHeading = () => (document.activeElement?.tagName === 'H1' ? document.activeElement.textContent : null);

test('a navigation names the document and moves the focus to the new heading', async ({ page }) => {
  await page.goto(`${site.url}/#/`);
  await expect(page.locator('main h1')).toHaveText('अक्षरहरू');
  await expect(page).toHaveTitle('शब्दकोश · खोज');
  // First load: the focus stays where the browser put it.
  expect(await page.evaluate(focusedHeading)).toBeNull();
  await page.locator('.letters a').first().focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveTitle('अ · खोज');
  await expect.poll(() => page.evaluate(focusedHeading)).toContain('अ');
  // Tab goes on from the heading into the screen, not back to the header.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
  // Back, with the keyboard too.
  await page.goBack();
  await expect.poll(() => page.evaluate(focusedHeading)).toBe('अक्षरहरू');
});

test('an unknown word, book or symbol is a screen too: its heading names the document and takes the focus', async ({ page }) => {
  await page.goto(`${site.url}/#/`);
  await expect(page.locator('main h1')).toHaveText('अक्षरहरू');
  const unknown = [
    { hash: `#/word/${encodeURIComponent('किरणज़')}`, heading: 'किरणज़', why: 'यो शब्द शब्दकोशमा छैन' },
    { hash: '#/books/book/no-such-book-1', heading: 'no-such-book-1', why: 'यो पुस्तक सूचीमा छैन' },
    { hash: '#/market/symbol/NOSUCH', heading: 'NOSUCH', why: 'यो सङ्केत भेटिएन' },
  ];
  for (const { hash, heading, why } of unknown) {
    // Each reached from another screen, as a link or a typed address would: the title must not stay the last screen's.
    await page.evaluate((h) => (location.hash = h), hash);
    await expect(page.locator('main h1'), hash).toHaveText(heading);
    await expect(page.locator('h1'), hash).toHaveCount(1);
    await expect(page.getByRole('status').filter({ hasText: why }), hash).toBeVisible();
    await expect(page, hash).toHaveTitle(`${why}: ${heading} · खोज`);
    await expect.poll(() => page.evaluate(focusedHeading), hash).toBe(heading);
  }
});

test('the skip link is the first stop and jumps to the heading', async ({ page }) => {
  await page.goto(`${site.url}/#/market`);
  await expect(page.locator('main h1')).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.locator('.skip-link');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect.poll(() => page.evaluate(focusedHeading)).toBe(await page.locator('main h1').textContent());
  expect(page.url()).toContain('#/market');
});

test('arrow keys move from the search field through the results and back', async ({ page }) => {
  await page.goto(`${site.url}/#/`);
  const field = page.locator('#search-input');
  await field.click();
  await field.pressSequentially('विद्या');
  await expect(page.locator('#results a').nth(1)).toBeVisible();
  // Typing navigated to the results, and the field kept the focus.
  await expect(field).toBeFocused();
  const links = page.locator('#results a');
  await page.keyboard.press('ArrowDown');
  await expect(links.nth(0)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(links.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(links.nth(0)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(field).toBeFocused();
  await page.keyboard.press('ArrowDown');
  const word = (await links.nth(0).textContent())!;
  await page.keyboard.press('Enter');
  await expect(page.locator('article.entry h1')).toHaveText(word);
  await expect.poll(() => page.evaluate(focusedHeading)).toBe(word);
});

test('scroll regions are reachable and scroll from the keyboard', async ({ page }) => {
  await page.goto(`${site.url}/#/letter/${encodeURIComponent('क')}`);
  const list = page.locator('.virtual');
  await expect(list).toHaveAttribute('tabindex', '0');
  await expect(list).toHaveAttribute('aria-label', /क/);
  await list.focus();
  await page.keyboard.press('PageDown');
  await expect.poll(() => list.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  await page.goto(`${site.url}/#/market/prices`);
  const table = page.locator('.table-wrap').first();
  await expect(table).toHaveAttribute('tabindex', '0');
  await expect(table).toHaveAccessibleName(/.+/);
  await table.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => table.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
});

test('a filter dropdown applies a choice once: not on every arrow key, on Enter or leaving it', async ({ page }) => {
  await page.goto(`${site.url}/#/books/list`);
  const grade = page.locator('select[name="grade"]');
  await expect(grade).toBeVisible();
  const options = await grade.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  await grade.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(grade).toHaveValue(options[2]!);
  // Still the unfiltered list: arrowing through the choices went nowhere.
  expect(page.url()).not.toContain('grade=');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`grade=${options[2]}`));
  // Arrowing on, then leaving the field, applies the last choice.
  await grade.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab');
  await expect(page).toHaveURL(new RegExp(`grade=${options[3]}(&|$)`));
  // A choice made with the pointer (or a picker) applies at once.
  await grade.selectOption(options[1]!);
  await expect(page).toHaveURL(new RegExp(`grade=${options[1]}(&|$)`));
});
