// Builds what the browser tests serve, into .e2e/: the sample dictionary as two
// builds (A and B), and the app twice (builds "a" and "b") so updates can be seen.

import { execFileSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const E2E = resolve(import.meta.dirname, '../../.e2e');
const ROOT = resolve(import.meta.dirname, '../..');

const run = (args: string[], env: Record<string, string> = {}) =>
  execFileSync(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });

export default function globalSetup(): void {
  rmSync(E2E, { recursive: true, force: true });
  const data = (name: string, at: string) =>
    run(['data-build/run.mjs', 'cli', '--only', 'dictionary', '--chunk-size', '100', '--generated-at', at, '--out', join(E2E, name), '--quiet']);
  data('data-a', '2026-01-01T00:00:00Z');
  data('data-b', '2026-02-01T00:00:00Z');
  const vite = join(ROOT, 'node_modules/vite/bin/vite.js');
  const app = (id: string, dataDir: string) =>
    run([vite, 'build', '--logLevel', 'warn', '--outDir', join(E2E, `dist-${id}`), '--emptyOutDir'], { KHOJ_BUILD_ID: id, KHOJ_DATA_DIR: join(E2E, dataDir) });
  app('a', 'data-a');
  app('b', 'data-a');
  // The same app "a" whose server has moved on to dictionary build B.
  cpSync(join(E2E, 'dist-a'), join(E2E, 'dist-a-data-b'), { recursive: true });
  rmSync(join(E2E, 'dist-a-data-b/api/v1'), { recursive: true });
  cpSync(join(E2E, 'data-b/api/v1'), join(E2E, 'dist-a-data-b/api/v1'), { recursive: true });
}
