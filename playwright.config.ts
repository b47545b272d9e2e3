import { defineConfig } from '@playwright/test';
// Debian's Chromium (CHROMIUM_PATH): Playwright cannot download its own browser here.
import { CHROMIUM, chromiumArgs } from './harness/tools.mjs';

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Spec files run side by side (two workers: this is a 2-core machine; KHOJ_E2E_WORKERS changes
  // it); the tests of one file run in order, as they share what their beforeAll started.
  fullyParallel: false,
  workers: Number(process.env.KHOJ_E2E_WORKERS ?? 2),
  retries: 0,
  forbidOnly: true,
  // list for the reader; json for tests/times.mjs (where `npm test` spends its time).
  reporter: [['list'], ['json', { outputFile: '.cache/times/e2e.json' }]],
  use: {
    browserName: 'chromium',
    serviceWorkers: 'allow',
    launchOptions: {
      executablePath: CHROMIUM,
      args: chromiumArgs(),
    },
  },
});
