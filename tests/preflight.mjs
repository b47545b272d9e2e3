// `npm test`'s first step (package.json "pretest"), done within a second: are the machine's tools
// there (harness/tools.mjs)? As root with apt-get (a fresh CI machine, .ci/run) it installs
// what is missing; otherwise it stops naming the command, rather than failing minutes later.
// Chromium is needed by every browser test; nginx and pdftoppm only by their own tests, which
// outside CI are skipped with a printed reason, so their absence stops the run only under CI=true.

import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { installCommand, TOOLS, toolMissing } from '../harness/tools.mjs';

const CI = process.env.CI === 'true';
const root = resolve(import.meta.dirname, '..');
const problems = [];

const [major, minor] = process.versions.node.split('.').map(Number);
// package.json "engines", which is vite's own range.
if (!((major === 20 && minor >= 19) || (major === 22 && minor >= 12) || major > 22))
  problems.push(`Node ${process.versions.node}: Khoj needs Node ^20.19.0 or >=22.12.0 (.nvmrc names 22)`);
if (!existsSync(resolve(root, 'node_modules/.bin/vitest'))) problems.push('no node_modules: run `npm ci` first');
if (!existsSync(resolve(root, '../shared/data'))) {
  if (CI) problems.push('../shared/data is missing: CI runs the real-data tests');
  else console.warn('npm test: ../shared/data is missing; the real-data tests will be skipped');
}

const missingTools = () => Object.keys(TOOLS).filter((name) => toolMissing(name) !== undefined);
let missing = missingTools();
const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get') && process.env.KHOJ_NO_INSTALL !== '1';
if (missing.length > 0 && canInstall) {
  const packages = [...new Set(missing.flatMap((name) => TOOLS[name].packages))];
  console.warn(`npm test: installing ${packages.join(' ')} (apt-get; KHOJ_NO_INSTALL=1 stops this)`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: ['ignore', 'ignore', 'inherit'], env });
  missing = missingTools();
}
for (const name of missing) {
  if (name === 'chromium' || CI) problems.push(toolMissing(name));
  else console.warn(`npm test: ${toolMissing(name)} (its tests will be skipped)`);
}

if (problems.length > 0) {
  for (const p of problems) console.error(`npm test: ${p}`);
  const needed = missing.filter((name) => name === 'chromium' || CI);
  if (needed.length > 0) console.error(`npm test: as root: ${installCommand(needed)}`);
  process.exit(1);
}
