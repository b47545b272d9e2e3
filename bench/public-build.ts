// `npm run bench -- public`: the full `KHOJ_SOURCES=public npm run data` against local copies
// of its three upstreams (harness/upstreams.ts: the same paths, ETag/Last-Modified, 304),
// cold (empty download cache) and again from the cache. Figures only, no assertions.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dataBuild } from '../harness/run.ts';
import { startUpstreams } from '../harness/upstreams.ts';

export async function benchPublicBuild(): Promise<void> {
  const entries = Number(process.env.BENCH_PUBLIC_ENTRIES ?? 20_000);
  console.log(`\n== public build (KHOJ_SOURCES=public; upstreams on loopback; dictionary tree of ${entries} real headwords, real catalog and market) ==`);
  const up = await startUpstreams({ entries });
  const cache = mkdtempSync(join(tmpdir(), 'khoj-bench-cache-'));
  try {
    const env = { KHOJ_SOURCES: 'public', KHOJ_MIRRORS: up.mirrors };
    for (const label of ['cold (empty cache)', 'from the cache', 'from the cache, --offline']) {
      const out = mkdtempSync(join(tmpdir(), 'khoj-bench-public-'));
      const requests = up.log.length;
      const args = ['--out', out, '--cache', cache, '--books-pdfs', 'none', ...(label.includes('offline') ? ['--offline'] : [])];
      const t = performance.now();
      const r = await dataBuild(args, env);
      const s = (performance.now() - t) / 1000;
      if (r.code !== 0) throw new Error(`public build failed:\n${r.stderr}`);
      const lines = r.stderr.split('\n').filter((l) => / fetched \d+ URLs/.test(l));
      const log = up.log.slice(requests);
      console.log(
        `${label.padEnd(28)} ${s.toFixed(1)} s; ${log.length} requests (${log.filter((l) => l.status === 200).length} × 200, ${log.filter((l) => l.status === 304).length} × 304, ${log.filter((l) => l.status === 404).length} × 404)`,
      );
      for (const l of lines) console.log(`    ${l}`);
      rmSync(out, { recursive: true, force: true });
    }
  } finally {
    await up.close();
    rmSync(cache, { recursive: true, force: true });
  }
}
