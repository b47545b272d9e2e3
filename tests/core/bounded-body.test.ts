// The bounded body reader (src/core/bounded-body.ts) that holds a market upstream's answer in the
// service worker to the build's one file limit: whole answers under the limit read as
// Response.text() reads them; an answer past it, even an endless one, stopped there.

import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../data-build/limits.ts';
import { MAX_FILE_BYTES, readBounded, readTextBounded } from '../../src/core/bounded-body.ts';

/** A body streamed `size` bytes a chunk, `chunks` of them (Infinity: endless), counting what was pulled. */
function streamed(chunk: Uint8Array, chunks: number, headers: Record<string, string> = {}) {
  const seen = { pulled: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    pull(c) {
      if (seen.pulled >= chunks) return c.close();
      seen.pulled++;
      c.enqueue(chunk.slice());
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { res: new Response(body, { headers }), seen };
}

describe('readBounded', () => {
  it('reads an answer under the limit whole, as text() does, a character split between chunks included', async () => {
    const text = `{"name":"${'नेप्से '.repeat(5000)}"}`;
    const bytes = new TextEncoder().encode(text);
    // Chunks of 7 bytes: Devanagari's 3-byte characters fall across them.
    const parts = Array.from({ length: Math.ceil(bytes.length / 7) }, (_, i) => bytes.subarray(i * 7, i * 7 + 7));
    const body = new ReadableStream<Uint8Array>({ start: (c) => (parts.forEach((p) => c.enqueue(p)), c.close()) });
    expect(await readTextBounded(new Response(body), bytes.length)).toBe(text);
    expect(await readTextBounded(new Response(text), bytes.length + 1)).toBe(await new Response(text).text());
  });

  it('stops an endless answer at the limit: the stream cancelled, no more read than the limit and a chunk', async () => {
    const chunk = new Uint8Array(64 * 1024).fill(0x20);
    const { res, seen } = streamed(chunk, Infinity);
    const limit = 1024 * 1024;
    const e = await readBounded(res, limit).catch((x: unknown) => x);
    expect(e).toMatchObject({ code: 'too-large', limit });
    expect((e as Error).message).toBe('the answer is more than the limit: 1,048,576 bytes; stopped reading');
    expect(seen.cancelled).toBe(true);
    expect(seen.pulled * chunk.length).toBeLessThanOrEqual(limit + 2 * chunk.length);
  });

  it('takes an answer of exactly the limit, and refuses one byte more', async () => {
    const chunk = new Uint8Array(1000).fill(0x41);
    expect((await readBounded(streamed(chunk, 10).res, 10_000)).length).toBe(10_000);
    await expect(readBounded(streamed(chunk, 10).res, 9_999)).rejects.toMatchObject({ code: 'too-large', limit: 9_999 });
  });

  it('refuses a declared length over the limit before reading anything, unless the body is encoded (the length is then of other bytes)', async () => {
    const chunk = new Uint8Array(10).fill(0x41);
    const declared = streamed(chunk, 1, { 'content-length': '5000000' });
    await expect(readBounded(declared.res, 1_000_000)).rejects.toMatchObject({ code: 'too-large', limit: 1_000_000 });
    expect(declared.seen.pulled).toBeLessThanOrEqual(1);
    const encoded = streamed(chunk, 1, { 'content-length': '5000000', 'content-encoding': 'gzip' });
    expect((await readBounded(encoded.res, 1_000_000)).length).toBe(10);
  });

  it('is the one file limit: the data build reads its inputs and downloads under the same default', () => {
    expect(DEFAULT_LIMITS.fileBytes).toBe(MAX_FILE_BYTES);
  });
});
