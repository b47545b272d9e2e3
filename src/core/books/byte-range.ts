// One HTTP byte range (RFC 9110 §14.1.2), read against a file's size: what the service
// worker answers a media element's Range request with, from a saved file (src/sw/books/saved-file.ts).
// Pure, so it is tested without a browser (tests/books/byte-range.test.ts).

export interface ByteRange {
  /** first byte, inclusive */
  start: number;
  /** last byte, inclusive */
  end: number;
}

/**
 * The range `header` asks of a file of `size` bytes: undefined to answer the whole file (no
 * header, another unit, or several ranges, which a server may ignore); 'unsatisfiable' for a
 * malformed range or one wholly past the end (416).
 */
export function parseRange(header: string | null | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  const m = /^\s*([a-z]+)\s*=(.*)$/i.exec(header ?? '');
  if (!m || m[1]!.toLowerCase() !== 'bytes') return undefined;
  const spec = m[2]!;
  if (spec.includes(',')) return undefined;
  const r = /^\s*(\d*)\s*-\s*(\d*)\s*$/.exec(spec);
  if (!r || (r[1] === '' && r[2] === '')) return 'unsatisfiable';
  const last = size - 1;
  if (r[1] === '') {
    // A suffix: the last n bytes.
    const n = Number(r[2]);
    if (n === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: last };
  }
  const start = Number(r[1]);
  const end = r[2] === '' ? last : Math.min(last, Number(r[2]));
  if (!Number.isSafeInteger(start) || start > last || end < start) return 'unsatisfiable';
  return { start, end };
}

/** The Content-Range of a 206 (`bytes 0-99/1000`), or of a 416 (`bytes *\/1000`). */
export const contentRange = (range: ByteRange | undefined, size: number): string => (range ? `bytes ${range.start}-${range.end}/${size}` : `bytes */${size}`);
