// A sources profile is input like any other: a device, a pipe or a huge file named by
// `--sources`, KHOJ_SOURCES or a profile's `extends` is refused by name, under a size cap,
// before it is read whole (`extends: /dev/zero` reached 4.27 GB, `--sources /dev/zero` 2.17 GB).
// Each run is the real command line in a child process that reports its peak memory.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildWithPeak } from '../../harness/bombs.ts';
import { snapshot } from '../helpers/tree.ts';
import { dataBuild } from '../../harness/run.ts';

const TARGET_MB = 500;
const tmp = () => mkdtempSync(join(tmpdir(), 'khoj-profile-input-'));

/** A built catalog, which no refused profile may touch. */
const out = tmp();
let kept: Map<string, Buffer>;
beforeAll(async () => {
  const before = await dataBuild(['--only', 'books', '--out', out, '--quiet']);
  expect(before.code, before.stderr).toBe(0);
  kept = snapshot(out);
}, 120_000);

/** The build with this profile: refused as a bad profile (exit 2), naming `file`, nothing written, peak under the target. */
async function refused(args: string[], file: string, env: Record<string, string> = {}) {
  const r = await buildWithPeak([...args, '--out', out], env);
  expect(r.code, r.stderr).toBe(2);
  expect(r.stderr).toContain(`data-build: bad sources profile:\n${file}: `);
  expect(r.stderr).not.toMatch(/\n\s+at .*\.(ts|mjs|js):\d+/);
  expect(r.peakMb, r.stderr).toBeLessThan(TARGET_MB);
  const after = snapshot(out);
  expect([...after.keys()]).toEqual([...kept.keys()]);
  for (const [f, bytes] of kept) expect(after.get(f)!.equals(bytes), f).toBe(true);
  return r;
}

describe('a sources profile is read as a regular file under a size cap', { timeout: 120_000 }, () => {
  it('--sources /dev/zero: refused as a device, not read', async () => {
    const r = await refused(['--sources', '/dev/zero'], '/dev/zero');
    expect(r.stderr).toContain('/dev/zero: is not a regular file (a device, pipe or socket); a sources profile is a JSON file');
  });

  it('KHOJ_SOURCES=/dev/urandom: the same', async () => {
    await refused([], '/dev/urandom', { KHOJ_SOURCES: '/dev/urandom' });
  });

  it('a profile that extends /dev/zero: refused, naming the device and the profile that names it', async () => {
    const dir = tmp();
    const profile = join(dir, 'p.json');
    writeFileSync(profile, JSON.stringify({ extends: '/dev/zero', only: ['books'] }));
    const r = await refused(['--sources', profile], '/dev/zero');
    expect(r.stderr).toContain(`(extended by ${profile})`);
  });

  it('a profile that extends a named pipe no one writes to: refused at once, not waited on', async () => {
    const dir = tmp();
    const fifo = join(dir, 'pipe.json');
    execFileSync('mkfifo', [fifo]);
    const profile = join(dir, 'p.json');
    writeFileSync(profile, JSON.stringify({ extends: './pipe.json' }));
    const r = await refused(['--sources', profile], fifo);
    expect(r.stderr).toContain(`${fifo}: is not a regular file (a device, pipe or socket)`);
  });

  it('a profile file over the cap (300 MB): refused by its size, naming the cap', async () => {
    const dir = tmp();
    const big = join(dir, 'big.json');
    // A sparse file: 300 MB long, no disk used; the cap stops the read at its first bytes.
    execFileSync('truncate', ['-s', '300M', big]);
    const r = await refused(['--sources', big], big);
    expect(r.stderr).toMatch(/big\.json: 300 MB, over the limit of 1 MB for a sources profile/);
    const ext = join(dir, 'ext.json');
    writeFileSync(ext, JSON.stringify({ extends: './big.json' }));
    await refused(['--sources', ext], big);
  });
});
