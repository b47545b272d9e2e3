// Nothing drawn over the page, at 360×640: on every screen, the element at the centre of the
// first heading, of the first result or list item, and of each button is that element itself
// (document.elementFromPoint after scrollIntoView, which honours scroll-padding), so no
// question, notice, sticky header or bottom bar covers it or takes its tap. In three states
// (a first visit; the first-visit question and the first-install notice open; offline) and in light
// and dark. Also: the header's language button shows its whole word on every screen.

import { type Browser, expect, type Page, test } from '@playwright/test';
import { STRINGS } from '../../src/app/i18n.ts';
import { MARKET_STRINGS } from '../../src/app/market/strings.ts';
import { serveSwitchable, type Switchable } from '../../harness/http.ts';
import { openApp } from './helpers.ts';
import { PHONE, SCREENS, showScreen } from './screens.ts';
import { ALL_DIST } from '../../harness/variant.ts';

// The screens of the three sections' routers (src/app/router.ts, src/app/books/screens.tsx,
// src/app/market/screens.tsx): tests/e2e/screens.ts lists 22 of them, the portfolio is added here (23).
// The dictionary has no history screen of its own (its history is on the saved-words screen).
const ALL_SCREENS = [...SCREENS, { name: 'market-portfolio', hash: '#/market/portfolio' }];

const SCHEMES = ['light', 'dark'] as const;
type Scheme = (typeof SCHEMES)[number];

let app: Switchable;
test.beforeAll(async () => {
  app = await serveSwitchable(ALL_DIST);
});
test.afterAll(async () => {
  await app?.close();
});

/** In the page: every checked element that is not what a tap at its centre reaches, and why. */
function coveredElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const visible = (e: Element) => {
      const r = e.getBoundingClientRect();
      // A visually hidden heading (1×1, for screen readers) is not something to tap.
      return r.width > 1 && r.height > 1 && getComputedStyle(e).visibility !== 'hidden' && !e.closest('details:not([open]) > :not(summary)');
    };
    const name = (e: Element) =>
      `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${e.classList.length ? `.${[...e.classList].join('.')}` : ''} "${(e.textContent ?? '').trim().slice(0, 30)}"`;
    const checked: Element[] = [];
    const first = (selector: string) => {
      const e = [...document.querySelectorAll(selector)].find(visible);
      if (e) checked.push(e);
    };
    first('main :is(h1, h2)');
    // The first result or list item: a list's first item, or a table's first row.
    first('main :is(ol, ul) > li, main tbody tr');
    // The buttons: the page's, the notices' and the header's.
    for (const e of document.querySelectorAll(
      'main button, main a.button, .banners button, .banners a.button, .section-banner button, .section-banner a.button, header.top button',
    ))
      if (visible(e) && !checked.includes(e)) checked.push(e);
    // Every scroller as it was, to put back after: scrollIntoView scrolls tables sideways too.
    const scrollers = [...document.querySelectorAll('*')]
      .filter((e) => e.scrollWidth > e.clientWidth || e.scrollHeight > e.clientHeight)
      .map((e) => [e, e.scrollLeft, e.scrollTop] as const);
    const problems: string[] = [];
    for (const e of checked) {
      e.scrollIntoView({ block: 'start', behavior: 'instant' });
      // A link's first line (an inline element split over two lines has two boxes).
      const r = e.getClientRects()[0] ?? e.getBoundingClientRect();
      // The centre of the part inside the window (a tall list item may reach past its foot).
      const x = (Math.max(r.left, 0) + Math.min(r.right, innerWidth)) / 2;
      const y = (Math.max(r.top, 0) + Math.min(r.bottom, innerHeight)) / 2;
      const hit = document.elementFromPoint(x, y);
      if (!hit || !(hit === e || e.contains(hit)))
        problems.push(`${name(e)} at ${Math.round(x)},${Math.round(y)} is covered by ${hit ? name(hit) : 'nothing'}`);
    }
    // The language button shows its whole word ("English", never "nglish").
    const lang = document.querySelector('header.top .tools button');
    if (lang && lang.scrollWidth > lang.clientWidth) problems.push(`${name(lang)} is clipped: ${lang.scrollWidth} > ${lang.clientWidth}`);
    scrollTo(0, 0);
    for (const [e, left, top] of scrollers) e.scrollTo(left, top);
    return problems;
  });
}

