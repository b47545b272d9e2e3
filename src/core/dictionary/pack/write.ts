// Writing a pack (format: docs/dictionary-pack.md), the pure part: files → records, grouped into
// blocks of whole records; each block is then compressed on its own by the caller (a gzip member:
// data-build/dictionary/pack.ts), and the index is made from the compressed blocks.

import { API_VERSION } from '../types.ts';
import { type DerivedFile, PACK_FORMAT, PACK_HEADER, PACK_VERSION, type PackedFile, type PackHeader, type PackIndexFile, packPath } from './files.ts';
import { CODEC, encodeRecord } from './records.ts';
import { encodeText } from './text-codec.ts';

/**
 * Raw bytes (records, before compression) per block. 256 KB of coded text is about four chunk
 * files: a block compresses 0.6 % worse than one stream of everything (4.49 against 4.46 MB at
 * full size, gzip -9), and a resumed save after the worker was stopped fetches at most ~75 KB again.
 */
export const BLOCK_BYTES = 256 * 1024;

export interface PackInput {
  path: string;
  /** the file's bytes (UTF-8 text) */
  bytes: Uint8Array;
}

export interface PackPlan {
  /** each block's records, uncompressed */
  blocks: Uint8Array[];
  /** how many files each block holds */
  counts: number[];
  files: PackedFile[];
}

const concat = (parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

/** The records of `files` (text, in the one-byte Devanagari form), a header first, cut into blocks of about `blockBytes`. */
export function planPack(files: readonly PackInput[], generatedAt: string, blockBytes = BLOCK_BYTES): PackPlan {
  const header: PackHeader = { format: PACK_FORMAT, version: PACK_VERSION, generatedAt, files: files.length };
  const blocks: Uint8Array[] = [];
  const counts: number[] = [];
  let parts = [encodeRecord({ path: PACK_HEADER, codec: CODEC.raw, body: new TextEncoder().encode(JSON.stringify(header)) })];
  let size = parts[0]!.length;
  let count = 0;
  const flush = () => {
    blocks.push(concat(parts));
    counts.push(count);
    parts = [];
    size = count = 0;
  };
  for (const f of files) {
    const record = encodeRecord({ path: f.path, codec: CODEC.text, body: encodeText(f.bytes) });
    parts.push(record);
    size += record.length;
    count++;
    if (size >= blockBytes) flush();
  }
  if (count || blocks.length === 0) flush();
  return { blocks, counts, files: files.map((f) => ({ path: f.path, bytes: f.bytes.length })) };
}

/** The index of a pack of these compressed blocks (in order: each one's size and SHA-256), given the whole file's digest. */
export function packIndexOf(
  plan: Pick<PackPlan, 'counts' | 'files'>,
  compressed: ReadonlyArray<{ bytes: number; sha256: string }>,
  packSha256: string,
  generatedAt: string,
  derived: DerivedFile[],
): PackIndexFile {
  let offset = 0;
  const blocks = compressed.map((b, i) => {
    const block = { offset, bytes: b.bytes, sha256: b.sha256, files: plan.counts[i]! };
    offset += b.bytes;
    return block;
  });
  return {
    apiVersion: API_VERSION,
    generatedAt,
    format: PACK_FORMAT,
    version: PACK_VERSION,
    path: packPath(packSha256),
    bytes: offset,
    sha256: packSha256,
    files: plan.files,
    blocks,
    derived,
  };
}
