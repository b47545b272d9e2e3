// `npm run test:quick`: the fast loop for a change while working. Not what CI runs: `npm test` is
// (every check, every unit test, every browser spec). What changed since the branch left main
// (committed, staged, unstaged and new files), then, stopping at the first stage that fails:
//   1. the static checks (tests/checks.mjs: each tool checks only what changed since its last run);
//   2. the unit tests that import a changed file, directly or through others (`vitest related`), and
//      those that name a changed file's path (tests/quick-map.ts testsNaming);
//   3. the browser specs mapped to the changed folders (tests/quick-map.ts), on the suite's builds
//      (made again first when what they are built from changed: tests/e2e/global-setup.ts).
// Left to `npm test`: tests that reach a changed file only through a command they run (the data build
// as a child process) or a build, and the specs of LEFT_TO_NPM_TEST. `--base REF` compares with
// another commit; `--no-e2e` stops after the unit tests; `--dry-run` prints what it would run.

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { specsFor, testsNaming } from './quick-map.ts';

const ROOT = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);

const git = (...a: string[]) => execFileSync('git', a, { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
const hasRef = (ref: string) => spawnSync('git', ['rev-parse', '--verify', '--quiet', ref], { cwd: ROOT }).status === 0;
const base = option('--base') ?? (hasRef('main') ? 'main' : 'HEAD');

// Every file that differs from where the branch left `base` (committed or not), and every new file git does not ignore.
const since = git('merge-base', base, 'HEAD')[0]!;
const files = [...new Set([...git('diff', '--name-only', since), ...git('ls-files', '--others', '--exclude-standard')])]
  .filter((f) => existsSync(join(ROOT, f)))
  .sort();

const t0 = performance.now();
const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(1);
function done(code: number): never {
  console.log(`\nquick: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds(t0)} s (\`npm test\` runs everything)`);
  process.exit(code);
}
function stage(name: string, cmd: string, cmdArgs: readonly string[]): void {
  console.log(`\nquick: ${name}: ${[cmd.replace(`${ROOT}/`, ''), ...cmdArgs].join(' ')}`);
  if (flag('--dry-run')) return;
  const started = performance.now();
  const r = spawnSync(cmd, cmdArgs, { cwd: ROOT, stdio: 'inherit' });
  console.log(`quick: ${name}: ${r.status === 0 ? 'ok' : 'FAILED'} in ${seconds(started)} s`);
  if (r.status !== 0) done(1);
}

console.log(`quick: ${files.length} file(s) changed since ${base}${files.length ? `: ${files.slice(0, 12).join(' ')}${files.length > 12 ? ' …' : ''}` : ''}`);
if (!files.length) done(0);

stage('checks', process.execPath, ['tests/checks.mjs', '--changed', ...files]);
// The default reporter only: the full run's times (.cache/times/) stay those of `npm test`.
stage('unit tests of the change', join(ROOT, 'node_modules/.bin/vitest'), [
  'related',
  '--run',
  '--passWithNoTests',
  '--reporter=default',
  ...files,
  ...testsNaming(ROOT, files),
]);
const specs = specsFor(files);
if (flag('--no-e2e')) done(0);
if (!specs.length) {
  console.log('\nquick: no browser spec is mapped to these files (tests/quick-map.ts)');
  done(0);
}
stage('browser specs of the changed folders', join(ROOT, 'node_modules/.bin/playwright'), ['test', '--reporter=list', ...specs]);
done(0);
