// A ReadableStream as the async iterable core/packs/ reads (Chromium's streams are not yet
// async-iterable everywhere), stopped when `signal` aborts.

export async function* streamChunks(stream: ReadableStream<Uint8Array>, signal?: AbortSignal): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      signal?.throwIfAborted();
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    void reader.cancel().catch(() => undefined);
  }
}
