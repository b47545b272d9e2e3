// Starts a data-build command (`node data-build/run.mjs cli …`) from an esbuild bundle
// of its TypeScript, rebuilt whenever a source is newer. A bundle starts in ~0.1 s;
// a TypeScript loader costs ~0.3 s a run, a tenth of the full-size build budget.

import { build } from 'esbuild';
import { mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = ['data-build', 'src/core', 'src/server'];
const [entry, ...args] = process.argv.slice(2);
if (!entry || !/^[\w-]+$/.test(entry)) {
  process.stderr.write('usage: node data-build/run.mjs <cli|validate-cli> [args]\n');
  process.exit(2);
}

function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) t = Math.max(t, newest(p));
    else if (/\.(ts|mjs)$/.test(e.name)) t = Math.max(t, statSync(p).mtimeMs);
  }
  return t;
}

const out = join(root, 'node_modules/.cache/khoj', `${entry}.mjs`);
let stale = true;
try {
  stale = statSync(out).mtimeMs < Math.max(...SOURCES.map((d) => newest(join(root, d))));
} catch {
  /* not built yet */
}
if (stale) {
  const result = await build({
    entryPoints: [join(root, 'data-build', `${entry}.ts`)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    write: false,
    logLevel: 'warning',
  });
  mkdirSync(dirname(out), { recursive: true });
  // Written aside and renamed, so parallel runs never load half a bundle.
  const tmp = `${out}.${process.pid}.tmp`;
  writeFileSync(tmp, result.outputFiles[0].contents);
  renameSync(tmp, out);
}
process.argv = [process.argv[0], out, ...args];
await import(pathToFileURL(out).href);
