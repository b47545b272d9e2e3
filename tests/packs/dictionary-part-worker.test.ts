// The worker's side of a content pack's dictionary part (src/sw/dictionary/whole/pack-part.ts),
// with a real data build's files and the contract's own checks (core/dictionary/check-file.ts),
// its storage a map: a part made from one phone's stored build fills a phone without it and is
// switched to through the build switch; an older build is skipped; an altered block, or a block
// whose file fails the contract's checks, is refused naming it, and nothing of it is stored.

import { mkdtempSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkFile } from '../../src/core/dictionary/check-file.ts';
import type { PackIndexFile } from '../../src/core/dictionary/pack/files.ts';
import { blockRecords, partIndex } from '../../src/core/packs/dictionary-part.ts';
import { type PartDeps, partBlock, partDrop, partEnd, partPlan, partStart, partTake } from '../../src/sw/dictionary/whole/pack-part.ts';
import { dictionaryBuild } from '../../harness/run.ts';
import { listFiles } from '../helpers/tree.ts';

const V = '2026-01-01T00:00:00Z';
const hex = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** A phone: its stored files per build, its current build, and the builds it was switched to. */
function phone(current: string | null, stored = new Map<string, Map<string, Uint8Array>>()) {
  const state = { current, switched: [] as string[], dropped: [] as string[] };
  const of = (v: string) => stored.get(v) ?? stored.set(v, new Map()).get(v)!;
  const deps: PartDeps = {
    version: async () => state.current,
    whole: async () => true,
    sizes: async (v) => [...of(v)].map(([path, b]) => ({ path, bytes: b.length })),
    bytes: async (v, p) => of(v).get(p),
    put: async (v, p, b) => void of(v).set(p, b.slice()),
    check: checkFile,
    switchTo: async (v) => (state.switched.push(v), (state.current = v), true),
    drop: async (v) => void (state.dropped.push(v), stored.delete(v)),
  };
  return { deps, state, of };
}

/** The part a phone makes, as the page makes it (the index from the worker's blocks). */
async function makePart(deps: PartDeps): Promise<{ index: PackIndexFile; blocks: Uint8Array[] }> {
  const plan = await partPlan(deps);
  const blocks: Uint8Array[] = [];
  let at = 0;
  for (const [i, n] of plan.counts.entries())
    blocks.push(
      await partBlock(
        deps,
        plan.version!,
        plan.files.slice(at, (at += n)).map((f) => f.path),
        i === 0 ? plan.files.length : undefined,
      ),
    );
  const whole = createHash('sha256');
  for (const b of blocks) whole.update(b);
  return {
    index: partIndex(
      plan.version!,
      plan.files,
      plan.counts,
      blocks.map((b) => ({ bytes: b.length, sha256: hex(b) })),
      whole.digest('hex'),
    ),
    blocks,
  };
}

async function take(deps: PartDeps, index: PackIndexFile, blocks: Uint8Array[]) {
  const start = await partStart(deps, index);
  if ('skip' in start) return start;
  for (const [i, b] of blocks.entries()) await partTake(deps, start.id, i, b);
  return partEnd(deps, start.id);
}

describe('the dictionary part in the worker', () => {
  const files = new Map<string, Uint8Array>();
  beforeAll(async () => {
    const out = mkdtempSync(join(tmpdir(), 'khoj-part-'));
    expect((await dictionaryBuild(['--out', out, '--chunk-size', '20', '--generated-at', V])).code).toBe(0);
    for (const f of listFiles(join(out, 'api/v1'))) if (f.endsWith('.json')) files.set(f, new Uint8Array(readFileSync(join(out, 'api/v1', f))));
  }, 120_000);
  const one = () => phone(V, new Map([[V, new Map(files)]]));

  it('fills a phone without the build, every file checked, then switches to it', async () => {
    const { index, blocks } = await makePart(one().deps);
    expect(index.files.length).toBe(files.size);
    expect(index.blocks.length).toBeGreaterThan(1);
    const two = phone(null);
    expect(await take(two.deps, index, blocks)).toEqual({ version: V, switched: true });
    expect(two.state.switched).toEqual([V]);
    expect([...two.of(V).keys()].sort()).toEqual([...files.keys()].sort());
    for (const [p, b] of files) expect(hex(two.of(V).get(p)!), p).toBe(hex(b));
  });

  it('fills in a phone on the same build without a switch, and skips a build older than the phone’s', async () => {
    const { index, blocks } = await makePart(one().deps);
    const same = phone(V, new Map([[V, new Map([['metadata.json', files.get('metadata.json')!]])]]));
    expect(await take(same.deps, index, blocks)).toEqual({ version: V, switched: false });
    expect(same.of(V).size).toBe(files.size);
    const newer = phone('2026-06-01T00:00:00Z');
    expect(await take(newer.deps, index, blocks)).toEqual({ skip: 'older' });
    expect(newer.state.switched).toEqual([]);
  });

  it('refuses an altered block by its digest; what was staged for the other build is dropped', async () => {
    const { index, blocks } = await makePart(one().deps);
    const two = phone(null);
    const start = await partStart(two.deps, index);
    if ('skip' in start) throw new Error('skipped');
    await partTake(two.deps, start.id, 0, blocks[0]!);
    const bad = blocks[1]!.slice();
    bad[bad.length >> 1]! ^= 0xff;
    await expect(partTake(two.deps, start.id, 1, bad)).rejects.toThrow(/block 1 does not match its digest/);
    await partDrop(two.deps, start.id);
    expect(two.state.dropped).toEqual([V]);
    expect(two.state.switched).toEqual([]);
  });

  it('refuses a block whose file fails the contract’s check, naming the file, even when the digests are the maker’s own', async () => {
    const plan = await partPlan(one().deps);
    const chunk = plan.files.findIndex((f) => f.path.startsWith('chunks/'));
    const bytes = plan.files.map((f) => files.get(f.path)!);
    bytes[chunk] = new TextEncoder().encode('{"entries": "not a list"}');
    const listed = plan.files.map((f, i) => ({ path: f.path, bytes: bytes[i]!.length }));
    const counts = [listed.length];
    const block = new Uint8Array(
      gzipSync(
        blockRecords(
          plan.files.map((f, i) => ({ path: f.path, bytes: bytes[i]! })),
          { generatedAt: V, files: listed.length },
        ),
      ),
    );
    const index = partIndex(V, listed, counts, [{ bytes: block.length, sha256: hex(block) }], hex(block));
    const two = phone(null);
    const start = await partStart(two.deps, index);
    if ('skip' in start) throw new Error('skipped');
    await expect(partTake(two.deps, start.id, 0, block)).rejects.toThrow(plan.files[chunk]!.path);
    expect(two.of(V).has(plan.files[chunk]!.path)).toBe(false);
    await expect(partEnd(two.deps, start.id)).rejects.toThrow(/ended after block 0 of 1/);
    expect(two.state.switched).toEqual([]);
  });
});
