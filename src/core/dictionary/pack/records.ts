// The records of a pack (format.ts) as bytes: each is
//   varint(path length) · path (UTF-8) · codec (1 byte) · varint(body length) · body
// with varints in LEB128 (7 bits a byte, low group first). A reader takes the bytes in pieces
// as they come (RecordReader), so no more than one record is ever held whole.
import { KhojError } from '../../errors.ts';

/** How a record's body is written: as it is, or as text in the one-byte Devanagari form (text-codec.ts). */
export const CODEC = { raw: 0, text: 1 } as const;
export type Codec = (typeof CODEC)[keyof typeof CODEC];

export interface PackRecord {
  path: string;
  codec: Codec;
  /** the body as written in the pack (for CODEC.text, the coded form) */
  body: Uint8Array;
}

/** A record's body may not exceed this (a damaged length must not make the reader wait for gigabytes). */
export const MAX_BODY = 64 * 1024 * 1024;
const MAX_PATH = 1024;

function varint(n: number): number[] {
  const out: number[] = [];
  do {
    let b = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) b |= 0x80;
    out.push(b);
  } while (n > 0);
  return out;
}

/** The bytes of one record. */
export function encodeRecord(record: PackRecord): Uint8Array {
  const path = new TextEncoder().encode(record.path);
  const head = [...varint(path.length), ...path, record.codec, ...varint(record.body.length)];
  const out = new Uint8Array(head.length + record.body.length);
  out.set(head);
  out.set(record.body, head.length);
  return out;
}

// Bad framing is a KhojError 'bad-pack': a reader stops at the first, naming where it was.

/**
 * Reads records from bytes given in pieces of any size. `push` returns the records completed
 * by the piece; `end` throws when the bytes stopped inside a record.
 */
export class RecordReader {
  /** unread bytes are buffer[offset, filled): a record at most, never the whole stream */
  private buffer = new Uint8Array(0);
  private offset = 0;
  private filled = 0;
  /** bytes taken so far, for the position in an error */
  private consumed = 0;
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });

  push(piece: Uint8Array): PackRecord[] {
    const unread = this.filled - this.offset;
    if (this.filled + piece.length > this.buffer.length) {
      // Moved to the front, in a buffer at least twice as large when it must grow: a large
      // record arriving in small pieces is copied a few times, not once per piece.
      const size = unread + piece.length;
      const to = size > this.buffer.length ? new Uint8Array(Math.max(size, this.buffer.length * 2, 4096)) : this.buffer;
      to.set(this.buffer.subarray(this.offset, this.filled));
      this.buffer = to;
      this.offset = 0;
      this.filled = unread;
    }
    this.buffer.set(piece, this.filled);
    this.filled += piece.length;
    const out: PackRecord[] = [];
    for (let r = this.next(); r; r = this.next()) out.push(r);
    if (this.offset === this.filled) this.offset = this.filled = 0;
    return out;
  }

  end(): void {
    if (this.offset < this.filled) throw new KhojError('bad-pack', `the records stop inside one, at byte ${this.consumed}`);
  }

  /** The record at the read position if all of it is there (the position moves past it), else undefined. */
  private next(): PackRecord | undefined {
    let at = this.offset;
    const readVarint = (what: string, max: number): number | undefined => {
      let n = 0;
      for (let shift = 1; ; shift *= 128) {
        if (at >= this.filled) return undefined;
        if (shift > 2 ** 35) throw new KhojError('bad-pack', `${what} at byte ${this.consumed} does not end`);
        const b = this.buffer[at++]!;
        n += (b & 0x7f) * shift;
        if (n > max) throw new KhojError('bad-pack', `${what} ${n} at byte ${this.consumed} is more than ${max}`);
        if (!(b & 0x80)) return n;
      }
    };
    const pathLength = readVarint('a path length', MAX_PATH);
    if (pathLength === undefined || at + pathLength + 1 > this.filled) return undefined;
    let path: string;
    try {
      path = this.decoder.decode(this.buffer.subarray(at, at + pathLength));
    } catch {
      throw new KhojError('bad-pack', `the path at byte ${this.consumed} is not UTF-8`);
    }
    at += pathLength;
    const codec = this.buffer[at++]!;
    if (codec !== CODEC.raw && codec !== CODEC.text) throw new KhojError('bad-pack', `"${path}": unknown codec ${codec}`);
    const length = readVarint(`"${path}": a body length`, MAX_BODY);
    if (length === undefined || at + length > this.filled) return undefined;
    // A copy: the buffer is written over by later pieces.
    const body = this.buffer.slice(at, at + length);
    at += length;
    this.consumed += at - this.offset;
    this.offset = at;
    return { path, codec, body };
  }
}
