// Chunks the page has read, kept parsed (a few, the most recently used): a word whose chunk is
// held is answered at once, in the task that asked, with no round trip to the service worker and
// no parse. Only the chunk the manifest names for a word answers for it, and only while it is the
// file that manifest describes (same words, same count), so a newer build is never mixed in.

import { chunkOf } from './chunk-of.ts';
import type { ChunkFile, ChunkInfo, Entry, Manifest } from './types.ts';

const matches = (info: ChunkInfo, chunk: ChunkFile) => chunk.firstWord === info.firstWord && chunk.lastWord === info.lastWord && chunk.count === info.count;

export class ChunkMemory {
  /** path → chunk, oldest use first */
  private readonly chunks = new Map<string, ChunkFile>();

  constructor(private readonly max: number) {}

  /** Holds `chunk` as the file `info` describes; false (and not held) when it is not that file. */
  keep(info: ChunkInfo, chunk: ChunkFile): boolean {
    if (!matches(info, chunk)) return false;
    this.chunks.delete(info.path);
    this.chunks.set(info.path, chunk);
    for (const path of this.chunks.keys()) {
      if (this.chunks.size <= this.max) break;
      this.chunks.delete(path);
    }
    return true;
  }

  /** Whether the file `info` describes is held. */
  has(info: ChunkInfo): boolean {
    const chunk = this.chunks.get(info.path);
    return !!chunk && matches(info, chunk);
  }

  /**
   * The word's entry, from the chunk `manifest` names for it, when that chunk is held:
   * `{ entry: undefined }` when the chunk lacks the word (not in the dictionary). Undefined when
   * memory cannot tell: the chunk is not held, or no chunk's range holds the word.
   */
  entry(manifest: Manifest, word: string): { entry: Entry | undefined } | undefined {
    const info = chunkOf(manifest.chunks, word);
    const chunk = info && this.chunks.get(info.path);
    if (!info || !chunk || !matches(info, chunk)) return undefined;
    // Used: the newest now.
    this.chunks.delete(info.path);
    this.chunks.set(info.path, chunk);
    return { entry: chunk.entries.find((e) => e.word === word) };
  }

  clear(): void {
    this.chunks.clear();
  }
}
