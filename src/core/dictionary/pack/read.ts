// Reading a pack, the pure part: the decompressed bytes of one block (in pieces, as the
// decompressor gives them) → its files, each checked against the index: in its place, of its size,
// its text decoded back to the exact UTF-8 bytes the build wrote. The caller fetches, verifies the
// block's digest and decompresses (src/sw/dictionary/pack.ts).

import { blockFiles, PACK_FORMAT, PACK_HEADER, PACK_VERSION, type PackHeader, type PackIndexFile } from './files.ts';
import { CODEC, RecordReader } from './records.ts';
import { KhojError } from '../../errors.ts';
import { decodeText } from './text-codec.ts';

export interface UnpackedFile {
  path: string;
  /** its UTF-8 bytes, as the build wrote the file */
  bytes: Uint8Array;
}

// A pack that is not what its index says is a KhojError 'bad-pack': the reader stops at the first problem.

/** The files of block `block` of the pack `index` describes, from its decompressed bytes. */
export class BlockReader {
  private readonly records = new RecordReader();
  private next: number;
  private readonly end: number;
  private header: boolean;

  constructor(
    private readonly index: PackIndexFile,
    readonly block: number,
  ) {
    const range = blockFiles(index)[block];
    if (!range) throw new KhojError('bad-pack', `the pack has no block ${block}`);
    this.next = range.start;
    this.end = range.end;
    this.header = block === 0;
  }

  push(piece: Uint8Array): UnpackedFile[] {
    const out: UnpackedFile[] = [];
    let records;
    try {
      records = this.records.push(piece);
    } catch (e) {
      throw new KhojError('bad-pack', `block ${this.block}: ${(e as Error).message}`);
    }
    for (const r of records) {
      if (this.header) {
        this.header = false;
        this.checkHeader(r.path, r.body);
        continue;
      }
      const expected = this.index.files[this.next];
      if (!expected || r.path !== expected.path)
        throw new KhojError('bad-pack', `block ${this.block}: found "${r.path}", expected ${expected ? `"${expected.path}"` : 'no more files'}`);
      let bytes: Uint8Array;
      try {
        bytes = r.codec === CODEC.text ? decodeText(r.body, expected.bytes) : r.body;
      } catch (e) {
        throw new KhojError('bad-pack', `${r.path}: ${(e as Error).message}`);
      }
      if (bytes.length !== expected.bytes) throw new KhojError('bad-pack', `${r.path}: ${bytes.length} bytes, the index says ${expected.bytes}`);
      this.next++;
      out.push({ path: r.path, bytes });
    }
    return out;
  }

  /** The block ended: every file it should hold came, and nothing after. */
  finish(): void {
    try {
      this.records.end();
    } catch (e) {
      throw new KhojError('bad-pack', `block ${this.block}: ${(e as Error).message}`);
    }
    if (this.header || this.next !== this.end)
      throw new KhojError('bad-pack', `block ${this.block} ends after ${this.next} of its files, expected ${this.end}`);
  }

  private checkHeader(path: string, body: Uint8Array): void {
    let h: Partial<PackHeader> | undefined;
    try {
      h = path === PACK_HEADER ? (JSON.parse(new TextDecoder().decode(body)) as Partial<PackHeader>) : undefined;
    } catch {
      h = undefined;
    }
    if (!h || h.format !== PACK_FORMAT || h.version !== PACK_VERSION)
      throw new KhojError('bad-pack', `not a ${PACK_FORMAT} version ${PACK_VERSION} pack (its first record is "${path}")`);
    if (h.generatedAt !== this.index.generatedAt)
      throw new KhojError('bad-pack', `the pack is of build ${h.generatedAt}, its index of ${this.index.generatedAt}`);
  }
}
