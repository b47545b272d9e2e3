// A content pack's manifest (the pack's first entry, khoj-content.json; not the dictionary's own pack, core/dictionary/pack/): the app's build that made it
// and each part, in the order the parts follow, with its kind, size and SHA-256. Checked by hand
// (ajv compiles with new Function(), which the page's CSP forbids); everything is bounded before
// a byte of a part is read, so a manifest cannot promise more than the limits below.

import { KhojError } from '../errors.ts';

export const PACK_FORMAT = 'khoj-content-pack';
/** Raise it when the shape changes: a pack of a newer version is refused whole. */
export const PACK_VERSION = 1;
export const MANIFEST_NAME = 'khoj-content.json';

/** app-file: one of the app's own on-demand files (pdf.js), taken only as this build's (app-files.ts). */
export const PART_KINDS = ['dictionary', 'catalog', 'book-file', 'market-file', 'reader-data', 'app-file'] as const;
export type PartKind = (typeof PART_KINDS)[number];

export const PACK_LIMITS = {
  /** the manifest's own bytes: 10,000 parts of a few hundred bytes each */
  manifestBytes: 4 * 1024 * 1024,
  parts: 10_000,
  /** one part (a saved book is at most 200 MB: core/books/saved-file.ts) */
  partBytes: 256 * 1024 * 1024,
  /** the whole pack */
  packBytes: 8 * 1024 * 1024 * 1024,
  /** a part's name (fits a ustar header's name field) */
  nameChars: 100,
  /** a part's own facts (a book's title, a market file's path and time), as JSON */
  metaChars: 4096,
} as const;

export interface PackPart {
  /** the entry's name in the pack: lower-case words and digits, `/`-separated, never `..` */
  name: string;
  kind: PartKind;
  size: number;
  /** lower-case hex */
  sha256: string;
  /** what the importer needs to put the part back (a book's record, a market file's path and time) */
  meta?: Record<string, unknown>;
}

export interface PackManifest {
  format: typeof PACK_FORMAT;
  version: number;
  /** the app's build that made the pack */
  build: string;
  /** when it was made (ISO) */
  made: string;
  parts: PackPart[];
}

const NAME = /^[a-z0-9][a-z0-9_-]*(\.[a-z0-9_-]+)*(\/[a-z0-9][a-z0-9_-]*(\.[a-z0-9_-]+)*)*$/;
const HEX = /^[0-9a-f]{64}$/;

/** Whether `name` is one a pack may hold: no `..`, no leading `/`, no backslash, nothing but [a-z0-9._-/]. */
export const safePartName = (name: string): boolean => name.length <= PACK_LIMITS.nameChars && NAME.test(name) && name !== MANIFEST_NAME;

/**
 * A whole pack refused, or one part of it (KhojError 'refused-pack'): which problem (the pack
 * screen words it), the part's name and what exactly, the part's name first.
 */
export class PackError extends KhojError {
  constructor(
    readonly problem: PackProblem,
    /** the part it concerns, or the manifest's name */
    readonly part: string,
    detail: string,
  ) {
    super('refused-pack', `${part}: ${detail}`);
  }
}

export const PACK_PROBLEMS = [
  /** not a tar of ours: the first entry is not the manifest (or the file is all zeros) */
  'not-a-pack',
  /** gzip, zip, bzip2 or xz: packs are never compressed, nothing is ever inflated */
  'compressed',
  'bad-manifest',
  'newer-version',
  'too-large',
  'too-many',
  'bad-name',
  /** an entry's header disagrees with the manifest (name, size, order, a link or sparse file) */
  'mismatch',
  'truncated',
  /** a part whose bytes do not give its SHA-256: refused alone, the rest kept */
  'digest',
  /** a part whose bytes are not what its kind must be (a "PDF" that is not one), or whose facts the importer refuses */
  'not-kind',
  /** more after the last part than the end blocks */
  'trailing',
  /** an app-file part that is not one of this build's files, byte for byte (app-files.ts) */
  'not-app-file',
] as const;
export type PackProblem = (typeof PACK_PROBLEMS)[number];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const whole = (v: unknown, max: number): v is number => Number.isSafeInteger(v) && (v as number) >= 0 && (v as number) <= max;

/** The manifest's text checked, or a PackError saying what is wrong with it. */
export function parseManifest(text: string): PackManifest {
  const bad = (detail: string, code: PackProblem = 'bad-manifest') => new PackError(code, MANIFEST_NAME, detail);
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    throw bad(`not JSON (${(e as Error).message})`);
  }
  if (!isObject(v) || v.format !== PACK_FORMAT) throw bad(`"format" is not "${PACK_FORMAT}"`, 'not-a-pack');
  if (!whole(v.version, Number.MAX_SAFE_INTEGER) || v.version < 1) throw bad('"version" is not a whole number from 1');
  if (v.version > PACK_VERSION) throw bad(`version ${v.version} is newer than this app reads (${PACK_VERSION})`, 'newer-version');
  if (typeof v.build !== 'string' || v.build.length > 100) throw bad('"build" is not a short text');
  if (typeof v.made !== 'string' || v.made.length > 40) throw bad('"made" is not a date');
  if (!Array.isArray(v.parts)) throw bad('"parts" is not a list');
  if (v.parts.length > PACK_LIMITS.parts) throw bad(`${v.parts.length} parts, more than ${PACK_LIMITS.parts}`, 'too-many');
  const names = new Set<string>();
  let total = 0;
  const parts = v.parts.map((p: unknown, i: number): PackPart => {
    if (!isObject(p)) throw bad(`part ${i + 1} is not an object`);
    const name = typeof p.name === 'string' ? p.name : '';
    if (!safePartName(name))
      throw new PackError('bad-name', MANIFEST_NAME, `part ${i + 1}'s name ${JSON.stringify(String(p.name).slice(0, 120))} is not a plain relative name`);
    if (names.has(name)) throw new PackError('bad-name', name, 'named twice in the manifest');
    names.add(name);
    if (!(PART_KINDS as readonly unknown[]).includes(p.kind)) throw bad(`${name}: kind ${JSON.stringify(p.kind)} is not one of ${PART_KINDS.join(', ')}`);
    if (!whole(p.size, PACK_LIMITS.partBytes))
      throw new PackError('too-large', name, `size ${String(p.size)} is not a whole number of bytes up to ${PACK_LIMITS.partBytes}`);
    if (typeof p.sha256 !== 'string' || !HEX.test(p.sha256)) throw bad(`${name}: "sha256" is not 64 hex digits`);
    if (p.meta !== undefined && (!isObject(p.meta) || JSON.stringify(p.meta).length > PACK_LIMITS.metaChars))
      throw bad(`${name}: "meta" is not an object of at most ${PACK_LIMITS.metaChars} characters`);
    total += p.size as number;
    if (total > PACK_LIMITS.packBytes) throw new PackError('too-large', MANIFEST_NAME, `the parts add up to more than ${PACK_LIMITS.packBytes} bytes`);
    return { name, kind: p.kind as PartKind, size: p.size as number, sha256: p.sha256, ...(p.meta ? { meta: p.meta as Record<string, unknown> } : {}) };
  });
  return { format: PACK_FORMAT, version: v.version, build: v.build, made: v.made, parts };
}
