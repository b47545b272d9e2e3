// The whole dictionary as a content pack's part (core/packs/manifest.ts), the pure side: the
// phone remakes the build's pack format (core/dictionary/pack/: gzip members of whole records,
// and an index, pack.json, with each block's offset and SHA-256) from the files it stores, so a
// pack is made offline (the build's own pack file is read once by the save and never kept).
// Two parts: the index first (small: checked by its digest before a byte of the pack is taken),
// then the pack, cut here into its blocks as it streams so the worker verifies and stores one
// block at a time.

import { PACK_FORMAT, PACK_HEADER, PACK_VERSION, type PackedFile, type PackHeader, type PackIndexFile, packIndexProblem } from '../dictionary/pack/files.ts';
import { BLOCK_BYTES, packIndexOf } from '../dictionary/pack/write.ts';
import { CODEC, encodeRecord } from '../dictionary/pack/records.ts';
import { encodeText } from '../dictionary/pack/text-codec.ts';
import { MEANINGS_INDEX } from '../dictionary/meanings/files.ts';
import { ROOT_FILES } from '../dictionary/paths.ts';
import { KhojError } from '../errors.ts';

/** The two parts' names in a content pack. */
export const DICTIONARY_PARTS = { index: 'dictionary/pack.json', pack: 'dictionary/dictionary.pack' } as const;

/** The index files first, so the importer checks every later file against its build's own (manifest, letters, meaning index). */
const FIRST: readonly string[] = [ROOT_FILES.metadata, ROOT_FILES.manifest, ROOT_FILES.letters, MEANINGS_INDEX];

/** The stored files in the order a part holds them: the index files first, then by path. */
export function packOrder<T extends { path: string }>(files: readonly T[]): T[] {
  const rank = (p: string) => (FIRST.includes(p) ? FIRST.indexOf(p) : FIRST.length);
  return [...files].sort((a, b) => rank(a.path) - rank(b.path) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** How many files each block holds: whole files, about `blockBytes` of them a block (one file larger than that is a block alone). */
export function blockCounts(files: readonly PackedFile[], blockBytes = BLOCK_BYTES): number[] {
  const counts: number[] = [];
  let size = 0;
  let count = 0;
  for (const f of files) {
    size += f.bytes;
    count++;
    if (size >= blockBytes) {
      counts.push(count);
      size = count = 0;
    }
  }
  if (count || !counts.length) counts.push(count);
  return counts;
}

/** One block's records, before compression (block 0 begins with the pack's header). */
export function blockRecords(files: ReadonlyArray<{ path: string; bytes: Uint8Array }>, first: { generatedAt: string; files: number } | undefined): Uint8Array {
  const records: Uint8Array[] = [];
  if (first) {
    const header: PackHeader = { format: PACK_FORMAT, version: PACK_VERSION, ...first };
    records.push(encodeRecord({ path: PACK_HEADER, codec: CODEC.raw, body: new TextEncoder().encode(JSON.stringify(header)) }));
  }
  for (const f of files) records.push(encodeRecord({ path: f.path, codec: CODEC.text, body: encodeText(f.bytes) }));
  const out = new Uint8Array(records.reduce((n, r) => n + r.length, 0));
  records.reduce((at, r) => (out.set(r, at), at + r.length), 0);
  return out;
}

/** The part's index, once every compressed block's size and digest (and the whole pack's) are known: a build's pack.json with nothing derived. */
export const partIndex = (
  generatedAt: string,
  files: PackedFile[],
  counts: readonly number[],
  blocks: ReadonlyArray<{ bytes: number; sha256: string }>,
  packSha256: string,
): PackIndexFile => packIndexOf({ files, counts: [...counts] }, blocks, packSha256, generatedAt, []);

/** The part's index from its text, checked as the worker checks a build's pack.json; a KhojError 'bad-pack' says what is wrong. */
export function readPartIndex(text: string): PackIndexFile {
  let v: PackIndexFile;
  try {
    v = JSON.parse(text) as PackIndexFile;
  } catch {
    throw new KhojError('bad-pack', `${DICTIONARY_PARTS.index}: not JSON`);
  }
  const ok =
    typeof v === 'object' && v !== null && v.format === PACK_FORMAT && typeof v.generatedAt === 'string' && Array.isArray(v.files) && Array.isArray(v.blocks);
  const problem = ok ? packIndexProblem(v) : 'not a dictionary pack index';
  if (problem) throw new KhojError('bad-pack', `${DICTIONARY_PARTS.index}: ${problem}`);
  return v;
}

/**
 * Cuts the pack part's bytes into its blocks as they stream: `push` gives back the blocks a chunk
 * completes (never more than one block held), `end` throws when the bytes stopped short.
 */
export class BlockCutter {
  private block = 0;
  private parts: Uint8Array[] = [];
  private filled = 0;

  constructor(private readonly index: PackIndexFile) {}

  push(chunk: Uint8Array): Array<{ block: number; bytes: Uint8Array }> {
    const out: Array<{ block: number; bytes: Uint8Array }> = [];
    while (chunk.length) {
      const info = this.index.blocks[this.block];
      if (!info) throw new KhojError('bad-pack', `${DICTIONARY_PARTS.pack}: more bytes than its index says (${this.index.bytes})`);
      const take = Math.min(chunk.length, info.bytes - this.filled);
      this.parts.push(chunk.slice(0, take));
      this.filled += take;
      chunk = chunk.subarray(take);
      if (this.filled === info.bytes) {
        const bytes = new Uint8Array(info.bytes);
        this.parts.reduce((at, p) => (bytes.set(p, at), at + p.length), 0);
        out.push({ block: this.block++, bytes });
        this.parts = [];
        this.filled = 0;
      }
    }
    return out;
  }

  end(): void {
    if (this.block !== this.index.blocks.length)
      throw new KhojError('bad-pack', `${DICTIONARY_PARTS.pack}: ends in block ${this.block} of ${this.index.blocks.length}`);
  }
}

/** Whether build `theirs` may replace `ours` (builds are named by when they were generated, ISO): only a newer one, or any when there is none. */
export const mayReplace = (ours: string | null, theirs: string): boolean => ours === null || Date.parse(theirs) > Date.parse(ours);
