// The pack's bytes from the network (core/dictionary/pack/, docs/dictionary-pack.md): fetched with
// Range from the first block the device lacks, cut into its blocks as they arrive, each verified by
// its SHA-256 before a byte of it is used, decompressed with the browser's own gzip, and read into
// files. Never more than one block held. A connection that breaks is asked again from the byte it
// stopped at (If-Range: the same file, or all of it again); offline, it stops and says so.

import type { PackIndexFile } from '../../../core/dictionary/pack/files.ts';
import { BlockReader, type UnpackedFile } from '../../../core/dictionary/pack/read.ts';
import { KhojError } from '../../../core/errors.ts';

export interface PackFetch {
  /** the pack's URL */
  url: string;
  index: PackIndexFile;
  /** the blocks to read, ascending: the bytes from the first one's start to the end are fetched */
  blocks: readonly number[];
  /** each block's files, in order; the next block is read only once it resolves */
  onBlock: (block: number, files: UnpackedFile[]) => Promise<void>;
  /** bytes received so far of the range fetched */
  onBytes?: (received: number) => void;
  signal?: AbortSignal;
  sha256Hex: (bytes: Uint8Array) => Promise<string>;
  /** how often a broken connection is asked again before the save stops, and the first wait (it doubles) */
  retries?: number;
  retryMs?: number;
}

const concat = (parts: Uint8Array[], length: number): Uint8Array => {
  if (parts.length === 1 && parts[0]!.length === length) return parts[0]!;
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p.subarray(0, length - at), at);
    at += Math.min(p.length, length - at);
  }
  return out;
};

/** The files of one block from its compressed bytes (already verified). */
async function unpack(index: PackIndexFile, block: number, bytes: Uint8Array): Promise<UnpackedFile[]> {
  const reader = new BlockReader(index, block);
  const files: UnpackedFile[] = [];
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('gzip'));
  try {
    for await (const piece of stream as unknown as AsyncIterable<Uint8Array>) files.push(...reader.push(piece));
  } catch (e) {
    if (KhojError.is(e, 'bad-pack')) throw e;
    throw new KhojError('damaged', `${index.path}: block ${block}: not gzip (${(e as Error).message})`);
  }
  reader.finish();
  return files;
}

/** Where a fetch stands: the block being filled and its bytes so far, the bytes of the pack received from the first block's start, tries since a block was last finished. */
interface Progress {
  block: number;
  parts: Uint8Array[];
  filled: number;
  received: number;
  attempts: number;
}

/** The pack from byte `from` on (If-Range: `etag`), the answer checked against its index: 206 for that range, or 200 for the whole file. */
async function requestFrom(job: PackFetch, from: number, etag: string | null): Promise<Response> {
  const { index } = job;
  let res: Response;
  try {
    const headers: Record<string, string> = { Range: `bytes=${from}-` };
    if (etag) headers['If-Range'] = etag;
    res = await fetch(job.url, { headers, cache: 'no-store', signal: job.signal });
  } catch (e) {
    job.signal?.throwIfAborted();
    throw new KhojError('network', `${index.path}: ${(e as Error).message}`, { cause: e });
  }
  if (res.status !== 206 && res.status !== 200) throw new KhojError('http', `${index.path}: HTTP ${res.status}`, { status: res.status });
  if (res.status === 206) {
    const range = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(res.headers.get('Content-Range') ?? '');
    if (!range || Number(range[1]) !== from)
      throw new KhojError('damaged', `${index.path}: the server sent ${res.headers.get('Content-Range') ?? 'no Content-Range'} for bytes ${from}-`);
    if (range[3] !== '*' && Number(range[3]) !== index.bytes) throw new KhojError('damaged', `${index.path}: ${range[3]} bytes, its index says ${index.bytes}`);
  } else if (Number(res.headers.get('Content-Length') ?? index.bytes) !== index.bytes)
    throw new KhojError('damaged', `${index.path}: ${res.headers.get('Content-Length')} bytes, its index says ${index.bytes}`);
  return res;
}

/**
 * One block's files from its compressed bytes, whatever brought them (the network here, a content
 * pack's part: pack-part.ts): verified by its digest before a byte is read, then unpacked and
 * each file checked against the index; a KhojError 'damaged' names the block otherwise.
 */
