// Production builds of the app for the unit tests that read a built dist/ (tests/pwa/build-output,
// tests/deploy/nginx): `npm run data -- --only <sections>` (their samples, 100 entries a chunk),
// then `vite build` with the build id "test". Each is made once, in .cache/app-build/<hash of its
// sources and sections> (harness/inputs.ts), by the first file that asks (a file asking at
// the same time waits for it), and reused by later runs until a source changes. Read it, never
// change it: copy it first.

import { execFile } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { buildOnce, inputsHash } from '../../harness/inputs.ts';
import { dataBuild } from '../../harness/run.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const CACHE = join(ROOT, '.cache/app-build');
// A lock older than this was left by a run that was stopped: taken over.
const STALE_LOCK_MS = 15 * 60_000;

export interface AppBuild {
  data: string;
  dist: string;
}

async function build(dir: string, sections: string): Promise<void> {
  // Builds of older sources are dropped; the other sections' build is kept.
  for (const old of existsSync(CACHE) ? readdirSync(CACHE) : [])
    if (old.startsWith(`${sections}-`) && !dir.endsWith(old) && !old.endsWith('.lock')) rmSync(join(CACHE, old), { recursive: true, force: true });
  rmSync(dir, { recursive: true, force: true });
  const built = await dataBuild(['--only', sections, '--out', join(dir, 'data'), '--chunk-size', '100', '--quiet']);
  if (built.code !== 0) throw new Error(`data build failed: ${built.stderr}`);
  await promisify(execFile)(
    process.execPath,
    [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', '--outDir', join(dir, 'dist'), '--emptyOutDir'],
    {
      cwd: ROOT,
      env: { ...process.env, KHOJ_DATA_DIR: join(dir, 'data'), KHOJ_BUILD_ID: 'test' },
      maxBuffer: 64 << 20,
    },
  );
}

/** The production build around `sections`' samples (comma-separated), made now if its sources changed since it was last made. */
export async function appBuild(sections: string): Promise<AppBuild> {
  const inputs = inputsHash(['tests/helpers/app-build.ts', 'harness/run.ts'], sections);
  const dir = join(CACHE, `${sections}-${inputs.slice(0, 16)}`);
  await buildOnce(dir, inputs, () => build(dir, sections), STALE_LOCK_MS);
  return { data: join(dir, 'data'), dist: join(dir, 'dist') };
}
