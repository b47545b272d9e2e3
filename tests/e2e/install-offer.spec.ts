// The install offer as a reader meets it, at 360×640: nothing on the first visit; on the second
// visit, or after a first save, an offer in the page's flow (above the page, never over it); the
// browser's own prompt behind its button; the answer remembered. Where the browser has no prompt
// (iOS Safari), the Share menu's steps in words.
//
// The `beforeinstallprompt` event is synthetic (dispatched in the page with a prompt() stub):
// headless Chromium does not fire it reliably (it needs its engagement heuristics and an
// installable-app check that headless runs skip or delay), and no test can press the browser's own dialog.

import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { STRINGS } from '../../src/app/i18n.ts';
import { DICTIONARY_STRINGS } from '../../src/app/dictionary/strings.ts';
import { serveSwitchable, type Switchable } from '../../harness/http.ts';
import { PHONE, showScreen } from './screens.ts';
import { ALL_DIST } from '../../harness/variant.ts';

const ne = { ...STRINGS.ne, ...DICTIONARY_STRINGS.ne };
test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

let app: Switchable;
test.beforeAll(async () => {
  app = await serveSwitchable(ALL_DIST);
});
test.afterAll(async () => {
  await app?.close();
});

/** The browser says the app can be installed; its prompt answers `outcome` and counts its calls in window.__prompts. */
function offerFromBrowser(page: Page, outcome: 'accepted' | 'dismissed'): Promise<void> {
  return page.evaluate((o) => {
    const w = window as unknown as { __prompts: number };
    w.__prompts = 0;
    const e = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: () => {
        w.__prompts++;
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome: o, platform: 'web' }),
    });
    dispatchEvent(e);
  }, outcome);
}

/** A visit: a new tab in the same browser profile (a reload in the same tab is the same visit). */
async function visit(context: BrowserContext, hash = '#/'): Promise<Page> {
  const page = await context.newPage();
  await showScreen(page, app.url, hash);
  return page;
}

/** The offer stands in the flow: above the page's heading, which takes its own taps. */
async function expectInFlow(page: Page): Promise<void> {
  const offer = (await page.locator('#install-offer').boundingBox())!;
  const main = (await page.locator('main').boundingBox())!;
  expect(main.y).toBeGreaterThanOrEqual(offer.y + offer.height - 1);
  expect(await page.locator('#install-offer').evaluate((e) => getComputedStyle(e).position)).toBe('static');
  for (const sel of ['main :is(h1, h2):visible >> nth=0', '#install-no']) {
    const el = page.locator(sel);
    await el.scrollIntoViewIfNeeded();
    expect(
      await el.evaluate((e) => {
        const r = e.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return hit !== null && (hit === e || e.contains(hit));
      }),
      sel,
    ).toBe(true);
  }
}

test('the second visit offers to install, in the flow; the browser prompt answers; the answer is remembered', async ({ context }) => {
  const first = await visit(context);
  await offerFromBrowser(first, 'dismissed');
  await expect(first.locator('#install-offer')).toHaveCount(0);
  await first.close();

  const second = await visit(context);
  await expect(second.locator('#install-offer')).toHaveCount(0);
  await offerFromBrowser(second, 'dismissed');
  await expect(second.locator('#install-offer')).toContainText(ne.install.offer);
  await expectInFlow(second);
  await second.locator('#install-yes').click();
  expect(await second.evaluate(() => (window as unknown as { __prompts: number }).__prompts)).toBe(1);
  await expect(second.locator('#install-offer')).toHaveCount(0);
  await second.close();

  const third = await visit(context);
  await offerFromBrowser(third, 'dismissed');
  await expect(third.locator('main :is(h1, h2)').first()).toBeVisible();
  await expect(third.locator('#install-offer')).toHaveCount(0);
});

test('a first save (a bookmark) is a good moment too; "not now" is remembered', async ({ context }) => {
  const page = await visit(context, `#/word/${encodeURIComponent('विद्यालय')}`);
  await offerFromBrowser(page, 'accepted');
  await expect(page.locator('#install-offer')).toHaveCount(0);
  await page.getByRole('button', { name: `☆ ${ne.bookmark}` }).click();
  await expect(page.locator('#install-offer')).toContainText(ne.install.offer);
  await expectInFlow(page);
  await page.locator('#install-no').click();
  await expect(page.locator('#install-offer')).toHaveCount(0);
  await page.close();
  const again = await visit(context);
  await offerFromBrowser(again, 'accepted');
  await expect(again.locator('main :is(h1, h2)').first()).toBeVisible();
  await expect(again.locator('#install-offer')).toHaveCount(0);
});

test.describe('a browser with no prompt (iOS Safari)', () => {
  test.use({
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  });
  test('the second visit explains "Add to Home Screen" in words', async ({ context }) => {
    await (await visit(context)).close();
    const page = await visit(context);
    await expect(page.locator('#install-offer')).toContainText(ne.install.explain);
    await expect(page.locator('#install-yes')).toHaveCount(0);
    await expectInFlow(page);
    await page.locator('#install-no').click();
    await expect(page.locator('#install-offer')).toHaveCount(0);
  });
});
