// Builds what the browser tests serve, into .e2e/, with two Vite builds for the whole suite:
// - the sample dictionary as two data builds (A and B), and the app on A as build "e2e-a";
//   build "e2e-b" is the same app with another build id (harness/variant.ts), so an update
//   can be seen, and "dist-a-data-b" is app "e2e-a" whose server has moved on to data B;
// - the app with all three sections' sample data, as `npm run build` ships it (.e2e/all/dist),
//   with the worker's test hooks built in (src/sw/test-hooks.ts: inert until a test message)
//   and a market upstream nobody answers at; a spec that needs its own upstream serves a copy
//   with that address (appWithUpstream in tests/e2e/helpers.ts).

import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { builtFrom, dataInputsHash, inputsHash, markBuilt } from '../../harness/inputs.ts';
import { ALL_DATA, ALL_DIST, E2E_BUILD_A, E2E_BUILD_B, PLACEHOLDER_UPSTREAM, withBuildId } from '../../harness/variant.ts';

export const E2E = resolve(import.meta.dirname, '../../.e2e');
/** The data builds' stamp, beside the whole suite's (.inputs-sha256). */
const DATA_STAMP = '.data-inputs-sha256';
const ROOT = resolve(import.meta.dirname, '../..');

const run = (args: string[], env: Record<string, string> = {}) =>
  execFileSync(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
const vite = (outDir: string, env: Record<string, string>) =>
  run([join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'], env);

export default function globalSetup(): void {
  // The last run's builds are kept when nothing they are made from has changed (harness/inputs.ts);
  // KHOJ_E2E_REUSE=1 keeps them even then: for running specs again after changing only tests.
  const inputs = inputsHash(['tests/e2e/global-setup.ts']);
  if (process.env.KHOJ_E2E_REUSE === '1' && existsSync(join(ALL_DIST, 'sw.js'))) return console.log(`reusing the builds in ${E2E}`);
  if (builtFrom(E2E, inputs)) return console.log(`reusing the builds in ${E2E}: their sources are unchanged`);
  // The data builds read only data-build and src/core (harness/inputs.ts dataInputsHash): a change
  // to the app (src/app, src/sw) builds the two apps again and keeps the data (test:quick's loop).
  const dataInputs = dataInputsHash(['tests/e2e/global-setup.ts']);
  const APPS = [join(E2E, 'dist-a'), join(E2E, 'dist-b'), join(E2E, 'dist-a-data-b'), ALL_DIST];
  if (builtFrom(E2E, dataInputs, DATA_STAMP)) {
    console.log(`building the apps again in ${E2E}; the data builds' sources are unchanged`);
    for (const dir of APPS) rmSync(dir, { recursive: true, force: true });
  } else {
    rmSync(E2E, { recursive: true, force: true });
    const data = (name: string, at: string) =>
      run(['data-build/run.mjs', 'cli', '--only', 'dictionary', '--chunk-size', '100', '--generated-at', at, '--out', join(E2E, name), '--quiet']);
    data('data-a', '2026-01-01T00:00:00Z');
    data('data-b', '2026-02-01T00:00:00Z');
    run(['data-build/run.mjs', 'cli', '--only', 'dictionary,books,market', '--out', ALL_DATA, '--quiet']);
    markBuilt(E2E, dataInputs, DATA_STAMP);
  }
  vite(join(E2E, 'dist-a'), { KHOJ_BUILD_ID: E2E_BUILD_A, KHOJ_DATA_DIR: join(E2E, 'data-a') });
  withBuildId(join(E2E, 'dist-a'), join(E2E, 'dist-b'), E2E_BUILD_A, E2E_BUILD_B);
  // The same app "a" whose server has moved on to dictionary build B.
  cpSync(join(E2E, 'dist-a'), join(E2E, 'dist-a-data-b'), { recursive: true });
  rmSync(join(E2E, 'dist-a-data-b/api/v1'), { recursive: true });
  cpSync(join(E2E, 'data-b/api/v1'), join(E2E, 'dist-a-data-b/api/v1'), { recursive: true });
  vite(ALL_DIST, { KHOJ_BUILD_ID: 'e2e-all', KHOJ_DATA_DIR: ALL_DATA, VITE_MARKET_UPSTREAM: PLACEHOLDER_UPSTREAM, VITE_KHOJ_TEST_HOOKS: '1' });
  markBuilt(E2E, inputs);
}
