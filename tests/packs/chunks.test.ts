// app/packs/chunks.ts: a byte stream (a File's) is read into one buffer again and again, so reading
// a pack allocates no new buffer per chunk; any other stream gives its own chunks.

import { describe, expect, it } from 'vitest';
import { CHUNK_BYTES, streamChunks } from '../../src/app/packs/chunks.ts';

const bytesOf = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 7 + 3) & 0xff);

/** A byte stream of `bytes`, answering each BYOB read with as much as fits. */
function byteStream(bytes: Uint8Array): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    type: 'bytes',
    pull(c) {
      const view = c.byobRequest!.view as Uint8Array;
      const n = Math.min(view.byteLength, bytes.length - at);
      if (n === 0) {
        c.close();
        c.byobRequest!.respond(0);
        return;
      }
      view.set(bytes.subarray(at, at + n));
      at += n;
      c.byobRequest!.respond(n);
    },
  });
}

describe('streamChunks', () => {
  it('reads a byte stream into one buffer of CHUNK_BYTES: a chunk lent before is detached, never other bytes', async () => {
    const bytes = bytesOf(3 * CHUNK_BYTES + 123);
    const seen: Uint8Array[] = [];
    const got = new Uint8Array(bytes.length);
    let at = 0;
    for await (const c of streamChunks(byteStream(bytes))) {
      expect(c.buffer.byteLength).toBe(CHUNK_BYTES);
      got.set(c, at);
      at += c.length;
      seen.push(c);
    }
    expect(at).toBe(bytes.length);
    expect(Buffer.from(got).equals(Buffer.from(bytes))).toBe(true);
    expect(seen.slice(0, -1).every((c) => c.byteLength === 0)).toBe(true);
  });

  it("gives any other stream's chunks as they come", async () => {
    const parts = [bytesOf(10), bytesOf(5)];
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        for (const p of parts) c.enqueue(p);
        c.close();
      },
    });
    const got: Uint8Array[] = [];
    for await (const c of streamChunks(stream)) got.push(c);
    expect(got).toEqual(parts);
  });
});
