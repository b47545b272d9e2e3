// Bytes taken from a stream in the sizes the reader asks for, holding no more than one chunk of
// the stream beside what it asked for: a header's 512 bytes are copied, a part's bytes are handed
// on as views of the chunks they arrived in.

export class BytesIn {
  private chunk: Uint8Array = new Uint8Array(0);
  private at = 0;
  /** bytes handed out so far */
  taken = 0;
  private readonly it: AsyncIterator<Uint8Array>;
  constructor(source: AsyncIterable<Uint8Array>) {
    this.it = source[Symbol.asyncIterator]();
  }

  /** Up to `max` bytes (at least one), or null at the stream's end. */
  async some(max: number): Promise<Uint8Array | null> {
    while (this.at >= this.chunk.length) {
      const next = await this.it.next();
      if (next.done) return null;
      this.chunk = next.value;
      this.at = 0;
    }
    const n = Math.min(max, this.chunk.length - this.at);
    const out = this.chunk.subarray(this.at, this.at + n);
    this.at += n;
    this.taken += n;
    return out;
  }

  /** Exactly `n` bytes copied (n small: a header, the manifest), or the fewer there were before the end. */
  async exactly(n: number): Promise<Uint8Array> {
    const out = new Uint8Array(n);
    let got = 0;
    while (got < n) {
      const part = await this.some(n - got);
      if (!part) return out.subarray(0, got);
      out.set(part, got);
      got += part.length;
    }
    return out;
  }

  /** Stops the stream (a refused pack is read no further). */
  async stop(): Promise<void> {
    await this.it.return?.().catch(() => undefined);
  }
}
