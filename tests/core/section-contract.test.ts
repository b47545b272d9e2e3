// The section contract (docs/architecture.md "Add a section"): the files that serve every section
// loop over the registries and name none, so a new section touches only its folders and one line
// in each registry. A section's name in one of these files is a special case creeping back.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SECTION } from '../../src/core/sections.ts';
import { SERVER_SECTIONS } from '../../src/server/sections.ts';
import { ON_DEMAND_SCRIPTS } from '../../src/sw/scripts.ts';

const SHARED = [
  'src/app/shell/app.tsx',
  'src/app/shell/banners.tsx',
  'src/app/shell/offline-ready.tsx',
  'src/app/router.ts',
  'src/app/pwa.ts',
  'src/app/main.tsx',
  'src/app/page-section.ts',
  'src/sw/sw.ts',
  'src/sw/install-save.ts',
  'src/sw/section.ts',
  'src/core/offline-status.ts',
  'src/server/app.ts',
  'eslint.config.js',
  'vite.config.ts',
];

/** The code without its comments (a comment may name a section as an example). */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

describe('the files every section goes through name no section', () => {
  const ids = Object.keys(SECTION);
  for (const file of SHARED)
    it(file, () => {
      const text = code(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8'));
      // As a value ('market', "books") or a property (status.dictionary); paths (src/sw/books/…) are files, not names.
      const named = ids.filter((id) => new RegExp(`['"\`]${id}['"\`]|\\.${id}\\b(?!/)`).test(text));
      expect(named, `${file} names ${named.join(', ')}`).toEqual([]);
    });
});

describe('every registry lists each section once', () => {
  it('server sections and on-demand scripts are declared sections, their names unique', () => {
    for (const s of SERVER_SECTIONS) expect(Object.keys(SECTION)).toContain(s.id);
    const names = ON_DEMAND_SCRIPTS.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
    for (const s of ON_DEMAND_SCRIPTS) expect(readFileSync(new URL(`../../${s.entry}`, import.meta.url), 'utf8').length).toBeGreaterThan(0);
  });
});
