// `npm test`'s static checks (package.json "checks", and "typecheck" for the types alone): the seven type-checked projects, Prettier,
// ESLint and the size of functions and files, side by side, as many at once as the machine has cores. Each keeps its state in .cache/
// (tsc --incremental, prettier --cache, eslint --cache), so a second run checks only what changed;
// a clean checkout (CI) has none and checks everything. Output is printed per command, in order.

import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { dirname, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const bin = (name) => resolve(root, 'node_modules/.bin', name);

// The projects of `npm run typecheck`; each its own incremental state.
const PROJECTS = [
  'tsconfig.json',
  'src/app/tsconfig.json',
  'src/sw/tsconfig.json',
  'src/databases/tsconfig.json',
  'tests/app/tsconfig.json',
  'tests/e2e/tsconfig.json',
  'bench/tsconfig.json',
  'harness/tsconfig.json',
];
const buildInfo = (project) => `.cache/tsc/${project.replace(/\//g, '_')}.tsbuildinfo`;
const tsc = (project) => [bin('tsc'), '-p', project, '--incremental', '--tsBuildInfoFile', buildInfo(project)];

/**
 * `--changed FILE…` (npm run test:quick): only the projects whose last program held a changed
 * file, read from each one's .tsbuildinfo; every project when a changed file is a config, or code
 * that no program held yet (a new file), or a project has no state yet. Each tsc run costs 5–8 s
 * of CPU even with nothing to do, and a one-file change is in two or three of the eight programs.
 */
function projectsFor(changed) {
  const CONFIG = /(^|\/)(tsconfig[^/]*\.json|package(-lock)?\.json|eslint\.config\.js)$/;
  if (changed.some((f) => CONFIG.test(f))) return PROJECTS;
  const programs = new Map();
  for (const project of PROJECTS) {
    const info = resolve(root, buildInfo(project));
    if (!existsSync(info)) return PROJECTS;
    const names = JSON.parse(readFileSync(info, 'utf8')).fileNames ?? [];
    programs.set(project, new Set(names.map((n) => resolve(dirname(info), n))));
  }
  const code = changed.filter((f) => /\.(ts|tsx|mts|cts|js|mjs|json)$/.test(f)).map((f) => resolve(root, f));
  if (code.some((f) => ![...programs.values()].some((files) => files.has(f)))) return PROJECTS;
  return PROJECTS.filter((p) => code.some((f) => programs.get(p).has(f)));
}
const changedAt = process.argv.indexOf('--changed');
const projects = changedAt < 0 ? PROJECTS : projectsFor(process.argv.slice(changedAt + 1));
if (changedAt >= 0) console.log(`checks: the change is in ${projects.length} of the ${PROJECTS.length} type-checked programs: ${projects.join(' ') || 'none'}`);
// `--dry-run` (before --changed): say which programs, check nothing (tests/tools/checks-select.test.ts).
if (process.argv.includes('--dry-run')) process.exit(0);

// No function over 80 lines, no file over 400 in src and data-build (tests/unit-sizes.ts).
const SIZES = [process.execPath, '--import', 'tsx', 'tests/unit-sizes.ts'];

// ESLint first: the longest single command, so it starts at once. `node tests/checks.mjs tsc`
// (`npm run typecheck`) runs only the type checks.
const COMMANDS =
  process.argv[2] === 'tsc' ? projects.map(tsc) : [['npm', 'run', '--silent', 'lint'], ...projects.map(tsc), ['npm', 'run', '--silent', 'format:check'], SIZES];

function run([cmd, ...args]) {
  const started = performance.now();
  return new Promise((ok) => {
    const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', (e) => ok({ code: 1, out: `${out}${e.message}\n`, seconds: 0 }));
    child.on('close', (code) => ok({ code: code ?? 1, out, seconds: (performance.now() - started) / 1000 }));
  });
}

const results = new Array(COMMANDS.length);
let next = 0;
async function lane() {
  while (next < COMMANDS.length) {
    const i = next++;
    results[i] = await run(COMMANDS[i]);
  }
}
const t0 = performance.now();
await Promise.all(Array.from({ length: Math.min(availableParallelism(), COMMANDS.length) }, lane));

let failed = 0;
COMMANDS.forEach((c, i) => {
  const r = results[i];
  const name = c
    .slice(c[0] === 'npm' ? 3 : 0)
    .map((a) => a.replace(`${root}/node_modules/.bin/`, ''))
    .join(' ');
  if (r.code !== 0) failed++;
  console.log(`checks: ${r.code === 0 ? 'ok  ' : 'FAIL'} ${r.seconds.toFixed(1).padStart(5)} s  ${name}`);
  if (r.code !== 0 && r.out.trim()) console.log(r.out.trimEnd());
});
console.log(`checks: ${((performance.now() - t0) / 1000).toFixed(1)} s in all`);
process.exit(failed > 0 ? 1 : 0);