export async function verifiedBlock(
  index: PackIndexFile,
  block: number,
  bytes: Uint8Array,
  sha256Hex: (b: Uint8Array) => Promise<string>,
): Promise<UnpackedFile[]> {
  if (!index.blocks[block] || (await sha256Hex(bytes)) !== index.blocks[block].sha256)
    throw new KhojError('damaged', `${index.path}: block ${block} does not match its digest`);
  try {
    return await unpack(index, block, bytes);
  } catch (e) {
    throw KhojError.is(e, 'bad-pack') ? new KhojError('damaged', `${index.path}: ${e.message}`, { cause: e }) : e;
  }
}

/** A finished block: verified by its digest, then, if it is wanted, read into files and handed on. */
const finishBlock = async (job: PackFetch, block: number, bytes: Uint8Array): Promise<void> =>
  job.onBlock(block, await verifiedBlock(job.index, block, bytes, job.sha256Hex));

/** Cuts `piece` into the blocks it fills, finishing each wanted one as it is whole. */
async function cutPiece(job: PackFetch, want: ReadonlySet<number>, p: Progress, piece: Uint8Array): Promise<void> {
  const { index } = job;
  while (piece.length) {
    const info = index.blocks[p.block];
    if (!info) throw new KhojError('damaged', `${index.path}: more bytes than its index says (${index.bytes})`);
    const take = Math.min(piece.length, info.bytes - p.filled);
    p.parts.push(piece.subarray(0, take));
    p.filled += take;
    p.received += take;
    piece = piece.subarray(take);
    if (p.filled === info.bytes) {
      const bytes = concat(p.parts, p.filled);
      p.parts = [];
      p.filled = 0;
      if (want.has(p.block)) await finishBlock(job, p.block, bytes);
      p.block++;
      p.attempts = 0;
    }
  }
}

/** Reads an answer's body into blocks, its first `skip` bytes dropped; returns what broke the connection, if it broke. */
async function readBody(job: PackFetch, want: ReadonlySet<number>, p: Progress, body: ReadableStreamDefaultReader<Uint8Array>, skip: number): Promise<unknown> {
  for (;;) {
    let read: ReadableStreamReadResult<Uint8Array>;
    try {
      read = await body.read();
    } catch (e) {
      // The connection broke (only reading the body is caught here: a damaged block or a failed write stops the save).
      job.signal?.throwIfAborted();
      return e;
    }
    if (read.done) return undefined;
    let piece = read.value;
    if (skip) {
      const drop = Math.min(skip, piece.length);
      skip -= drop;
      piece = piece.subarray(drop);
    }
    await cutPiece(job, want, p, piece);
    job.onBytes?.(p.received);
  }
}

/** Fetches and reads the blocks `job` asks for; throws KhojError "network" when the connection cannot be had, "damaged" for a pack that is not its index's. */
export async function fetchPack(job: PackFetch): Promise<void> {
  const { index, blocks } = job;
  if (!blocks.length) return;
  const start = index.blocks[blocks[0]!]!.offset;
  const want = new Set(blocks);
  const p: Progress = { block: blocks[0]!, parts: [], filled: 0, received: 0, attempts: 0 };
  let etag: string | null = null;
  const retries = job.retries ?? 5;

  while (p.block < index.blocks.length) {
    job.signal?.throwIfAborted();
    const res = await requestFrom(job, start + p.received, etag);
    let skip = 0;
    if (res.status === 200) {
      // The whole file (a host without Range, or If-Range said it changed): the block under way
      // is read again from its start; the blocks before it were verified whole.
      p.parts = [];
      p.filled = 0;
      p.received = index.blocks[p.block]!.offset - start;
      skip = index.blocks[p.block]!.offset;
    }
    etag = res.headers.get('ETag') ?? etag;
    const body = res.body?.getReader();
    if (!body) throw new KhojError('network', `${index.path}: no body`);
    const broken = await readBody(job, want, p, body, skip);
    if (broken !== undefined) {
      // Asked again from the byte it stopped at, after a short wait.
      if (++p.attempts > retries) throw new KhojError('network', `${index.path}: ${(broken as Error).message}`, { cause: broken });
      await new Promise((ok) => setTimeout(ok, (job.retryMs ?? 1000) * 2 ** (p.attempts - 1)));
      continue;
    }
    if (p.block < index.blocks.length) {
      // Ended cleanly, short of the end: asked again from there.
      if (++p.attempts > retries) throw new KhojError('network', `${index.path}: the answer ended at byte ${start + p.received} of ${index.bytes}`);
    }
  }
}
