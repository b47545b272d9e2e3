// The dictionary's pack for the build (src/core/dictionary/pack/, docs/dictionary-pack.md): every
// chunk file, each block a gzip member of its own (compressed on libuv's threads while the build
// goes on), and pack.json, which lists the blocks with their digests and the letter files the
// device makes itself, with theirs.

import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzipSync, gzip } from 'node:zlib';
import { type DerivedFile, PACK_INDEX, type PackIndexFile } from '../../src/core/dictionary/pack/files.ts';
import { BlockReader } from '../../src/core/dictionary/pack/read.ts';
import { BLOCK_BYTES, type PackInput, packIndexOf, planPack } from '../../src/core/dictionary/pack/write.ts';

const gz = promisify(gzip);
const sha256 = (bytes: Uint8Array | string): string => createHash('sha256').update(bytes).digest('hex');

export interface BuiltPack {
  index: PackIndexFile;
  /** pack.json's text */
  indexText: string;
  bytes: Uint8Array;
  /** what went in: each file's bytes, for the build's check of what comes out */
  inputs: PackInput[];
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
  const index = packIndexOf(plan, compressed, { blocks: compressed.map(sha256), pack: sha256(bytes) }, generatedAt, made);
  return { index, indexText: JSON.stringify(index), bytes, inputs };
}

/** The pack read back as a reader reads it: every file in its place, byte for byte; the first problem, or undefined. */
export function packProblem(pack: BuiltPack): string | undefined {
  const want = new Map(pack.inputs.map((f) => [f.path, f.bytes]));
  try {
    for (const [i, block] of pack.index.blocks.entries()) {
      const reader = new BlockReader(pack.index, i);
      for (const f of reader.push(gunzipSync(pack.bytes.subarray(block.offset, block.offset + block.bytes)))) {
        const bytes = want.get(f.path);
        if (!bytes || Buffer.compare(f.bytes, bytes) !== 0) return `${f.path} does not read back as written`;
        want.delete(f.path);
      }
      reader.finish();
    }
  } catch (e) {
    return (e as Error).message;
  }
  return want.size ? `${want.size} files are missing, the first ${[...want.keys()][0]}` : undefined;
}

export { PACK_INDEX };
