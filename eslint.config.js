// ESLint (flat config), run by `npm test`: the recommended JavaScript and typescript-eslint rules,
// and the import boundaries between the layers (docs/architecture.md). No formatting rules:
// Prettier formats (.prettierrc.json, `npm run format`).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { tsImport } from 'tsx/esm/api';

const restrict = (...patterns) => ({ '@typescript-eslint/no-restricted-imports': ['error', { patterns }] });

// The fences: what each folder may import (docs/architecture.md, "The fences"). Every other folder of
// the tree is refused, types too, and so is generated output; `refused` adds the packages of another
// runtime. tests/core/import-rules.test.ts tries a refused import in each folder, and fails when a
// folder with code has no line here.
const SOURCE = ['src/core', 'src/databases', 'src/app', 'src/sw', 'src/server', 'src/vite', 'data-build', 'harness', 'bench'];
const FENCES = [
  { folder: 'src/core', may: [], refused: ['node:*', 'idb', 'preact'], why: 'pure logic: no DOM, worker, Node or storage code' },
  { folder: 'src/databases', may: ['src/core'], refused: ['node:*', 'preact'], why: 'the IndexedDB code the page and the worker share' },
  {
    folder: 'src/app',
    may: ['src/core', 'src/databases'],
    refused: ['node:*'],
    why: 'the page: what it shares with the worker lives in src/core or src/databases',
  },
  { folder: 'src/sw', may: ['src/core', 'src/databases'], refused: ['node:*', 'preact'], why: 'the service worker never imports the page' },
  { folder: 'src/server', may: ['src/core'], refused: ['preact', 'idb'], why: 'the Node server' },
  {
    folder: 'src/vite',
    may: ['src/core', 'src/server'],
    refused: ['preact', 'idb'],
    why: "the build's plugins (the dev server answers with the server's handler)",
  },
  { folder: 'data-build', may: ['src/core'], refused: ['preact', 'idb'], why: 'the data build reads the contracts in src/core only' },
  { folder: 'harness', may: ['src/core', 'src/server', 'src/vite'], refused: ['vitest'], why: 'what the tests and the benchmarks both run: no test in it' },
  { folder: 'bench', may: SOURCE.filter((f) => f !== 'bench'), refused: ['vitest'], why: 'the benchmarks share the test machinery through harness/' },
  { folder: 'tests', may: SOURCE, why: 'nothing imports the tests' },
  // The configs at the top (vite.config.ts, playwright.config.ts).
  { folder: '', files: ['*.ts', '*.js', '*.mjs'], may: SOURCE, why: 'they put the tree together' },
];
const GENERATED = ['dist', 'build', '.e2e', '.cache'];
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// A relative import that reaches `target` from a file anywhere in `folder` ('' for the top): it climbs
// out, then goes down (a sibling inside src/ as ../x/ or ../../src/x/).
function reaching(folder, target) {
  const up = folder ? '(\\.\\./)+' : '\\./';
  const inSrc = folder.startsWith('src/') && target.startsWith('src/');
  return `^${up}${inSrc ? `(src/)?${escape(target.slice(4))}` : escape(target)}(/|$)`;
}
function fence({ folder, may, refused = [], why }) {
  const message = `${folder || 'The top-level configs'} may import ${may.join(', ') || 'only its own files'}: ${why} (docs/architecture.md, "The fences").`;
  return [
    ...SOURCE.concat('tests')
      .filter((f) => f !== folder && !may.includes(f))
      .map((f) => ({ regex: reaching(folder, f), message })),
    ...GENERATED.map((g) => ({ regex: reaching(folder, g), message: 'Generated output is never imported: a clean checkout has none.' })),
    ...refused.map((p) => ({ regex: p.endsWith('*') ? `^${escape(p.slice(0, -1))}` : `^${escape(p)}(/|$)`, message })),
  ];
}

// Each section's on-demand worker scripts (src/sw/scripts.ts): the worker never imports their modules statically.
const { ON_DEMAND_SCRIPTS } = await tsImport('./src/sw/scripts.ts', import.meta.url);
const LAZY = ON_DEMAND_SCRIPTS.map((s) => ({ regex: s.lazy.regex, allowTypeImports: true, message: s.lazy.message }));

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'build/**',
      '.e2e/**',
      '.bench/**',
      '.cache/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'src/core/dictionary/generated/**',
      'src/core/books/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Plain Node scripts (data-build/run.mjs, tests/preflight.mjs).
    files: ['**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  {
    // Type-checked rules: a promise is awaited, returned, or marked `void` on purpose; none is
    // handed where a plain callback is expected. Each file is checked with its own tsconfig.
    files: ['**/*.ts', '**/*.tsx', '**/*.mts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    rules: {
      // Input cleaning strips control characters on purpose.
      'no-control-regex': 'off',
      // Devanagari vowel signs are combining characters: classes of them are meant.
      'no-misleading-character-class': 'off',
      // `_name`: kept for the signature or left out of a rest object on purpose.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  ...FENCES.map((f) => ({ files: f.files ?? [`${f.folder}/**`], rules: restrict(...fence(f)) })),
  {
    // The worker's own files, but for its on-demand scripts (and the modules only they bring): their modules only through those scripts.
    files: ['src/sw/**'],
    ignores: ON_DEMAND_SCRIPTS.flatMap((s) => [s.entry, ...(s.own ?? [])]),
    rules: restrict(...fence(FENCES.find((f) => f.folder === 'src/sw')), ...LAZY),
  },
);
