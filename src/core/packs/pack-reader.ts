// Reads a pack as it streams (pack-writer.ts makes them): the manifest first, checked whole before
// any part; then each part in the manifest's order, its header matching the manifest's name and
// size, its bytes handed to the sink as they come and hashed on the way (SHA-256, incremental).
// A part is committed only when its digest matches; one that does not is refused by name and the
// rest go on. Whatever would make the reader hold or follow more than the manifest's bounds (a
// compressed pack, a lying size, a link, a name with `..`, a million parts, gigabytes of zeros)
// ends the whole read with a PackError naming it. Nothing here stores anything: the sink does.

import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { BytesIn } from './bytes-in.ts';
import { MANIFEST_NAME, PACK_LIMITS, PackError, type PackManifest, type PackPart, type PackProblem, parseManifest } from './manifest.ts';
import { BLOCK, isZero, padding, readHeader } from './tar.ts';
import { KhojError } from '../errors.ts';

/**
 * Where one part's bytes go; the reader calls write for each chunk, then commit or abort once. A
 * chunk is lent for the call only (its buffer may be read into again after): a sink copies what it keeps.
 */
export interface PartSink {
  write(chunk: Uint8Array): void | Promise<void>;
  /**
   * The digest matched: keep it. Resolves with why it was not kept, if it was not (older than what
   * is stored); rejects when its bytes are not what its kind must be (then it is refused by name).
   */
  commit(): Promise<string | void>;
  /** the digest did not match, or the pack ended early: nothing of it may stay */
  abort(problem: PackError): void | Promise<void>;
}

export interface Skip {
  skip: string;
}

export interface PackSink {
  /** the checked manifest, before any part (throw to refuse the pack: another app's build, say) */
  manifest?(m: PackManifest): void | Promise<void>;
  /**
   * Where a part goes; `skip` (why) to read it through and keep nothing. `at`: where its bytes
   * begin in the pack (a sink may keep the pack file's own slice rather than copy the chunks).
   */
  part(p: PackPart, at: number): PartSink | Skip | Promise<PartSink | Skip>;
}

export interface PartResult {
  name: string;
  kind: PackPart['kind'];
  state: 'taken' | 'skipped' | 'refused';
  /** skipped: why (the sink's words); refused: the problem */
  why?: string;
  problem?: PackProblem;
}

export interface PackResult {
  manifest: PackManifest;
  parts: PartResult[];
}

export interface ReadOptions {
  /** bytes read so far, after each chunk */
  progress?: (bytes: number) => void;
  /** checked between chunks: a cancelled read aborts the part under way */
  cancelled?: () => boolean;
}

/** Zero blocks read past the two that end a tar (GNU tar fills its last 10 KB record). */
const MAX_END_BLOCKS = 20;
/** The first bytes of a compressed file: gzip, zip, bzip2, xz, zstd. */
const COMPRESSED = [
  [0x1f, 0x8b],
  [0x50, 0x4b, 0x03, 0x04],
  [0x42, 0x5a, 0x68],
  [0xfd, 0x37, 0x7a, 0x58, 0x5a],
  [0x28, 0xb5, 0x2f, 0xfd],
];

const startsWith = (b: Uint8Array, magic: number[]) => magic.every((m, i) => b[i] === m);

// Cancelled by the reader: KhojError 'cancelled' (its screen says so, app/packs/pack-screen.tsx).

/** Reads `source` into `sink`; throws a PackError when the pack as a whole is refused (parts already committed stay). */
export async function readPack(source: AsyncIterable<Uint8Array>, sink: PackSink, options: ReadOptions = {}): Promise<PackResult> {
  const input = new BytesIn(source);
  try {
    const manifest = await readManifest(input);
    await sink.manifest?.(manifest);
    const parts: PartResult[] = [];
    for (const part of manifest.parts) parts.push(await readPart(input, part, sink, options));
    await readEnd(input);
    return { manifest, parts };
  } finally {
    await input.stop();
  }
}

