// The layers' import boundaries (eslint.config.js) flag what they are meant to, and only that.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/run.ts';

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

describe('import rules', () => {
  it('forbid src/app → src/sw, and allow src/core and src/shared', async () => {
    expect(await restricted('src/app/market/x.ts', "import { marketDb } from '../../sw/market/store.ts';\nvoid marketDb;\n")).toBe(1);
    expect(
      await restricted(
        'src/app/market/x.ts',
        "import { marketDb } from '../../shared/market/db.ts';\nimport { HEADERS } from '../../core/market/messages.ts';\nvoid marketDb, HEADERS;\n",
      ),
    ).toBe(0);
  });

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

  it('keep src/core pure', async () => {
    expect(await restricted('src/core/x.ts', "import { readFile } from 'node:fs';\nvoid readFile;\n")).toBe(1);
    expect(await restricted('src/core/x.ts', "import { openDB } from 'idb';\nvoid openDB;\n")).toBe(1);
  });
});
