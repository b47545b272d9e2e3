// What `npm run test:quick` (tests/quick.ts) runs for a changed file beyond the unit tests that
// import it: the browser specs that cover its folder, and the unit tests that read it by path.
// A map by folder, kept simple: tests/tools/quick-map.test.ts checks that every spec is either
// mapped here or named in LEFT_TO_NPM_TEST.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const SECTIONS = ['dictionary', 'books', 'market'] as const;

/**
 * A section's browser specs for the loop: the first is its main spec; the others are picked by the
 * word that names them (`portfolio`, `alerts`, `reader`…) when a changed file's path holds it.
 */
export const SECTION_SPECS: Record<(typeof SECTIONS)[number], readonly string[]> = {
  dictionary: ['dictionary.spec.ts', 'dictionary-instant.spec.ts', 'finder.spec.ts', 'meanings.spec.ts'],
  books: ['books-ui.spec.ts', 'books-api.spec.ts', 'books-reader.spec.ts'],
  market: ['market.spec.ts', 'portfolio.spec.ts', 'market-alerts.spec.ts', 'market-reasons.spec.ts'],
};
/** The word in a changed path that picks a spec: its name without the section and `.spec.ts`. */
const wordOf = (spec: string) => spec.replace(/\.spec\.ts$/, '').replace(/^(dictionary|books|market)-/, '');

/** The specs of a section for one changed path: those its words pick, else the main one. */
export function sectionSpecs(section: (typeof SECTIONS)[number], path: string): readonly string[] {
  const [main, ...others] = SECTION_SPECS[section];
  const picked = others.filter((s) => path.includes(wordOf(s)));
  return picked.length ? picked : [main!];
}
/** The shell and what every section goes through: the routes, the first visit offline. */
export const SHELL_SPECS: readonly string[] = ['start-routes.spec.ts', 'offline-first-visit.spec.ts'];

/** Specs only `npm test` runs (unless the spec itself changed): slow passes over every screen, fault runs, full size, real data, nginx, phones. */
export const LEFT_TO_NPM_TEST: readonly string[] = [
  'a11y.spec.ts',
  'phone-audit.spec.ts',
  'keyboard.spec.ts',
  'phone.spec.ts',
  'dictionary-faults.spec.ts',
  'market-faults.spec.ts',
  'storage-failure.spec.ts',
  'hostile.spec.ts',
  'full-size-offline.spec.ts',
  'packs-full-size.spec.ts',
  'books-audio.spec.ts',
  'books-epub.spec.ts',
  'books-covers.spec.ts',
  'books-tap-lookup.spec.ts',
  'books-hostile-files.spec.ts',
  'books-reading-mode.spec.ts',
  'reader-data-scale.spec.ts',
  'samples.spec.ts',
  'every-route.spec.ts',
  'market-first-visit-reads.spec.ts',
  'market-history-first-visit-reads.spec.ts',
  'dictionary-correction.spec.ts',
  'market-history.spec.ts',
  'market-first-paint.spec.ts',
  'first-visit-shift.spec.ts',
  'install-offer.spec.ts',
  'fonts.spec.ts',
  'nginx.spec.ts',
  'sub-path.spec.ts',
  'packs-hostile.spec.ts',
];

type Rule = readonly [RegExp, (m: RegExpExecArray) => readonly string[]];

/** [a changed path, the specs that cover it]: every rule that matches adds its specs. */
export const RULES: readonly Rule[] = [
  [/^tests\/e2e\/([^/]+\.spec\.ts)$/, (m) => [m[1]!]],
  [new RegExp(`^(src/(core|app|sw|server|databases)|data-build)/(${SECTIONS.join('|')})/`), (m) => sectionSpecs(m[3] as (typeof SECTIONS)[number], m.input)],
  [/^src\/(app\/data|core\/reader-data)\//, () => ['reader-data.spec.ts']],
  [/^src\/(app\/storage|core\/storage)\//, () => ['storage-screen.spec.ts', 'data-saver.spec.ts']],
  [/^src\/app\/client\/data-saver\.ts$|^src\/app\/books\/size-first\.tsx$/, () => ['data-saver.spec.ts']],
  [/^src\/(app|core)\/packs\//, () => ['packs.spec.ts', 'packs-pdf.spec.ts']],
  // The dictionary part of a content pack, the worker's side.
  [/^src\/sw\/dictionary\/(whole\/)?pack-(part|fetch)\.ts$/, () => ['packs.spec.ts']],
  [
    /^src\/app\/[^/]+$|^src\/app\/(shell|ui|client)\/|^src\/sw\/[^/]+$|^src\/databases\/[^/]+$|^src\/core\/(rpc\/)?[^/]+$|^src\/vite\/|^index\.html$|^vite\.config\.ts$/,
    () => SHELL_SPECS,
  ],
  [/^src\/core\/http-policy\.ts$|^src\/server\/[^/]+$/, () => ['csp.spec.ts', 'bare-host.spec.ts']],
  [/^harness\/|^tests\/e2e\/(?!.*\.spec\.ts$)|^playwright\.config\.ts$/, () => SHELL_SPECS],
];

/** The browser specs (paths from the root) that cover the changed files. */
export function specsFor(files: readonly string[]): string[] {
  const out = new Set<string>();
  for (const f of files)
    for (const [re, specs] of RULES) {
      const m = re.exec(f);
      if (m) for (const s of specs(m)) out.add(`tests/e2e/${s}`);
    }
  return [...out].sort();
}

/** Unit test files whose text names a changed file that is not code (a document, a deploy file, a fixture) by its path. */
export function testsNaming(root: string, files: readonly string[]): string[] {
  const wanted = files.filter((f) => !/\.(ts|tsx|mts|mjs|js)$/.test(f));
  if (!wanted.length) return [];
  return readdirSync(join(root, 'tests'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => `tests/${f}`)
    .filter((t) => wanted.some((f) => readFileSync(join(root, t), 'utf8').includes(f)))
    .sort();
}