async function readManifest(input: BytesIn): Promise<PackManifest> {
  const first = await input.exactly(BLOCK);
  if (COMPRESSED.some((m) => startsWith(first, m))) throw new PackError('compressed', MANIFEST_NAME, 'the file is compressed; a pack is a plain tar');
  if (first.length < BLOCK || isZero(first)) throw new PackError('not-a-pack', MANIFEST_NAME, 'the file does not begin with a pack manifest');
  const h = readHeader(first);
  if (typeof h === 'string' || h.name !== MANIFEST_NAME || (h.type !== '0' && h.type !== '\0'))
    throw new PackError(
      'not-a-pack',
      MANIFEST_NAME,
      typeof h === 'string' ? h : `the first entry is ${JSON.stringify(h.name.slice(0, 120))}, not the manifest`,
    );
  if (h.size > PACK_LIMITS.manifestBytes) throw new PackError('too-large', MANIFEST_NAME, `${h.size} bytes, more than ${PACK_LIMITS.manifestBytes}`);
  const body = await input.exactly(h.size);
  if (body.length < h.size) throw new PackError('truncated', MANIFEST_NAME, 'the file ends inside the manifest');
  await skip(input, padding(h.size), MANIFEST_NAME);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    throw new PackError('bad-manifest', MANIFEST_NAME, 'not UTF-8');
  }
  return parseManifest(text);
}

async function skip(input: BytesIn, n: number, part: string): Promise<void> {
  if ((await input.exactly(n)).length < n) throw new PackError('truncated', part, 'the file ends early');
}

async function readPart(input: BytesIn, part: PackPart, sink: PackSink, options: ReadOptions): Promise<PartResult> {
  const raw = await input.exactly(BLOCK);
  if (raw.length < BLOCK || isZero(raw)) throw new PackError('truncated', part.name, 'the pack ends before this part');
  const h = readHeader(raw);
  if (typeof h === 'string') throw new PackError('mismatch', part.name, h);
  if (h.name !== part.name) throw new PackError('mismatch', part.name, `the entry here is ${JSON.stringify(h.name.slice(0, 120))}`);
  if (h.type !== '0' && h.type !== '\0') throw new PackError('mismatch', part.name, `entry type ${JSON.stringify(h.type)} is not a plain file`);
  if (h.size !== part.size) throw new PackError('mismatch', part.name, `the entry holds ${h.size} bytes, the manifest says ${part.size}`);
  const to = await sink.part(part, input.taken);
  const out = 'skip' in to ? null : to;
  const hash = sha256.create();
  let left = part.size;
  try {
    while (left > 0) {
      if (options.cancelled?.()) throw new KhojError('cancelled', 'the pack');
      const chunk = await input.some(Math.min(left, 1 << 20));
      if (!chunk) throw new PackError('truncated', part.name, `the file ends ${left} bytes before this part does`);
      hash.update(chunk);
      left -= chunk.length;
      await out?.write(chunk);
      options.progress?.(input.taken);
    }
    await skip(input, padding(part.size), part.name);
  } catch (e) {
    await out?.abort(e instanceof PackError ? e : new PackError('truncated', part.name, String((e as Error).message)));
    throw e;
  }
  const base = { name: part.name, kind: part.kind };
  if (bytesToHex(hash.digest()) !== part.sha256) {
    const problem = new PackError('digest', part.name, 'its bytes do not give the SHA-256 the manifest names: damaged or altered');
    await out?.abort(problem);
    return { ...base, state: 'refused', problem: 'digest', why: problem.message };
  }
  if (!out) return { ...base, state: 'skipped', why: (to as Skip).skip };
  let why: string | void;
  try {
    why = await out.commit();
  } catch (e) {
    return { ...base, state: 'refused', problem: e instanceof PackError ? e.problem : 'not-kind', why: String((e as Error).message ?? e) };
  }
  return why ? { ...base, state: 'skipped', why } : { ...base, state: 'taken' };
}

/** The end blocks; anything but zeros after the last part is refused, and no more than a record of zeros is read. */
async function readEnd(input: BytesIn): Promise<void> {
  for (let i = 0; i < MAX_END_BLOCKS; i++) {
    const b = await input.exactly(BLOCK);
    if (b.length === 0 && i >= 2) return;
    if (b.length < BLOCK) throw new PackError('truncated', MANIFEST_NAME, 'the pack has no end blocks');
    if (!isZero(b)) throw new PackError('trailing', MANIFEST_NAME, 'an entry after the last part the manifest names');
  }
  if (await input.some(1)) throw new PackError('trailing', MANIFEST_NAME, `more than ${MAX_END_BLOCKS} blocks after the last part`);
}
