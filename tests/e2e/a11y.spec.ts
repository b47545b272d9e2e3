// axe-core on every screen (docs/accessibility.md), at phone size, light and dark: no serious or critical
// violation, one <h1>, a title naming the screen. Each test prints its screen's count (all
// impacts), for bench/RESULTS.md. With KHOJ_SCREENSHOTS=1 the same visits also write the
// screenshots linked from docs/accessibility.md (docs/screenshots/<screen>-<scheme>.png, Nepali, 360×640).

import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { serveSwitchable, type Switchable } from '../../harness/http.ts';
import { allSectionsApp, PHONE, SCREENS, showScreen } from './screens.ts';

const SHOTS = process.env.KHOJ_SCREENSHOTS === '1' ? join(import.meta.dirname, '../../docs/screenshots') : undefined;
let site: Switchable;
// One reader visiting every screen in turn, in one context: the worker installs and saves once.
// A new context per screen made each test wait for its own install and first saving
// (`waitForLoadState('networkidle')` in showScreen): 8.5 minutes of the browser run for 46 tests
// (`node tests/times.mjs`).
let context: BrowserContext;
let page: Page;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  site = await serveSwitchable(allSectionsApp());
  context = await browser.newContext({ viewport: PHONE });
  page = await context.newPage();
});
test.afterAll(async () => {
  await context?.close();
  await site?.close();
});

for (const scheme of ['light', 'dark'] as const) {
  for (const { name, hash } of SCREENS) {
    test(`axe: ${name}, ${scheme}: no serious or critical violation`, async () => {
      test.setTimeout(120_000);
      await page.emulateMedia({ colorScheme: scheme });
      await showScreen(page, site.url, hash);
      // One <h1> per screen, and the document's title names the screen ("<screen> · खोज").
      await expect(page.locator('h1')).toHaveCount(1);
      const heading = (await page.locator('main h1').textContent())!.trim();
      expect(heading).not.toBe('');
      expect(await page.title()).toMatch(/^\S.* · खोज$/);
      const { violations } = await new AxeBuilder({ page }).analyze();
      const serious = violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => {
          const where = v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1).join(' ') ?? ''}`);
          return `${v.impact} ${v.id} ×${v.nodes.length}: ${v.help}\n    ${where.join('\n    ')}`;
        });
      console.log(
        `axe ${scheme} ${name}: ${violations.length} violations (${serious.length} serious or critical): ${violations.map((v) => `${v.id}/${v.impact}×${v.nodes.length}`).join(' ')}`,
      );
      if (SHOTS) {
        mkdirSync(SHOTS, { recursive: true });
        // The home screen shows the first visit's banners; every other screen as a reader sees it after
        // answering them (on phones they hang over the page until then).
        if (name !== 'dictionary-home') {
          for (const button of ['#ready-banner button', '#save-dictionary-no']) if (await page.locator(button).isVisible()) await page.locator(button).click();
          await expect(page.locator('#ready-banner, #save-dictionary-ask')).toHaveCount(0);
        }
        await page.locator('main h1').evaluate((h) => (h as HTMLElement).blur());
        await page.screenshot({ path: join(SHOTS, `${name}-${scheme}.png`), animations: 'disabled', caret: 'hide' });
      }
      expect(serious, serious.join('\n')).toEqual([]);
    });
  }
}
