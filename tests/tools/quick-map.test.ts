// `npm run test:quick`'s map (tests/quick-map.ts): every browser spec is either run for some folder
// or left to `npm test` by name, and a change in a folder brings that folder's specs.

import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LEFT_TO_NPM_TEST, SECTION_SPECS, SHELL_SPECS, specsFor, testsNaming } from '../quick-map.ts';
import { ROOT } from '../../harness/run.ts';

const SPECS = readdirSync(join(ROOT, 'tests/e2e')).filter((f) => f.endsWith('.spec.ts'));
const e2e = (...names: string[]) => names.map((n) => `tests/e2e/${n}`).sort();

describe("test:quick's map", () => {
  it('names only specs that exist, and each spec is mapped or left to npm test, not both', () => {
    const mapped = new Set([
      ...Object.values(SECTION_SPECS).flat(),
      ...SHELL_SPECS,
      ...specsFor(['src/app/data/x.ts', 'src/server/x.ts', 'src/app/storage/x.ts', 'src/app/packs/x.ts']).map((s) => s.slice(10)),
    ]);
    for (const s of [...mapped, ...LEFT_TO_NPM_TEST]) expect(existsSync(join(ROOT, 'tests/e2e', s)), s).toBe(true);
    for (const s of LEFT_TO_NPM_TEST) expect(mapped.has(s), s).toBe(false);
    expect(SPECS.filter((s) => !mapped.has(s) && !LEFT_TO_NPM_TEST.includes(s))).toEqual([]);
  });

  it("a section's file, in any layer, brings that section's main spec, or the specs its path names", () => {
    for (const f of ['src/core/market/refresh-plan.ts', 'src/app/market/prices.tsx', 'src/sw/market/refresher.ts', 'data-build/market/build.ts'])
      expect(specsFor([f]), f).toEqual(e2e('market.spec.ts'));
    for (const f of ['src/core/market/portfolio/fees.ts', 'src/app/market/portfolio.tsx']) expect(specsFor([f]), f).toEqual(e2e('portfolio.spec.ts'));
    expect(specsFor(['src/sw/market/alerts.ts'])).toEqual(e2e('market-alerts.spec.ts'));
    expect(specsFor(['src/app/books/book.tsx'])).toEqual(e2e('books-ui.spec.ts'));
    expect(specsFor(['src/app/books/pdf-reader.tsx'])).toEqual(e2e('books-reader.spec.ts'));
    expect(specsFor(['src/sw/dictionary/route.ts', 'src/app/dictionary/finder-strings.ts'])).toEqual(e2e('dictionary.spec.ts', 'finder.spec.ts'));
  });

  it('the shell, the worker and the shared code bring the shell specs; a spec brings itself', () => {
    for (const f of [
      'src/app/shell/app.tsx',
      'src/app/pwa.ts',
      'src/sw/sw.ts',
      'src/databases/open-db.ts',
      'src/core/rpc/ask.ts',
      'src/core/sections.ts',
      'vite.config.ts',
    ])
      expect(specsFor([f]), f).toEqual(e2e(...SHELL_SPECS));
    expect(specsFor(['tests/e2e/keyboard.spec.ts'])).toEqual(e2e('keyboard.spec.ts'));
    expect(specsFor(['docs/portfolio.md', 'README.md'])).toEqual([]);
  });

  it('finds the unit tests that read a changed document by its path', () => {
    expect(testsNaming(ROOT, ['docs/portfolio.md'])).toContain('tests/market/desk/portfolio-doc.test.ts');
    expect(testsNaming(ROOT, ['src/core/market/portfolio/fees.ts'])).toEqual([]);
  });
});
