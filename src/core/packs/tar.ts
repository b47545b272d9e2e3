// The pack's container: POSIX ustar entries (what `tar` and every file manager's archive viewer
// open), each a 512-byte header, the bytes as they are and zeros to the next 512, and two zero
// blocks at the end. Only plain files are written or read: a link, a directory, a sparse file or
// a long-name extension is refused by the reader (pack-reader.ts), never followed.

export const BLOCK = 512;
/** Two zero blocks end a tar. */
export const END_BYTES = 2 * BLOCK;

const ascii = new TextEncoder();

function put(h: Uint8Array, at: number, width: number, text: string): void {
  h.set(ascii.encode(text).subarray(0, width), at);
}
/** An octal field: digits, padded with zeros, ending in NUL. */
const octal = (n: number, width: number): string => n.toString(8).padStart(width - 1, '0');

/** The header of a plain file entry (`name` already checked by safePartName). */
export function entryHeader(name: string, size: number, mtimeSeconds = 0): Uint8Array {
  const h = new Uint8Array(BLOCK);
  put(h, 0, 100, name);
  put(h, 100, 8, octal(0o644, 8));
  put(h, 108, 8, octal(0, 8));
  put(h, 116, 8, octal(0, 8));
  put(h, 124, 12, octal(size, 12));
  put(h, 136, 12, octal(mtimeSeconds, 12));
  h.fill(0x20, 148, 156); // the checksum counts its own field as spaces
  h[156] = 0x30; // '0': a plain file
  put(h, 257, 6, 'ustar');
  put(h, 263, 2, '00');
  let sum = 0;
  for (const b of h) sum += b;
  put(h, 148, 8, `${octal(sum, 7)}\0`);
  return h;
}

/** Zeros after `size` bytes, to the next block. */
export const padding = (size: number): number => (BLOCK - (size % BLOCK)) % BLOCK;

export interface EntryHeader {
  name: string;
  size: number;
  /** '0' or NUL: a plain file; anything else is refused */
  type: string;
}

const text = (h: Uint8Array, at: number, width: number): string => {
  const field = h.subarray(at, at + width);
  const end = field.indexOf(0);
  return String.fromCharCode(...(end < 0 ? field : field.subarray(0, end)));
};

/** Whether a block is all zeros (the end, or nothing at all). */
export const isZero = (h: Uint8Array): boolean => h.every((b) => b === 0);

/**
 * One header read, or why not: its checksum must hold and its size be plain octal (the base-256
 * sizes GNU tar writes past 8 GB are refused: no part is that large).
 */
export function readHeader(h: Uint8Array): EntryHeader | string {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : h[i]!;
  const stated = text(h, 148, 8).trim();
  if (!/^[0-7]{1,7}$/.test(stated) || parseInt(stated, 8) !== sum) return 'the header checksum does not hold';
  const size = text(h, 124, 12).trim();
  if (!/^[0-7]{1,11}$/.test(size)) return 'the size field is not octal';
  const prefix = text(h, 345, 155);
  const name = text(h, 0, 100);
  return { name: prefix ? `${prefix}/${name}` : name, size: parseInt(size, 8), type: String.fromCharCode(h[156]!) };
}