async function check(page: Page, hash: string, failures: string[]): Promise<void> {
  await showScreen(page, app.url, hash);
  for (const p of await coveredElements(page)) failures.push(`${hash}: ${p}`);
}

async function phone(browser: Browser, scheme: Scheme) {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, colorScheme: scheme, serviceWorkers: 'allow' });
  return { context, page: await context.newPage() };
}

// A first visit, in light and dark: each screen opened by a new reader (nothing stored, no worker
// yet), checked in light, then in dark (the scheme changed in place, as a phone's setting does).
test('first visit, light and dark: on each screen the heading, the first item and every button take their own taps', async ({ browser }) => {
  test.setTimeout(400_000);
  const failures: string[] = [];
  for (const { hash } of ALL_SCREENS) {
    const { context, page } = await phone(browser, 'light');
    await check(page, hash, failures);
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(true);
    for (const p of await coveredElements(page)) failures.push(`${hash} (dark): ${p}`);
    await context.close();
  }
  expect(failures).toEqual([]);
});

for (const scheme of SCHEMES) {
  test(`the first-visit question open, ${scheme}: it stands in the flow and covers nothing`, async ({ browser }) => {
    test.setTimeout(400_000);
    const { context, page } = await phone(browser, scheme);
    await openApp(page, app.url, '#/');
    await expect(page.locator('#save-dictionary-ask')).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('#ready-banner')).toBeVisible();
    const failures: string[] = [];
    for (const { hash } of ALL_SCREENS) {
      await check(page, hash, failures);
      // The question and the first-install notice are still there, unanswered.
      if (!hash.startsWith('#/books') && !hash.startsWith('#/market')) await expect(page.locator('#save-dictionary-ask'), hash).toBeVisible();
      await expect(page.locator('#ready-banner'), hash).toBeVisible();
    }
    expect(failures).toEqual([]);
    await context.close();
  });

  test(`offline, ${scheme}: the offline notice covers nothing`, async ({ browser }) => {
    test.setTimeout(400_000);
    const { context, page } = await phone(browser, scheme);
    await openApp(page, app.url, '#/');
    await expect(page.locator('#ready-banner')).toBeVisible({ timeout: 30_000 });
    // The first install's saving is over: the notice lists what is saved.
    await expect(page.locator('#ready-banner')).not.toContainText(STRINGS.ne.offline.saving, { timeout: 60_000 });
    await context.setOffline(true);
    const failures: string[] = [];
    for (const { hash } of ALL_SCREENS) {
      await check(page, hash, failures);
      await expect(page.locator('#offline-banner'), hash).toBeVisible();
    }
    expect(failures).toEqual([]);
    await context.close();
  });
}

test('the Nepali interface names things: a language and a country by name, a failed refresh in Nepali', async ({ page }) => {
  await page.setViewportSize(PHONE);
  const ne = MARKET_STRINGS.ne;
  await showScreen(page, app.url, '#/books/book/cehrd-g11-english');
  await expect(page.locator('[data-field="language"] dd')).toHaveText('अङ्ग्रेजी');
  await expect(page.locator('[data-field="country"] dd')).toHaveText('नेपाल');
  // The suite's market upstream is a closed port: every refresh fails as unreachable.
  await showScreen(page, app.url, '#/market');
  const why = page.locator('.status-notes').first();
  await expect(why).toBeVisible({ timeout: 30_000 });
  await why.locator('summary').first().click();
  const note = why.locator('.stale-note > p');
  await expect(note).toContainText(ne.reasons.unreachable(0));
  await expect(note).not.toContainText(/[A-Za-z]/);
  // The worker's own words only under details.
  await expect(why.locator('.reason-details li').first()).toHaveText(/^upstream unreachable/);
});
