// "Devanagari in one byte": the text records of a pack (format.ts) are written with every
// Devanagari code point (U+0900–U+097F, three bytes in UTF-8) as one byte, 0x80 + its offset in
// the block, before compression. gzip's 32 KB window then holds three times the text and its
// Huffman codes see letters, not the two bytes every letter shares: the full-size dictionary's
// chunks gzip to 4.5 MB this way, 5.4 MB as UTF-8 (bench/RESULTS.md). The mapping is exact both
// ways: ASCII stays as it is, except 0x01, which starts an escape: the one UTF-8 code point that
// follows is taken as it is (any other non-ASCII character, and 0x01 itself).

const ESCAPE = 0x01;
const BLOCK = 0x900;

/** How many bytes the UTF-8 sequence led by `lead` takes; 0 for a byte that leads none. */
const sequenceLength = (lead: number): number =>
  lead < 0x80 ? 1 : lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;

const isDevanagari = (b0: number, b1: number | undefined): boolean => b0 === 0xe0 && (b1 === 0xa4 || b1 === 0xa5);

/** The coded form of UTF-8 text; throws a RangeError at the first byte that is not UTF-8. */
export function encodeText(utf8: Uint8Array): Uint8Array {
  // An escape adds one byte to a character of at least one: never more than twice the input.
  const out = new Uint8Array(utf8.length * 2);
  let o = 0;
  for (let i = 0; i < utf8.length;) {
    const b = utf8[i]!;
    if (b < 0x80 && b !== ESCAPE) {
      out[o++] = b;
      i++;
    } else if (isDevanagari(b, utf8[i + 1]) && i + 2 < utf8.length) {
      out[o++] = 0x80 + ((((utf8[i + 1]! & 0x3f) << 6) | (utf8[i + 2]! & 0x3f)) - BLOCK);
      i += 3;
    } else {
      const n = sequenceLength(b);
      if (n === 0 || i + n > utf8.length) throw new RangeError(`not UTF-8 at byte ${i}`);
      out[o++] = ESCAPE;
      for (let k = 0; k < n; k++) out[o++] = utf8[i++]!;
    }
  }
  return out.slice(0, o);
}

/** How many UTF-8 bytes a coded form decodes to (an escape counted as its lead byte says). */
function decodedLength(coded: Uint8Array): number {
  let length = 0;
  for (let i = 0; i < coded.length; i++) {
    const b = coded[i]!;
    if (b >= 0x80) length += 3;
    else if (b !== ESCAPE) length++;
    else {
      const n = sequenceLength(coded[i + 1] ?? 0x80);
      length += n;
      i += n;
    }
  }
  return length;
}

/**
 * The UTF-8 text of a coded form; throws a RangeError at an escape that holds no whole UTF-8 code
 * point, or when the text is not of `length` bytes. A pack's index gives each file's length: the
 * bytes are then written in one pass, into a buffer of that size (a pass fewer than counting first,
 * a fifth of the save's decoding at 4× CPU).
 */
export function decodeText(coded: Uint8Array, length = decodedLength(coded)): Uint8Array {
  const out = new Uint8Array(length);
  // o counts every byte decoded, those past `length` too (a typed array drops writes past its end).
  let o = 0;
  for (let i = 0; i < coded.length; i++) {
    const b = coded[i]!;
    if (b >= 0x80) {
      const cp = BLOCK + b - 0x80;
      out[o++] = 0xe0;
      out[o++] = 0x80 | (cp >> 6);
      out[o++] = 0x80 | (cp & 0x3f);
    } else if (b !== ESCAPE) out[o++] = b;
    else {
      const n = sequenceLength(coded[i + 1] ?? 0x80);
      if (n === 0 || i + 1 + n > coded.length) throw new RangeError(`a broken escape at byte ${i}`);
      for (let k = 2; k <= n; k++) if ((coded[i + k]! & 0xc0) !== 0x80) throw new RangeError(`a broken escape at byte ${i}`);
      for (let k = 1; k <= n; k++) out[o++] = coded[i + k]!;
      i += n;
    }
  }
  if (o !== length) throw new RangeError(`it decodes to ${o} bytes, not ${length}`);
  return out;
}
