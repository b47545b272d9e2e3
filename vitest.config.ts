import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // Full-size builds take a core each; two at once is what this machine has.
    maxWorkers: 2,
    // Each run's times per file and test, for tests/times.mjs (where `npm test` spends its time).
    reporters: ['default', ['json', { outputFile: '.cache/times/unit.json' }]],
  },
});
