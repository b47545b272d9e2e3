// Hostile EPUBs made in the test that uses them (nothing committed): small files whose entries
// inflate hugely (referenced by the book or not), a chapter of millions of elements, a chapter
// nested tens of thousands deep, and a book whose chapters each pass the entry limit but not
// together. Written as a ZIP by hand, each entry deflated by Node's zlib (a repeated fill as one
// block deflated once and repeated, so a gigabyte is never held nor deflated); the `mimetype` entry first and stored, as the OCF demands.

import { constants, crc32, deflateRawSync } from 'node:zlib';

export interface HostileEntry {
  name: string;
  /** the entry's bytes */
  data?: Buffer | string;
  /** or: this many bytes of `fill` repeated (never held whole) */
  repeat?: { fill: Buffer | string; bytes: number };
  /** stored, not deflated */
  store?: boolean;
}

interface Packed {
  name: Buffer;
  method: number;
  crc: number;
  size: number;
  body: Buffer;
}

/**
 * `bytes` of `fill` repeated, deflated without deflating them all: a block of about 1 MB is
 * deflated once with a full flush (byte-aligned, its dictionary reset, so it stands alone) and
 * repeated, then the rest, then an empty final block.
 */
function deflateRepeated(fill: Buffer, bytes: number): { body: Buffer; crc: number } {
  const block = Buffer.concat(Array.from({ length: Math.max(1, Math.floor((1 << 20) / fill.length)) }, () => fill));
  const flushed = (b: Buffer) => deflateRawSync(b, { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const whole = Math.floor(bytes / block.length);
  const rest = block.subarray(0, bytes - whole * block.length);
  const one = flushed(block);
  let crc = 0;
  for (let i = 0; i < whole; i++) crc = crc32(block, crc);
  crc = crc32(rest, crc);
  const pieces: Buffer[] = Array.from({ length: whole }, () => one);
  if (rest.length) pieces.push(flushed(rest));
  // An empty final block with fixed codes: BFINAL 1, BTYPE 01, end of block.
  pieces.push(Buffer.from([0x03, 0x00]));
  return { body: Buffer.concat(pieces), crc };
}

async function pack(e: HostileEntry): Promise<Packed> {
  const name = Buffer.from(e.name, 'utf8');
  if (e.repeat) {
    const fill = Buffer.from(e.repeat.fill);
    const { body, crc } = deflateRepeated(fill, e.repeat.bytes);
    return { name, method: 8, crc, size: e.repeat.bytes, body };
  }
  const data = Buffer.from(e.data ?? '');
  if (e.store) return { name, method: 0, crc: crc32(data), size: data.length, body: data };
  return { name, method: 8, crc: crc32(data), size: data.length, body: deflateRawSync(data, { level: 9 }) };
}

/** A ZIP of the entries, in order (sizes above 4 GB are not supported: no ZIP64). */
export async function zipOf(entries: HostileEntry[]): Promise<Buffer> {
  const local: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const p = await pack(e);
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(0x0800, 6); // UTF-8 names
    head.writeUInt16LE(p.method, 8);
    head.writeUInt32LE(p.crc >>> 0, 14);
    head.writeUInt32LE(p.body.length, 18);
    head.writeUInt32LE(p.size, 22);
    head.writeUInt16LE(p.name.length, 26);
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(20, 4);
    cd.writeUInt16LE(20, 6);
    cd.writeUInt16LE(0x0800, 8);
    cd.writeUInt16LE(p.method, 10);
    cd.writeUInt32LE(p.crc >>> 0, 16);
    cd.writeUInt32LE(p.body.length, 20);
    cd.writeUInt32LE(p.size, 24);
    cd.writeUInt16LE(p.name.length, 28);
    cd.writeUInt32LE(offset, 42);
    local.push(head, p.name, p.body);
    central.push(cd, p.name);
    offset += 30 + p.name.length + p.body.length;
  }
  const cdBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cdBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...local, cdBytes, end]);
}

const XHTML = (title: string, body: string) =>
  `<?xml version="1.0" encoding="utf-8"?><html xmlns="http://www.w3.org/1999/xhtml" lang="en"><head><title>${title}</title></head><body>${body}</body></html>`;

/**
 * An EPUB 3 around `chapters` (each an entry of its own, its bytes as given: an XHTML text or a
 * repeated fill), with `extra` entries the package does not list.
 */
export function hostileEpub(title: string, chapters: HostileEntry[], extra: HostileEntry[] = []): Promise<Buffer> {
  const opf = `<?xml version="1.0" encoding="utf-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="uid">urn:khoj:hostile</dc:identifier><dc:title>${title}</dc:title><dc:language>en</dc:language></metadata>
<manifest>
<item id="nav" href="toc.xhtml" media-type="application/xhtml+xml" properties="nav"/>
${chapters.map((c, i) => `<item id="c${i + 1}" href="${c.name}" media-type="application/xhtml+xml"/>`).join('\n')}
</manifest>
<spine>${chapters.map((_, i) => `<itemref idref="c${i + 1}"/>`).join('')}</spine>
</package>`;
  const toc = XHTML('Contents', `<nav><ol>${chapters.map((c, i) => `<li><a href="${c.name}">Chapter ${i + 1}</a></li>`).join('')}</ol></nav>`);
  return zipOf([
    { name: 'mimetype', data: 'application/epub+zip', store: true },
    {
      name: 'META-INF/container.xml',
      data: `<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`,
    },
    { name: 'OEBPS/content.opf', data: opf },
    { name: 'OEBPS/toc.xhtml', data: toc },
    ...chapters.map((c) => ({ ...c, name: `OEBPS/${c.name}` })),
    ...extra,
  ]);
}

/** A chapter's XHTML with `body` inside. */
export const chapterText = XHTML;
