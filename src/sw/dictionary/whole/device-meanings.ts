// The meaning index made on the device (core/dictionary/meanings/build.ts) while "save the whole
// dictionary" stores the entries: each chunk is added as it comes, and at the end every shard is
// written as the build writes it and stored only if it comes to the digest meanings/index.json
// gives for it. A shard that does not (an engine whose Unicode tables differ from the build's, say)
// is left to the network, so the device never searches a shard the build did not make.

import { MeaningsBuilder } from '../../../core/dictionary/meanings/build.ts';
import type { MeaningsIndexFile } from '../../../core/dictionary/meanings/files.ts';
import type { ChunkFile } from '../../../core/dictionary/types.ts';
import type { SaveDeps } from './deps.ts';
import { sha256Hex } from './letter.ts';
import { assert } from '../../../core/assert.ts';

/**
 * Lets the worker answer its fetch events between steps of a long job: a task of its own through a
 * message channel, not setTimeout(0), which waits at least 4 ms once timers nest (the save breathes
 * some 600 times: 2.4 s of waiting, more at 4× CPU).
 */
export const breathe = (): Promise<void> =>
  new Promise((ok) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      ok();
    };
    port2.postMessage(null);
  });

export class DeviceMeanings {
  private readonly builder = new MeaningsBuilder();

  constructor(private readonly index: MeaningsIndexFile) {}

  /** Adds chunk `chunk` (its start: how many entries come before it); chunks come in order, each once. */
  add(start: number, chunk: ChunkFile): void {
    assert(start === this.builder.entries, `meanings: entries from ${start} added after ${this.builder.entries}`);
    for (const e of chunk.entries) this.builder.add(e);
  }

  get entries(): number {
    return this.builder.entries;
  }

  /**
   * Stores the shards of build `version` in `wanted` that come to their digests, a shard at a
   * time; returns the paths of those that do not (to be fetched). Called once every entry is in.
   */
  async store(version: string, wanted: ReadonlySet<string>, deps: SaveDeps): Promise<string[]> {
    assert(this.entries === this.index.entries, `meanings: ${this.entries} entries added, the index has ${this.index.entries}`);
    const { shards } = this.builder.finish(this.index.generatedAt, () => ({ bytes: 0, sha256: '' }));
    const info = new Map(this.index.shards.map((s) => [s.key, s]));
    const left = new Set(wanted);
    const writes: Array<Promise<void>> = [];
    for (const shard of shards) {
      const want = info.get(shard.key);
      if (!want || !wanted.has(want.path)) continue;
      const bytes = new TextEncoder().encode(JSON.stringify(shard));
      if (bytes.length === want.bytes && (await sha256Hex(bytes)) === want.sha256) {
        writes.push(deps.put(version, want.path, bytes));
        left.delete(want.path);
      }
      await breathe();
    }
    await Promise.all(writes);
    return [...left];
  }
}
