// A ReadableStream as the async iterable core/packs/ reads (Chromium's streams are not yet
// async-iterable everywhere), stopped when `signal` aborts.
//
// A byte stream (a File's, a Blob's) is read with a BYOB reader into one buffer, used again for
// every read: each chunk the default reader gives is a new ArrayBuffer, which V8 frees only when
// their sum outgrows its external-memory limit, so the renderer's memory rose ~50 MB above its
// level between collections while a pack was read (bench/RESULTS.md, "Content packs"). A chunk is
// therefore good only until the next one is asked for (the buffer is then detached: a view kept
// past it reads as empty, never as other bytes): what a consumer keeps, it copies.

/** The buffer a byte stream is read into. */
export const CHUNK_BYTES = 256 * 1024;

export async function* streamChunks(stream: ReadableStream<Uint8Array>, signal?: AbortSignal): AsyncGenerator<Uint8Array> {
  let byob: ReadableStreamBYOBReader | undefined;
  try {
    byob = stream.getReader({ mode: 'byob' });
  } catch {
    // Not a byte stream: its own chunks, as they come.
  }
  const reader = byob ?? stream.getReader();
  let buffer = new ArrayBuffer(byob ? CHUNK_BYTES : 0);
  try {
    for (;;) {
      signal?.throwIfAborted();
      const { done, value } = byob ? await byob.read(new Uint8Array(buffer)) : await (reader as ReadableStreamDefaultReader<Uint8Array>).read();
      if (done || !value) return;
      if (byob) buffer = value.buffer as ArrayBuffer;
      yield value;
    }
  } finally {
    void reader.cancel().catch(() => undefined);
  }
}
