// A ZIP's entries read from its central directory, and one entry inflated with a running count
// that stops at a limit: what an EPUB (a ZIP) is opened with (src/app/books/epub-doc.ts). fflate's
// unzipSync inflated every entry, listed by the book or not, into a buffer of the size the entry
// claims: a 4.2 MB EPUB took the page to 4.8 GB (issue 36). Here nothing is inflated until asked
// for, and an entry's inflated bytes are counted as they come (fflate's streaming Inflate, fed a
// slice of compressed bytes at a time, so one push yields at most about a thousand times the
// slice), whatever its header says. Pure: tests/books/zip-entries.test.ts.

import { Inflate } from 'fflate';
import { KhojError } from '../errors.ts';

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated */
  method: number;
  compressedSize: number;
  /** the inflated size the entry claims (a hostile file may lie: the count is what holds) */
  declaredSize: number;
  /** where its local header starts */
  offset: number;
}

/** Compressed bytes fed to the inflater at a time: 16 KB inflate to at most about 16 MB. */
const SLICE = 16 * 1024;

const damaged = (detail: string) => new KhojError('damaged', detail);
const view = (b: Uint8Array) => new DataView(b.buffer, b.byteOffset, b.byteLength);
const utf8 = new TextDecoder('utf-8');

/** The entries of a ZIP by name (the first of a name wins), from its central directory; at most `maxEntries`. */
export function zipEntries(bytes: Uint8Array, maxEntries: number): Map<string, ZipEntry> {
  const dv = view(bytes);
  // The end of central directory record: within the last 22 + 65,535 bytes (its comment).
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--)
    if (dv.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  if (end < 0) throw damaged('not a ZIP archive (no end of central directory)');
  const count = dv.getUint16(end + 10, true);
  const size = dv.getUint32(end + 12, true);
  const start = dv.getUint32(end + 16, true);
  if (count === 0xffff || start === 0xffffffff) throw damaged('a ZIP64 archive, which a book never needs');
  if (start + size > end) throw damaged('the central directory runs past its end');
  if (count > maxEntries) throw new KhojError('too-complex', `${count} entries`, { limit: maxEntries });
  const out = new Map<string, ZipEntry>();
  let at = start;
  for (let n = 0; n < count; n++) {
    if (at + 46 > end || dv.getUint32(at, true) !== 0x02014b50) throw damaged(`entry ${n + 1} of the central directory is not one`);
    const flags = dv.getUint16(at + 8, true);
    const nameLength = dv.getUint16(at + 28, true);
    const next = at + 46 + nameLength + dv.getUint16(at + 30, true) + dv.getUint16(at + 32, true);
    if (next > end) throw damaged(`entry ${n + 1} runs past the central directory`);
    const entry: ZipEntry = {
      name: utf8.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      method: dv.getUint16(at + 10, true),
      compressedSize: dv.getUint32(at + 20, true),
      declaredSize: dv.getUint32(at + 24, true),
      offset: dv.getUint32(at + 42, true),
    };
    if (flags & 1) throw damaged(`${entry.name} is encrypted`);
    if (!out.has(entry.name)) out.set(entry.name, entry);
    at = next;
  }
  return out;
}

/** Where an entry's compressed bytes are, from its local header. */
function dataOf(bytes: Uint8Array, e: ZipEntry): Uint8Array {
  const dv = view(bytes);
  if (e.offset + 30 > bytes.length || dv.getUint32(e.offset, true) !== 0x04034b50) throw damaged(`${e.name}: no local header where the directory says`);
  const start = e.offset + 30 + dv.getUint16(e.offset + 26, true) + dv.getUint16(e.offset + 28, true);
  if (start + e.compressedSize > bytes.length) throw damaged(`${e.name} runs past the end of the file`);
  return bytes.subarray(start, start + e.compressedSize);
}

/**
 * An entry's bytes, inflated with a running count: past `limit` bytes it stops and throws
 * KhojError "too-large" (detail: the entry's name, `limit`), having held at most about one
 * slice's output more than the limit.
 */
export function readEntry(bytes: Uint8Array, e: ZipEntry, limit: number): Uint8Array {
  const tooLarge = () => new KhojError('too-large', e.name, { limit });
  const data = dataOf(bytes, e);
  if (e.method === 0) {
    if (data.length > limit) throw tooLarge();
    return data;
  }
  if (e.method !== 8) throw damaged(`${e.name}: compression method ${e.method}`);
  // The claimed size already past the limit: refused before inflating anything.
  if (e.declaredSize > limit) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let total = 0;
  let over = false;
  let ended = false;
  const inflater = new Inflate((chunk, final) => {
    total += chunk.length;
    if (total > limit) over = true;
    else chunks.push(chunk);
    if (final) ended = true;
  });
  try {
    for (let at = 0; at < data.length && !over; at += SLICE) inflater.push(data.subarray(at, at + SLICE), at + SLICE >= data.length);
    if (data.length === 0) inflater.push(new Uint8Array(0), true);
  } catch (err) {
    throw damaged(`${e.name}: ${(err as Error).message}`);
  }
  if (over) throw tooLarge();
  if (!ended && data.length > 0) throw damaged(`${e.name} ends before its data does`);
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(total);
  chunks.reduce((at, c) => (out.set(c, at), at + c.length), 0);
  return out;
}
