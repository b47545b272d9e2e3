// Lays out a pack (pack-reader.ts reads it): the manifest entry first, then each part's header,
// its bytes as they are (never compressed again: books and audio are already) and the padding,
// then the end blocks. Only the small pieces are made here; a part's bytes stay where they are
// (the page hands the layout to a Blob, whose parts stay on disk), so nothing holds a pack.

import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { MANIFEST_NAME, PACK_FORMAT, PACK_VERSION, type PackManifest, type PackPart, parseManifest } from './manifest.ts';
import { END_BYTES, entryHeader, padding } from './tar.ts';

/** One piece of the pack: small bytes made here, or part `index`'s own bytes. */
export type Piece = Uint8Array | { part: number };

/** The manifest for `parts` (checked as an importer will check it: a pack this app cannot read is never made). */
export function makeManifest(build: string, parts: PackPart[], made: Date): PackManifest {
  const m: PackManifest = { format: PACK_FORMAT, version: PACK_VERSION, build, made: made.toISOString(), parts };
  parseManifest(JSON.stringify(m));
  return m;
}

/** The pack's pieces in order; their sizes add up to packSize(manifest). */
export function packLayout(manifest: PackManifest): Piece[] {
  const body = new TextEncoder().encode(JSON.stringify(manifest));
  const mtime = Math.floor(Date.parse(manifest.made) / 1000) || 0;
  const pieces: Piece[] = [entryHeader(MANIFEST_NAME, body.length, mtime), body, new Uint8Array(padding(body.length))];
  manifest.parts.forEach((p, part) => pieces.push(entryHeader(p.name, p.size, mtime), { part }, new Uint8Array(padding(p.size))));
  pieces.push(new Uint8Array(END_BYTES));
  return pieces;
}

export const packSize = (manifest: PackManifest): number =>
  packLayout(manifest).reduce((n, p) => n + (p instanceof Uint8Array ? p.length : manifest.parts[p.part]!.size), 0);

/** A part's size and SHA-256 from its bytes, read once as they stream. */
export async function digestOf(chunks: AsyncIterable<Uint8Array>, progress?: (bytes: number) => void): Promise<{ size: number; sha256: string }> {
  const hash = sha256.create();
  let size = 0;
  for await (const c of chunks) {
    hash.update(c);
    size += c.length;
    progress?.(c.length);
  }
  return { size, sha256: bytesToHex(hash.digest()) };
}
