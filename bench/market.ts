// Market benchmarks: the sample generator, a full refresh cycle (parse + validate + normalise of
// every 30-minute file, as the service worker will run it; target < 2 s excluding network) on the
// real snapshots and the sample, the whole build, and output sizes. Figures only, no assertions.

import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { generateSample } from '../data-build/market/generate.ts';
import { prepareMarket, selfCheck } from '../data-build/market/build.ts';
import { trackedFiles } from '../src/core/market/refresh-policy.ts';
import type { Layout } from '../src/core/market/types/index.ts';
import { validateMarketFile, validateSnapshot } from '../src/core/market/validate.ts';
import { snapshotFiles } from '../src/core/market/write.ts';

const ROOT = resolve(import.meta.dirname, '..');
const MARKET = resolve(ROOT, '../shared/data/market');
const B_SNAPSHOTS = ['2026-05-06T0623Z', '2026-05-06T1054Z', '2026-05-07T1123Z'];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const ms = (n: number) => `${n.toFixed(0)} ms`;
const kb = (n: number) => `${(n / 1e3).toFixed(0)} KB`;
const mb = (n: number) => `${(n / 1e6).toFixed(2)} MB`;

function time<T>(runs: number, f: () => T): { median: number; max: number; value: T } {
  let value = f(); // warm-up
  const t: number[] = [];
  for (let i = 0; i < runs; i++) {
    const s = performance.now();
    value = f();
    t.push(performance.now() - s);
  }
  return { median: median(t), max: Math.max(...t), value };
}

function loadTexts(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of readdirSync(d)) {
      const p = join(d, e);
      if (statSync(p).isDirectory()) walk(p);
      else if (p.endsWith('.json')) out.set(relative(dir, p).split(sep).join('/'), readFileSync(p, 'utf8'));
    }
  };
  walk(dir);
  return out;
}

/** The 30-minute ("live") files a client of the layout refreshes, as fetched text. */
function liveFiles(layout: Layout, all: Map<string, string>, now: number): Map<string, string> {
  const out = new Map<string, string>();
  for (const f of trackedFiles(layout, now)) {
    if (f.cadence !== 'live') continue;
    const path =
      f.kind === 'ltpMonth'
        ? [...all.keys()]
            .filter((k) => k.startsWith('ltp/monthly/'))
            .sort()
            .at(-1)
        : f.path;
    if (path && all.has(path)) out.set(path, all.get(path)!);
  }
  return out;
}

function refreshCycle(name: string, layout: Layout, texts: Map<string, string>, runs: number): void {
  const bytes = [...texts.values()].reduce((a, t) => a + t.length, 0);
  const perFile = time(runs, () => {
    for (const [p, t] of texts) if (!validateMarketFile(p, t, layout).ok) throw new Error(`${name}: ${p} invalid`);
  });
  const whole = time(runs, () => validateSnapshot(layout, texts));
  if (whole.value.problems.length) throw new Error(`${name}: ${whole.value.problems[0]!.message}`);
  console.log(
    `${name.padEnd(28)} layout ${layout.toUpperCase()}  ${String(texts.size).padStart(2)} files ${mb(bytes).padStart(8)}   per-file validators ${ms(perFile.median).padStart(6)}   whole snapshot (parse+validate+normalise) median ${ms(whole.median).padStart(6)}, max ${ms(whole.max)}`,
  );
}

function build(args: string[]): Promise<number> {
  return new Promise((ok, fail) => {
    const start = performance.now();
    const child = spawn(process.execPath, [join(ROOT, 'data-build/run.mjs'), 'cli', '--only', 'market', '--out', join(ROOT, '.bench/market-out'), ...args], {
      cwd: ROOT,
    });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) => (code === 0 ? ok(performance.now() - start) : fail(new Error(err))));
  });
}

export async function benchMarket(runs = Number(process.env.BENCH_RUNS ?? 5)): Promise<void> {
  console.log(`\n## market: sample generator (${runs} runs, after a warm-up; target well under 1 s)`);
  const gen = time(runs, () => generateSample());
  const ser = time(runs, () => snapshotFiles(gen.value));
  const files = ser.value;
  const total = [...files.values()].reduce((a, t) => a + t.length, 0);
  const gz = [...files.values()].reduce((a, t) => a + gzipSync(t).length, 0);
  console.log(`generate median ${ms(gen.median)} (max ${ms(gen.max)}); write both layouts (JSON text) median ${ms(ser.median)}`);
  console.log(
    `output: ${files.size} files, ${mb(total)} (${mb(gz)} gzipped), ${gen.value.stocks.length} stock rows, ${gen.value.ltp!.months.length} months of history`,
  );
  const largest = [...files].sort((a, b) => b[1].length - a[1].length).slice(0, 5);
  console.log(`largest: ${largest.map(([p, t]) => `${p} ${kb(t.length)} (${kb(gzipSync(t).length)} gz)`).join(', ')}`);

  console.log(`\n## market: full refresh cycle, every 30-minute file (${runs} runs; target < 2 s excluding network)`);
  const now = Date.UTC(2026, 4, 7, 6, 0);
  if (existsSync(MARKET)) {
    for (const snap of B_SNAPSHOTS) refreshCycle(`real ${snap}`, 'b', liveFiles('b', loadTexts(join(MARKET, 'layout-b', snap, 'data')), now), runs);
  } else console.log(`(skipped the real snapshots: ${MARKET} not found)`);
  for (const layout of ['a', 'b'] as const) refreshCycle('generated sample', layout, liveFiles(layout, files, Date.UTC(2026, 10, 20, 6, 0)), runs);
  // All of layout A's live files including every month of history: the first refresh after install.
  const everyMonth = new Map([...files].filter(([p]) => p.startsWith('ltp/monthly/') || liveFiles('a', files, Date.UTC(2026, 10, 20, 6, 0)).has(p)));
  refreshCycle('sample + all 13 months', 'a', everyMonth, runs);

  console.log('\n## market: build (in process: read/generate + write + self-check; and `npm run data -- --only market` wall time)');
  for (const [name, opts] of [
    ['sample', {}],
    ...(existsSync(MARKET) ? [['real layout B 2026-05-07T1123Z', { source: join(MARKET, 'layout-b', B_SNAPSHOTS[2]!) }]] : []),
  ] as Array<[string, { source?: string }]>) {
    const prepared: number[] = [];
    const checked: number[] = [];
    for (let i = 0; i < runs; i++) {
      const s = performance.now();
      const b = await prepareMarket(opts);
      const m = performance.now();
      selfCheck(b.snapshot, b.files);
      prepared.push(m - s);
      checked.push(performance.now() - m);
    }
    const walls: number[] = [];
    for (let i = 0; i < Math.min(runs, 3); i++) walls.push(await build(opts.source ? ['--market', opts.source] : []));
    console.log(
      `${name.padEnd(32)} read+normalise+write median ${ms(median(prepared))}, self-check ${ms(median(checked))}; CLI wall median ${ms(median(walls))}`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchMarket();
