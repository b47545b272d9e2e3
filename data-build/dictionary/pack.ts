// The dictionary's pack for the build (src/core/dictionary/pack/, docs/dictionary-pack.md): every
// chunk file, each block a gzip member of its own (compressed on libuv's threads while the build
// goes on), and pack.json, which lists the blocks with their digests and the letter files the
// device makes itself, with theirs.

import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { blockFiles, type DerivedFile, PACK_HEADER, PACK_INDEX, type PackIndexFile } from '../../src/core/dictionary/pack/files.ts';
import { RecordReader } from '../../src/core/dictionary/pack/records.ts';
import { BLOCK_BYTES, type PackInput, packIndexOf, type PackPlan, planPack } from '../../src/core/dictionary/pack/write.ts';

const gz = promisify(gzip);
const gunzipAsync = promisify(gunzip);
const sha256 = (bytes: Uint8Array | string): string => createHash('sha256').update(bytes).digest('hex');

export interface BuiltPack {
  index: PackIndexFile;
  /** pack.json's text */
  indexText: string;
  bytes: Uint8Array;
  /** each block's records as they went into gzip, for the build's check of what comes out */
  plan: PackPlan;
}

/**
 * The pack of `files` (path → text, in dictionary order) and its index; `derived` are the files the
 * device makes itself (path → text), listed with their digests.
 */
export async function buildPack(
  files: ReadonlyArray<[string, string]>,
  derived: ReadonlyArray<[string, string]>,
  generatedAt: string,
  blockBytes = BLOCK_BYTES,
): Promise<BuiltPack> {
  const inputs: PackInput[] = files.map(([path, text]) => ({ path, bytes: Buffer.from(text) }));
  const plan = planPack(inputs, generatedAt, blockBytes);
  // Level 9 and the most memory: built once, fetched by every reader (bench/RESULTS.md: 4.49 MB, 4.64 at level 6).
  const compressed = await Promise.all(plan.blocks.map((b) => gz(b, { level: 9, memLevel: 9 })));
  const bytes = Buffer.concat(compressed);
  const made: DerivedFile[] = derived.map(([path, text]) => ({ path, bytes: Buffer.byteLength(text), sha256: sha256(text) }));
  const index = packIndexOf(
    plan,
    compressed.map((b) => ({ bytes: b.length, sha256: sha256(b) })),
    sha256(bytes),
    generatedAt,
    made,
  );
  return { index, indexText: JSON.stringify(index), bytes, plan };
}

/**
 * The pack read back as a reader reads it: each block gunzips to the records that went in, and
 * they are the files of its index, in their places (the text codec's round trip is the unit
 * tests': tests/dictionary/pack.test.ts). The first problem, or undefined.
 */
export async function packProblem(pack: BuiltPack): Promise<string | undefined> {
  try {
    const blocks = await Promise.all(pack.index.blocks.map((b) => gunzipAsync(pack.bytes.subarray(b.offset, b.offset + b.bytes))));
    for (const [i, raw] of blocks.entries()) {
      if (!Buffer.from(raw).equals(pack.plan.blocks[i]!)) return `block ${i} does not gunzip to its records`;
      const reader = new RecordReader();
      const records = reader.push(raw);
      reader.end();
      const files = blockFiles(pack.index)[i]!;
      const paths = pack.index.files.slice(files.start, files.end).map((f) => f.path);
      if (i === 0) paths.unshift(PACK_HEADER);
      if (records.map((r) => r.path).join('\n') !== paths.join('\n')) return `block ${i} does not hold the files its index says`;
    }
  } catch (e) {
    return (e as Error).message;
  }
  return undefined;
}

export { PACK_INDEX };
