// What a saved file's first bytes must be for its kind (a PDF, an EPUB, an audio track), and the
// one Content-Type each is kept and served with. A host's own Content-Type is never kept: a file
// a record calls audio that a host answers as text/html (with CORS) was kept as HTML and served
// from the app's origin, where its script ran (issue 36). Pure: tested without a browser
// (tests/books/file-magic.test.ts); src/app/books/downloads.ts checks at save,
// src/sw/books/saved-file.ts serves only these types.

import type { FileKind } from './files.ts';

/** The kinds saved on the device (the others open at their host). */
export type SavedFileKind = Extract<FileKind, 'pdf' | 'epub' | 'audio'>;

/** How many first bytes the checks read. */
export const MAGIC_BYTES = 64;

/** The one type a saved file is served with, by what its bytes are. */
export const SERVED_TYPES = [
  'application/pdf',
  'application/epub+zip',
  'audio/mpeg',
  'audio/aac',
  'audio/ogg',
  'audio/wav',
  'audio/flac',
  'audio/mp4',
  'audio/webm',
] as const;
export type ServedType = (typeof SERVED_TYPES)[number];

const ascii = (b: Uint8Array, at: number, s: string) => b.length >= at + s.length && [...s].every((c, i) => b[at + i] === c.charCodeAt(0));
const u16 = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);

/** An audio file's type from its first bytes, or undefined. */
function audioType(b: Uint8Array): ServedType | undefined {
  if (ascii(b, 0, 'ID3')) return 'audio/mpeg';
  if (ascii(b, 0, 'OggS')) return 'audio/ogg';
  if (ascii(b, 0, 'fLaC')) return 'audio/flac';
  if (ascii(b, 0, 'RIFF') && ascii(b, 8, 'WAVE')) return 'audio/wav';
  // MP4/M4A: a box "ftyp" at byte 4.
  if (ascii(b, 4, 'ftyp')) return 'audio/mp4';
  // WebM/Matroska (Opus): the EBML header.
  if (b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3) return 'audio/webm';
  if (b.length >= 2 && b[0] === 0xff) {
    // ADTS AAC: sync 0xFFF, layer 00; MPEG audio (MP3): sync 0xFFE, a layer other than 00.
    if ((b[1]! & 0xf6) === 0xf0) return 'audio/aac';
    if ((b[1]! & 0xe0) === 0xe0 && (b[1]! & 0x06) !== 0) return 'audio/mpeg';
  }
  return undefined;
}

/**
 * An EPUB (OCF): a ZIP whose first entry is `mimetype`, stored, holding `application/epub+zip`.
 * A ZIP that is no EPUB (or whose `mimetype` is not first, against the OCF rule) is refused.
 */
function isEpub(b: Uint8Array): boolean {
  if (!ascii(b, 0, 'PK\x03\x04')) return false;
  const nameLength = u16(b, 26);
  const extraLength = u16(b, 28);
  return nameLength === 8 && ascii(b, 30, 'mimetype') && ascii(b, 30 + 8 + extraLength, 'application/epub+zip');
}

/**
 * The type a file of `kind` is kept and served with, when its first bytes (at least
 * MAGIC_BYTES of them, or the whole file when shorter) are what the kind demands; undefined when
 * they are not (then it is refused).
 */
export function typeOfBytes(kind: SavedFileKind, head: Uint8Array): ServedType | undefined {
  switch (kind) {
    case 'pdf':
      return ascii(head, 0, '%PDF-') ? 'application/pdf' : undefined;
    case 'epub':
      return isEpub(head) ? 'application/epub+zip' : undefined;
    case 'audio':
      return audioType(head);
  }
}

/** A kept copy's type as the worker serves it: one of SERVED_TYPES, else undefined (then as a download, never a page). */
export function servedType(stored: string | null | undefined): ServedType | undefined {
  const t = (stored ?? '').split(';')[0]!.trim().toLowerCase();
  return (SERVED_TYPES as readonly string[]).includes(t) ? (t as ServedType) : undefined;
}

/** The error code for a file whose bytes are not its kind's. */
export const NOT_KIND = { pdf: 'not-pdf', epub: 'not-epub', audio: 'not-audio' } as const satisfies Record<SavedFileKind, string>;
