// `npm run bench bombs`: the peak memory of the dictionary build on gzip bombs of each shape
// (harness/bombs.ts), about 249 MB inflated, at the default limits and at the landed code's
// file limits (256 MB per file, 1 GB gunzipped), where the checks on the JSON text stop them.
// Target: under 4× the full-size dictionary build's peak (about 360 MB), so < 1.4 GB.

import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BOMB_SHAPES, buildWithPeak, writeBomb } from '../harness/bombs.ts';

const INFLATED = 249 * 1024 * 1024;

export async function benchBombs(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'khoj-bench-bombs-'));
  console.log(`\n## gzip bombs: peak memory of the dictionary build (${INFLATED / 2 ** 20} MB inflated; target < 1.4 GB)`);
  console.log('shape     gzip      limits           exit  peak RSS  wall     refused as');
  try {
    for (const shape of BOMB_SHAPES) {
      const file = await writeBomb(dir, shape, INFLATED);
      const { size } = statSync(file);
      for (const [label, extra] of [
        ['default', []],
        ['256 MB/1 GB', ['--max-file-mb', '256', '--max-inflated-mb', '1024']],
      ] as const) {
        const start = performance.now();
        const r = await buildWithPeak(['--only', 'dictionary', '--dictionary', file, '--out', join(dir, 'out'), ...extra], { KHOJ_CACHE: join(dir, 'cache') });
        const wall = (performance.now() - start) / 1000;
        const why =
          r.stderr
            .split('\n')
            .find((l) => l.startsWith(file))
            ?.slice(file.length + 2) ??
          r.stderr.trim().split('\n').at(-1) ??
          '';
        console.log(
          `${shape.padEnd(9)} ${`${(size / 1024).toFixed(0)} KB`.padEnd(9)} ${label.padEnd(16)} ${String(r.code).padEnd(5)} ${`${r.peakMb} MB`.padEnd(9)} ${`${wall.toFixed(1)} s`.padEnd(8)} ${why.slice(0, 70)}`,
        );
      }
      rmSync(file);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
