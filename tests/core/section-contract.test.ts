// The section contract (docs/architecture.md "Add a section"): the files that serve every section
// loop over the registries and name none, so a new section touches only its folders and one line
// in each registry. A section's name in one of these files is a special case creeping back.

import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { STRINGS } from '../../src/app/i18n.ts';
import { manifestShortcuts, SECTION_CARDS } from '../../src/app/section-cards.ts';
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
  'src/sw/worker-section.ts',
  'src/core/offline-status.ts',
  'src/server/app.ts',
  'src/server/static.ts',
  'src/app/i18n.ts',
  'src/app/section-cards.ts',
  'src/vite/app-icons.ts',
  'eslint.config.js',
  'vite.config.ts',
  // Every file of the page's shared folders.
  ...['src/app/ui', 'src/app/shell'].flatMap((d) => readdirSync(new URL(`../../${d}`, import.meta.url)).map((f) => `${d}/${f}`)),
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
      // Nor imports a section's folder (../dictionary/links.ts is the dictionary's).
      const reached = ids.filter((id) => new RegExp(`from '(\\.\\./)+(app/)?${id}/`).test(text));
      expect(reached, `${file} imports ${reached.join(', ')}`).toEqual([]);
    });
});

describe("the shared interface strings are the shell's", () => {
  // A string only a section's screens read belongs in the section's own strings (src/app/<section>/).
  it('every key of i18n.ts STRINGS is read outside the section folders', () => {
    const ids = Object.keys(SECTION);
    const app = new URL('../../src/app/', import.meta.url);
    const shared = (readdirSync(app, { recursive: true }) as string[])
      .filter((f) => /\.tsx?$/.test(f) && f !== 'i18n.ts' && !ids.some((id) => f.startsWith(`${id}/`)))
      .map((f) => code(readFileSync(new URL(f, app), 'utf8')))
      .join('\n');
    const onlySections = Object.keys(STRINGS.en).filter((key) => !new RegExp(`\\.${key}\\b`).test(shared));
    expect(onlySections).toEqual([]);
  });
});

describe("the manifest's shortcuts are the page sections'", () => {
  it('one per section, in the navigation order, named and opened as the section', () => {
    const shortcuts = manifestShortcuts(SECTION_CARDS);
    expect(shortcuts.map((s) => s.url)).toEqual(SECTION_CARDS.map((c) => (c.routes === 'root' ? './#/' : `./#/${c.id}`)));
    for (const [i, c] of SECTION_CARDS.entries()) {
      expect(shortcuts[i]!.name).toBe(`${c.strings.ne.name} · ${c.strings.en.name}`);
      expect(shortcuts[i]!.icons[0]!.src).toBe(`icons/shortcut-${c.id}.png`);
    }
    expect(SECTION_CARDS.map((c) => c.id).sort()).toEqual(Object.keys(SECTION).sort());
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
