// Where the last `npm test` spent its time: the slowest test files and tests of the unit run
// (vitest's JSON report) and of the browser run (Playwright's), from .cache/times/. Run after
// `npm test` (or either suite): `node tests/times.mjs [how many, default 15]`.

import { existsSync, readFileSync } from 'node:fs';

const top = Number(process.argv[2] ?? 15);
const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
const read = (f) => (existsSync(f) ? JSON.parse(readFileSync(f, 'utf8')) : undefined);

function table(title, rows, total) {
  console.log(`\n${title}: ${rows.length} in ${s(total)} (summed; the run is shorter when files run side by side)`);
  for (const [name, ms] of rows.sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${s(ms).padStart(8)}  ${name}`);
}

const unit = read('.cache/times/unit.json');
if (unit) {
  const files = unit.testResults.map((f) => [f.name.replace(`${process.cwd()}/`, ''), f.endTime - f.startTime]);
  table(
    'unit files',
    files,
    files.reduce((a, [, ms]) => a + ms, 0),
  );
  const tests = unit.testResults.flatMap((f) => f.assertionResults.map((t) => [`${f.name.replace(`${process.cwd()}/`, '')} › ${t.title}`, t.duration ?? 0]));
  table(
    'unit tests',
    tests,
    tests.reduce((a, [, ms]) => a + ms, 0),
  );
} else console.log('no unit run on record (.cache/times/unit.json)');

const e2e = read('.cache/times/e2e.json');
if (e2e) {
  const tests = [];
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests) for (const r of t.results) tests.push([`${spec.file ?? file} › ${spec.title}`, r.duration]);
    for (const child of suite.suites ?? []) walk(child, suite.file ?? file);
  };
  for (const suite of e2e.suites) walk(suite, suite.file);
  const byFile = new Map();
  for (const [name, ms] of tests) byFile.set(name.split(' › ')[0], (byFile.get(name.split(' › ')[0]) ?? 0) + ms);
  table(
    'browser files',
    [...byFile],
    [...byFile.values()].reduce((a, b) => a + b, 0),
  );
  table(
    'browser tests',
    tests,
    tests.reduce((a, [, ms]) => a + ms, 0),
  );
  console.log(`\nbrowser run: ${s(e2e.stats.duration)} wall, ${e2e.stats.expected} passed, ${e2e.stats.unexpected} failed, ${e2e.stats.skipped} skipped`);
} else console.log('no browser run on record (.cache/times/e2e.json)');
