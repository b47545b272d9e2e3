// ESLint (flat config), run by `npm test`: the recommended JavaScript and typescript-eslint rules,
// and the import boundaries between the layers (docs/architecture.md). No formatting rules:
// Prettier formats (.prettierrc.json, `npm run format`).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { tsImport } from 'tsx/esm/api';

const restrict = (...patterns) => ({ '@typescript-eslint/no-restricted-imports': ['error', { patterns }] });

// Each section's on-demand worker scripts (src/sw/scripts.ts): the worker never imports their modules statically.
const { ON_DEMAND_SCRIPTS } = await tsImport('./src/sw/scripts.ts', import.meta.url);
const LAZY = ON_DEMAND_SCRIPTS.map((s) => ({ regex: s.lazy.regex, allowTypeImports: true, message: s.lazy.message }));

export default tseslint.config(
  { ignores: ['dist/**', 'build/**', '.e2e/**', '.bench/**', '.cache/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'] },
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
  {
    files: ['src/core/**'],
    rules: restrict({
      group: ['**/app/**', '**/sw/**', '**/shared/**', '**/server/**', 'node:*', 'idb', 'preact', 'preact/*'],
      message: 'src/core is pure: no DOM, worker, Node or storage code.',
    }),
  },
  {
    files: ['src/shared/**'],
    rules: restrict({
      group: ['**/app/**', '**/sw/**', 'preact', 'preact/*'],
      message: 'src/shared is what the page and the worker share: it imports neither.',
    }),
  },
  {
    files: ['src/app/**'],
    rules: restrict({
      group: ['**/sw/**'],
      message: 'The app never imports from src/sw: what both sides need lives in src/core (types, protocols) or src/shared (IndexedDB).',
    }),
  },
  {
    files: ['src/sw/**'],
    // The scripts loaded on first use.
    ignores: ON_DEMAND_SCRIPTS.map((s) => s.entry),
    rules: restrict({ group: ['**/app/**'], message: 'The worker never imports the app.' }, ...LAZY),
  },
);
