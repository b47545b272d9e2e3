// Full-size dictionary build: wall time and peak memory of `npm run data` on the
// 123,363-entry synthetic dump, output sizes, and the chunk-size trade-off.

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const ROOT = resolve(import.meta.dirname, '..');
const SHARED = resolve(ROOT, '../shared');
const WORK = resolve(ROOT, '.bench');

export function dump(name: string, args: string[]): string {
  const file = join(WORK, `${name}.json`);
  if (!existsSync(file)) {
    const r = spawnSync(
      process.execPath,
      [join(SHARED, 'tools/make-dictionary-dump.mjs'), '--words', join(SHARED, 'data/dictionary/headwords.txt'), '--out', file, ...args],
      { stdio: 'inherit' },
    );
    if (r.status !== 0) throw new Error('dump generator failed');
  }
  return file;
}

/** Runs the build as `npm run data` does; wall time from here, peak RSS from the child itself. */
function build(source: string, out: string, extra: string[] = []): Promise<{ wallMs: number; peakMb: number }> {
  return new Promise((ok, fail) => {
    const start = performance.now();
    const child = spawn(
      process.execPath,
      [join(ROOT, 'data-build/run.mjs'), 'cli', '--only', 'dictionary', '--dictionary', source, '--out', out, '--timing', ...extra],
      { cwd: ROOT },
    );
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) => {
      const wallMs = performance.now() - start;
      if (code !== 0) return fail(new Error(err));
      ok({ wallMs, peakMb: Number(/peak RSS (\d+) MB/.exec(err)?.[1]) });
    });
  });
}

function sizes(dir: string) {
  let total = 0;
  let files = 0;
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else {
        total += statSync(p).size;
        files++;
      }
    }
  };
  walk(dir);
  const letters = readdirSync(join(dir, 'words-by-letter')).map((f) => ({ f, size: statSync(join(dir, 'words-by-letter', f)).size }));
  const largest = letters.sort((a, b) => b.size - a.size)[0]!;
  const chunks = readdirSync(join(dir, 'chunks')).map((f) => readFileSync(join(dir, 'chunks', f)));
  const gz = chunks.map((c) => gzipSync(c).length).sort((a, b) => a - b);
  return {
    total,
    files,
    largest: { name: largest.f, size: largest.size, gzip: gzipSync(readFileSync(join(dir, 'words-by-letter', largest.f))).length },
    chunk: {
      count: chunks.length,
      meanBytes: chunks.reduce((n, c) => n + c.length, 0) / chunks.length,
      medianGzip: gz[gz.length >> 1]!,
      maxGzip: gz[gz.length - 1]!,
    },
  };
}

const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;
const kb = (n: number) => `${(n / 1e3).toFixed(1)} KB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

export async function benchDictionaryBuild(runs = 5): Promise<void> {
  mkdirSync(WORK, { recursive: true });
  const clean = dump('dump-seed1', []);
  const faults = dump('dump-seed1-faults', ['--faults']);
  const out = join(WORK, 'out');
  console.log(`\n## dictionary build (full-size dump, ${runs} runs each; target < 3 s and < 1 GB)`);
  for (const [name, file] of [
    ['clean', clean],
    ['--faults', faults],
  ] as const) {
    const results = [];
    for (let i = 0; i < runs; i++) results.push(await build(file, out));
    const walls = results.map((r) => r.wallMs);
    console.log(
      `${name.padEnd(9)} wall median ${(median(walls) / 1000).toFixed(2)} s (min ${(Math.min(...walls) / 1000).toFixed(2)}, max ${(Math.max(...walls) / 1000).toFixed(2)}), peak RSS max ${Math.max(...results.map((r) => r.peakMb))} MB`,
    );
  }
  const s = sizes(join(out, 'api/v1'));
  console.log(`output: ${s.files} files, ${mb(s.total)}; largest letter file ${s.largest.name} ${mb(s.largest.size)} (${kb(s.largest.gzip)} gzip)`);

  console.log('\n## chunk size trade-off (one lookup reads one chunk; "save all" reads every file)');
  console.log('size   chunks  files  mean chunk  median gzip  max gzip');
  for (const size of [100, 250, 500, 1000, 2000]) {
    const dir = join(WORK, `chunks-${size}`);
    await build(clean, dir, ['--chunk-size', String(size)]);
    const c = sizes(join(dir, 'api/v1'));
    console.log(
      `${String(size).padEnd(6)} ${String(c.chunk.count).padStart(6)} ${String(c.files).padStart(6)}  ${kb(c.chunk.meanBytes).padStart(10)}  ${kb(c.chunk.medianGzip).padStart(11)}  ${kb(c.chunk.maxGzip).padStart(8)}`,
    );
    rmSync(dir, { recursive: true, force: true });
  }
}
