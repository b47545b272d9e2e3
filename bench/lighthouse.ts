// `npm run lighthouse`: Lighthouse (mobile, its default simulated throttling) with Debian's
// Chromium against the production build served by our own server, on the dictionary, word,
// books, book, market, prices, symbol, index history and portfolio routes (the history served with
// 350 months of index files in place: harness/history-site.ts). Writes the four category scores, LCP, CLS
// and TBT per route into its section of bench/RESULTS.md (with --only, a section of its own); prints the worst audits.
//
// Options: --dist DIR (serve an existing build instead of building the sample one), --real (the
// real-size build of harness/real-build.ts: the full-size dictionary of the shared dump
// generator, today's catalog at 11,700 records, the real market snapshot; its own section),
// --runs N (median run by performance score, default 1), --only ROUTE[,ROUTE]. Each report is
// kept in .bench/lighthouse/<route>.json.

import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { appHandler } from '../src/server/app.ts';
import { auditRoutes } from '../harness/audit-routes.ts';
import { historySite } from '../harness/history-site.ts';
import { REAL_BOOKS, realBuild } from '../harness/real-build.ts';
import { writeSection } from './results.ts';

const ROOT = resolve(import.meta.dirname, '..');
const WORK = join(ROOT, '.bench/lighthouse');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

const { values: opts } = parseArgs({
  options: { dist: { type: 'string' }, real: { type: 'boolean', default: false }, runs: { type: 'string', default: '1' }, only: { type: 'string' } },
});

