// The layers' import boundaries (eslint.config.js) flag what they are meant to, and only that.
import { execFileSync } from 'node:child_process';
import { dirname, relative } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../harness/run.ts';

// The files linted here do not exist, so no tsconfig holds them: the type-checked rules are left out.
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' },
  },
});
const restricted = async (file: string, code: string) =>
  (await eslint.lintText(code, { filePath: `${ROOT}/${file}` }))[0]!.messages.filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports').length;

describe("the worker's on-demand scripts", () => {
  it("forbid the worker the market core's index, adapters and converters except as types, outside the on-demand script", async () => {
    for (const from of ['../../core/market/index.ts', '../../core/market', '../../core/market/adapters/index.ts', '../../core/market/convert.ts'])
      expect(await restricted('src/sw/market/x.ts', `import { ADAPTERS } from '${from}';\nvoid ADAPTERS;\n`), from).toBe(1);
    expect(await restricted('src/sw/market/x.ts', "import type { Layout } from '../../core/market/index.ts';\nexport type L = Layout;\n")).toBe(0);
    expect(await restricted('src/sw/market/x.ts', "import { kindOfPath } from '../../core/market/files.ts';\nvoid kindOfPath;\n")).toBe(0);
    expect(await restricted('src/sw/market/core-script.ts', "import { ADAPTERS } from '../../core/market/index.ts';\nvoid ADAPTERS;\n")).toBe(0);
  });

  it("forbid the worker the dictionary's file checks except as types, outside the on-demand script", async () => {
    for (const from of ['../../core/dictionary/check-file.ts', '../../core/dictionary/schemas.ts'])
      expect(await restricted('src/sw/dictionary/x.ts', `import { checkFile } from '${from}';\nvoid checkFile;\n`), from).toBe(1);
    expect(
      await restricted('src/sw/dictionary/x.ts', "import type { BuildIndex } from '../../core/dictionary/check-file.ts';\nexport type B = BuildIndex;\n"),
    ).toBe(0);
    expect(await restricted('src/sw/dictionary/check-script.ts', "import { checkFile } from '../../core/dictionary/check-file.ts';\nvoid checkFile;\n")).toBe(
      0,
    );
  });
});

// The fences (eslint.config.js, docs/architecture.md "The fences"), held here as their own table: for
// each code folder, the folders it may import. Every other folder, generated output, and the packages
// of the wrong runtime are refused in a file made up in that folder, two levels down so that the
// import climbs as a real one does.
const FOLDERS = ['src/core', 'src/databases', 'src/app', 'src/sw', 'src/server', 'src/vite', 'data-build', 'harness', 'bench', 'tests'] as const;
type Folder = (typeof FOLDERS)[number];
const ALL_SOURCE: Folder[] = ['src/core', 'src/databases', 'src/app', 'src/sw', 'src/server', 'src/vite', 'data-build', 'harness', 'bench'];
const MAY: Record<Folder | '.', { folders: readonly Folder[]; packages?: readonly string[]; refused?: readonly string[] }> = {
  'src/core': { folders: [], packages: ['flexsearch'], refused: ['node:fs', 'idb', 'preact', 'preact/hooks'] },
  'src/databases': { folders: ['src/core'], packages: ['idb'], refused: ['node:fs', 'preact'] },
  'src/app': { folders: ['src/core', 'src/databases'], packages: ['preact', 'idb'], refused: ['node:fs'] },
  'src/sw': { folders: ['src/core', 'src/databases'], packages: ['idb'], refused: ['node:fs', 'preact'] },
  'src/server': { folders: ['src/core'], packages: ['node:http'], refused: ['preact', 'idb'] },
  'src/vite': { folders: ['src/core', 'src/server'], packages: ['vite', 'node:fs'], refused: ['preact', 'idb'] },
  'data-build': { folders: ['src/core'], packages: ['ajv', 'node:fs'], refused: ['preact', 'idb'] },
  harness: { folders: ['src/core', 'src/server', 'src/vite'], packages: ['@playwright/test', 'node:http'], refused: ['vitest'] },
  bench: { folders: ['harness', ...ALL_SOURCE.filter((f) => f !== 'harness' && f !== 'bench')], packages: ['@playwright/test'], refused: ['vitest'] },
  tests: { folders: ALL_SOURCE, packages: ['vitest', '@playwright/test', 'node:fs'] },
  // The config files at the top (vite.config.ts, playwright.config.ts).
  '.': { folders: ALL_SOURCE, packages: ['vite'] },
};
const GENERATED = ['dist', 'build', '.e2e', '.cache'];

/** A made-up file two levels into the folder, and the specifier that reaches `target` from it. */
const fileIn = (folder: string) => (folder === '.' ? 'x.config.ts' : `${folder}/a/b/x.ts`);
const specifier = (from: string, target: string) => {
  const s = relative(dirname(fileIn(from)), target);
  return s.startsWith('../') ? s : `./${s}`;
};

describe('the fences: each folder imports only what its table allows', () => {
  it('every folder with code has a fence', () => {
    const code = execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.mts', '*.mjs', '*.js'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
    const folders = new Set(code.map((f) => (!f.includes('/') ? '.' : f.startsWith('src/') ? f.split('/').slice(0, 2).join('/') : f.split('/')[0]!)));
    expect([...folders].sort()).toEqual(Object.keys(MAY).sort());
  });

  for (const [folder, may] of Object.entries(MAY)) {
    it(`${folder}: refuses ${FOLDERS.filter((f) => f !== folder && !may.folders.includes(f)).join(', ') || 'no folder'}, generated output${may.refused ? `, ${may.refused.join(', ')}` : ''}`, async () => {
      const refused = [
        ...FOLDERS.filter((f) => f !== folder && !may.folders.includes(f)).map((f) => specifier(folder, `${f}/y/z.ts`)),
        ...GENERATED.map((g) => specifier(folder, `${g}/z.js`)),
        ...(may.refused ?? []),
      ];
      for (const from of refused) expect(await restricted(fileIn(folder), `import { z } from '${from}';\nvoid z;\n`), `${folder} ← ${from}`).toBe(1);
      // `import type` is refused too: a type from across a fence ties the folders as much as a value.
      if (folder !== 'tests' && folder !== '.') {
        const other = FOLDERS.find((f) => f !== folder && !may.folders.includes(f))!;
        expect(await restricted(fileIn(folder), `import type { Z } from '${specifier(folder, `${other}/z.ts`)}';\nexport type Y = Z;\n`)).toBe(1);
      }
    });
    it(`${folder}: allows ${[...may.folders, ...(may.packages ?? [])].join(', ') || 'itself'}`, async () => {
      const allowed = [folder === '.' ? './y.ts' : '../../y/z.ts', ...may.folders.map((f) => specifier(folder, `${f}/y/z.ts`)), ...(may.packages ?? [])];
      for (const from of allowed) expect(await restricted(fileIn(folder), `import { z } from '${from}';\nvoid z;\n`), `${folder} ← ${from}`).toBe(0);
    });
  }
});
