// The browser tests' Chromium switches (harness/tools.mjs) replace Playwright's own
// --disable-features (Chromium keeps the last one), so they must carry every feature Playwright
// turns off: read here from the installed playwright-core, so that an update shows what it added.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chromiumArgs } from '../../harness/tools.mjs';

const require = createRequire(import.meta.url);
const core = dirname(require.resolve('playwright-core/package.json'));

/** playwright-core's `disabledFeatures` list, as its bundle writes it. */
function playwrightDisabled(): string[] {
  const bundle = readFileSync(join(core, 'lib/coreBundle.js'), 'utf8');
  const list = /disabledFeatures = \[([\s\S]*?)\]\.filter/.exec(bundle)?.[1];
  if (list === undefined) throw new Error('playwright-core/lib/coreBundle.js: no disabledFeatures list; find where it moved');
  return [...list.matchAll(/^\s*"(\w+)",?\s*$/gm)].map((m) => m[1]!);
}

describe('the browser tests’ Chromium switches', () => {
  const args = chromiumArgs();
  const disabled = args
    .find((a) => a.startsWith('--disable-features='))!
    .slice('--disable-features='.length)
    .split(',');

  it('keep every feature Playwright disables, and add the address bar popup', () => {
    const theirs = playwrightDisabled();
    expect(theirs.length).toBeGreaterThan(10);
    expect(theirs.filter((f) => !disabled.includes(f))).toEqual([]);
    expect(disabled).toEqual(expect.arrayContaining(['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']));
    expect(args).toEqual(expect.arrayContaining(['--no-sandbox', '--disable-gpu', '--disable-background-networking']));
  });

  it('refuse another Playwright version, naming what to copy again', () => {
    expect(() => chromiumArgs('0.0.1')).toThrow(/Playwright is 0\.0\.1.*copy them again/);
  });
});
