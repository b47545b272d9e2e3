// The dictionary's pack (docs/dictionary-pack.md): every chunk file in one file of gzip members,
// and its index, pack.json, beside the contract's files below /api/v1 (Khoj's own, like
// meanings/ and headwords.json; the public web client never reads them). The index says where
// each member (a block of whole records) starts, its SHA-256, and which files it holds, so a
// reader fetches from the first block it lacks (a Range request), verifies each block before it
// stores a byte of it, and never holds more than one block.

/** The pack's index, below /api/v1. */
export const PACK_INDEX = 'pack.json';
export const PACK_FORMAT = 'khoj-pack';
export const PACK_VERSION = 1;
/** The first record of a pack names its format, so a pack read without its index says what it is. */
export const PACK_HEADER = 'khoj-pack.json';

export interface PackHeader {
  format: typeof PACK_FORMAT;
  version: typeof PACK_VERSION;
  generatedAt: string;
  files: number;
}

/** One gzip member of the pack: whole records, compressed on their own. */
export interface PackBlock {
  /** where it starts in the pack file, in bytes */
  offset: number;
  bytes: number;
  /** SHA-256 of its bytes as they are in the pack (compressed), lowercase hex */
  sha256: string;
  /** how many of `files` it holds, following the previous blocks' (block 0 also holds the header first) */
  files: number;
}

export interface PackedFile {
  path: string;
  /** the file's size (UTF-8 bytes, as served and stored) */
  bytes: number;
}

/** A file the device makes itself from files it has (a letter's word list, from headwords.json), and what it must come to. */
export interface DerivedFile {
  path: string;
  bytes: number;
  sha256: string;
}

export interface PackIndexFile {
  apiVersion: string;
  generatedAt: string;
  format: typeof PACK_FORMAT;
  version: typeof PACK_VERSION;
  /** the pack file's path below /api/v1, named by its content, so a resumed download never mixes two packs */
  path: string;
  /** the pack file's size: exactly what fetching it takes (it is compressed already, and served as it is) */
  bytes: number;
  sha256: string;
  /** the files in the pack, in its order */
  files: PackedFile[];
  blocks: PackBlock[];
  derived: DerivedFile[];
}

/** The pack file of a content digest (hex): `packs/<first 16 digits>.pack`. */
export const packPath = (sha256: string): string => `packs/${sha256.slice(0, 16)}.pack`;
export const PACK_PATH = /^packs\/[0-9a-f]{16}\.pack$/;

/** Each block's files: `files` indices [start, end). */
export function blockFiles(index: PackIndexFile): Array<{ start: number; end: number }> {
  let start = 0;
  return index.blocks.map((b) => ({ start, end: (start += b.files) }));
}

/** The blocks holding a file not in `stored`, in order: what a save still has to fetch. */
export function blocksLeft(index: PackIndexFile, stored: ReadonlySet<string>): number[] {
  const ranges = blockFiles(index);
  return ranges.flatMap((r, i) => (index.files.slice(r.start, r.end).some((f) => !stored.has(f.path)) ? [i] : []));
}

/** The first way the index's numbers do not add up (blocks back to back from 0, covering the file and every file), or undefined. */
export function packIndexProblem(index: PackIndexFile): string | undefined {
  if (!PACK_PATH.test(index.path) || index.path !== packPath(index.sha256)) return `path ${index.path} is not named by its digest`;
  let offset = 0;
  let files = 0;
  for (const [i, b] of index.blocks.entries()) {
    if (b.offset !== offset) return `block ${i} starts at ${b.offset}, expected ${offset}`;
    if (b.bytes < 1) return `block ${i} is empty`;
    offset += b.bytes;
    files += b.files;
  }
  if (offset !== index.bytes) return `the blocks come to ${offset} bytes, the pack is ${index.bytes}`;
  if (files !== index.files.length) return `the blocks hold ${files} files, the list ${index.files.length}`;
  if (new Set(index.files.map((f) => f.path)).size !== index.files.length) return 'a file is listed twice';
  return undefined;
}