function build(): string {
  const data = join(WORK, 'data');
  const dist = join(WORK, 'dist');
  const node = (args: string[], env: Record<string, string> = {}) =>
    execFileSync(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  node(['data-build/run.mjs', 'cli', '--out', data, '--quiet']);
  node([join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', '--outDir', dist, '--emptyOutDir'], {
    KHOJ_DATA_DIR: data,
    KHOJ_BUILD_ID: 'lighthouse',
  });
  return dist;
}

interface Row {
  route: string;
  path: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcp: number;
  cls: number;
  tbt: number;
  longest: number;
  losses: string[];
}

const built = opts.dist ? resolve(opts.dist) : opts.real ? (await realBuild()).dist : build();
// The upstream's index history put in place below data/ (the sample data has none): 350 months
// in its shape (harness/history-site.ts), so the history route draws a chart.
const { site: dist } = historySite(built);
const handle = appHandler(dist);
const server = createServer((req, res) => void handle(req, res));
await new Promise<void>((ok) => server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', ok));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
const only = opts.only?.split(',');
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const rows: Row[] = [];
/** Every run of every route, as printed. */
const every: string[] = [];
const loadAtStart = loadavg();
try {
  for (const [route, path] of auditRoutes(dist)) {
    if (only && !only.includes(route)) continue;
    const runs: Row[] = [];
    for (let i = 0; i < Number(opts.runs); i++) {
      const result = await lighthouse(base + path, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
        // Every run a first visit: Lighthouse keeps local storage and IndexedDB by default, so from
        // the second run on the app saw a returning reader (visit count in local storage) and
        // showed its install offer above the page, a layout shift no first visit has.
        clearStorageTypes: ['file_systems', 'shader_cache', 'service_workers', 'cache_storage', 'local_storage', 'indexeddb'],
      });
      const lhr = result!.lhr;
      // The full report, for a closer look (layout-shifts, long-tasks, …).
      mkdirSync(WORK, { recursive: true });
      writeFileSync(join(WORK, `${route}.json`), JSON.stringify(lhr));
      writeFileSync(join(WORK, `${route}-${i}.json`), JSON.stringify(lhr));
      const audit = (id: string) => lhr.audits[id]!;
      const longTasks = (audit('long-tasks').details as { items?: { duration: number }[] } | undefined)?.items ?? [];
      runs.push({
        route,
        path,
        scores: Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]!.score ?? 0) * 100)])) as Row['scores'],
        lcp: audit('largest-contentful-paint').numericValue ?? NaN,
        cls: audit('cumulative-layout-shift').numericValue ?? NaN,
        tbt: audit('total-blocking-time').numericValue ?? NaN,
        longest: Math.max(0, ...longTasks.map((t) => t.duration)),
        // What costs points: failing audits that carry weight in a category.
        losses: Object.values(lhr.categories)
          .flatMap((c) => c.auditRefs.filter((r) => r.weight > 0).map((r) => lhr.audits[r.id]!))
          .filter((a) => a.score !== null && a.score < 0.9)
          .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`),
      });
      const r = runs.at(-1)!;
      const line = `${route} run ${i + 1}: performance ${r.scores.performance}; LCP ${(r.lcp / 1000).toFixed(2)} s, TBT ${Math.round(r.tbt)} ms, longest task ${Math.round(r.longest)} ms (load average ${loadavg()[0]!.toFixed(1)})`;
      every.push(line);
      console.log(`  ${line}`);
    }
    runs.sort((a, b) => a.scores.performance - b.scores.performance);
    const row = runs[Math.floor(runs.length / 2)]!;
    rows.push(row);
    console.log(
      `${route.padEnd(10)} ${CATEGORIES.map((c) => `${c} ${row.scores[c]}`).join(', ')}; LCP ${(row.lcp / 1000).toFixed(2)} s, CLS ${row.cls.toFixed(3)}, TBT ${Math.round(row.tbt)} ms, longest task ${Math.round(row.longest)} ms`,
    );
    if (row.losses.length) console.log(`           losing: ${row.losses.join('; ')}`);
  }
} finally {
  chrome.kill();
  server.close();
  rmSync(dist, { recursive: true, force: true });
}

{
  const table = [
    '| route | performance | accessibility | best practices | SEO | LCP | CLS | TBT | longest task |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.route} (\`${decodeURIComponent(r.path)}\`) | ${r.scores.performance} | ${r.scores.accessibility} | ${r.scores['best-practices']} | ${r.scores.seo} | ${(r.lcp / 1000).toFixed(2)} s | ${r.cls.toFixed(3)} | ${Math.round(r.tbt)} ms | ${Math.round(r.longest)} ms |`,
    ),
  ];
  const worst = rows.filter((r) => r.losses.length).map((r) => `- ${r.route}: ${r.losses.join('; ')}`);
  const what = opts.real
    ? `the real-size build (harness/real-build.ts: the full-size dictionary of the shared dump generator, 123,363 entries; today's catalog shapes at ${REAL_BOOKS.toLocaleString('en')} records; the real market snapshot of ../shared/data, layout B 2026-05-07)`
    : opts.dist
      ? `the build in ${opts.dist}`
      : 'the production build of the sample data';
  const name = `${opts.real ? 'lighthouse-real' : 'lighthouse'}${only ? `-${only.join('-')}` : ''}`;
  writeSection(
    name,
    [
      `## Lighthouse (mobile)${opts.real ? ', real size' : ''}${only ? `: ${only.join(', ')}` : ''}`,
      '',
      `\`npm run lighthouse${opts.real ? ' -- --real' : ''}\` (Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile emulation with its simulated throttling, Debian's Chromium, ${what} served by our server; ${opts.runs} run(s) per route, the median by performance; every run's figures below the table). Measured ${new Date().toISOString().slice(0, 16)}Z, load average ${loadAtStart.map((l) => l.toFixed(1)).join(', ')} at the start, ${loadavg()
        .map((l) => l.toFixed(1))
        .join(', ')} at the end, on 2 cores (blocking time grows with other work on the machine). Target: ${
        opts.real
          ? 'at least 95 for performance with LCP under 2.5 s and TBT under 200 ms, 100 for accessibility, best practices and SEO (issue 38)'
          : 'at least 95 in every category, CLS under 0.05, no long task over 200 ms on the symbol page'
      }.`,
      '',
      ...table,
      '',
      'Audits losing points (score under 0.9):',
      '',
      ...(worst.length ? worst : ['- none']),
      '',
      'Every run:',
      '',
      ...every.map((l) => `- ${l}`),
    ].join('\n'),
  );
  console.log('written to bench/RESULTS.md');
}
