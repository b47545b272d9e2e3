// axe-core on every screen (issue 12 §4), at phone size, light and dark: no serious or critical
// violation. Each test prints its screen's count (all impacts), for bench/RESULTS.md.

import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { serveSwitchable, type Switchable } from '../helpers/http.ts';
import { allSectionsApp, PHONE, SCREENS, showScreen } from './screens.ts';

let site: Switchable;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  site = await serveSwitchable(allSectionsApp());
});
test.afterAll(() => site.close());

for (const scheme of ['light', 'dark'] as const) {
  for (const { name, hash } of SCREENS) {
    test(`axe: ${name}, ${scheme}: no serious or critical violation`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(PHONE);
      await page.emulateMedia({ colorScheme: scheme });
      await showScreen(page, site.url, hash);
      const { violations } = await new AxeBuilder({ page }).analyze();
      const serious = violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => {
          const where = v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1).join(' ') ?? ''}`);
          return `${v.impact} ${v.id} ×${v.nodes.length}: ${v.help}\n    ${where.join('\n    ')}`;
        });
      console.log(`axe ${scheme} ${name}: ${violations.length} violations (${serious.length} serious or critical): ${violations.map((v) => `${v.id}/${v.impact}×${v.nodes.length}`).join(' ')}`);
      expect(serious, serious.join('\n')).toEqual([]);
    });
  }
}
