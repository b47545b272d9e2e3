// A small PDF writer for the sample's own files (make-files.ts): text set in the app's font,
// Noto Sans Devanagari, shaped by harfbuzz (conjuncts, vowel signs before their consonant,
// marks placed by the font's GPOS), each glyph placed where harfbuzz puts it. pdf-lib writes the
// file; its own text drawing does not shape Devanagari, so the fonts are embedded here as
// CID fonts (Identity-H) with the subset cut by harfbuzz (subset-font).
//
// Text a reader searches or copies (pdf.js's text layer, find in text) comes from the font's
// ToUnicode map. A glyph of a cluster that harfbuzz reordered (ि before its consonant, a reph)
// would read in drawn order ("िक" for "कि"), so each (glyph, advance, text) gets a CID of its
// own, all drawing the same glyph (CIDToGIDMap): a cluster's text is shared out over its glyphs
// in drawn order so that, read in that order, it is the text again; and each CID's width is the
// advance harfbuzz gave it there (a kerned pair read as a gap made pdf.js add a space).

import { PDFDocument, PDFName, type PDFPage, type PDFRef, PDFString } from 'pdf-lib';
import { Blob as HbBlob, Buffer as HbBuffer, Face, Font, shape } from 'harfbuzzjs';
import { assert } from '../../../src/core/assert.ts';

export interface Face_ {
  name: string;
  /** the subset TrueType font */
  bytes: Uint8Array;
  font: Font;
  upem: number;
  /** (glyph id, advance, text) → CID */
  cids: Map<string, { cid: number; gid: number; advance: number; text: string }>;
  /** the CIDs of spaces */
  spaces: Set<number>;
  /** the space's glyph id */
  space?: number;
  ref?: PDFRef;
}

export function loadFace(name: string, bytes: Uint8Array): Face_ {
  const face = new Face(new HbBlob(bytes), 0);
  return { name, bytes, font: new Font(face), upem: face.upem, cids: new Map(), spaces: new Set() };
}

export interface Glyph {
  cid: number;
  /** in font units, from the run's start */
  x: number;
  y: number;
  advance: number;
}

/** Shapes one run of text (one script, one face) into glyphs with CIDs. */
export function shapeRun(face: Face_, text: string): { glyphs: Glyph[]; width: number } {
  const buffer = new HbBuffer();
  buffer.addText(text);
  buffer.guessSegmentProperties();
  shape(face.font, buffer);
  const infos = buffer.getGlyphInfos();
  const positions = buffer.getGlyphPositions();
  const starts = [...new Set(infos.map((g) => g.cluster))].sort((a, b) => a - b);
  // Each cluster's text shared out over its glyphs in drawn order, a character each and the
  // rest to its last glyph: read in drawn order, they give the text back in logical order.
  const textOf = new Array<string>(infos.length).fill('');
  for (let i = 0; i < infos.length;) {
    let j = i;
    while (j < infos.length && infos[j]!.cluster === infos[i]!.cluster) j++;
    const start = infos[i]!.cluster;
    const chars = [...text.slice(start, starts.find((x) => x > start) ?? text.length)];
    for (let k = i; k < j; k++) textOf[k] = k < j - 1 ? (chars.shift() ?? '\u200b') : chars.join('') || '\u200b';
    i = j;
  }
  const glyphs: Glyph[] = [];
  const cidOf = (gid: number, advance: number, t: string) => {
    const key = `${gid} ${advance} ${t}`;
    let c = face.cids.get(key);
    if (!c) face.cids.set(key, (c = { cid: face.cids.size + 1, gid, advance, text: t }));
    if (t === ' ') face.spaces.add(c.cid);
    return c.cid;
  };
  let pen = 0;
  infos.forEach((g, i) => {
    const p = positions[i]!;
    assert(g.codepoint !== 0, `the font ${face.name} has no glyph for "${text}" (cluster ${g.cluster})`);
    let t = textOf[i]!;
    // pdf.js takes a glyph whose text holds a non-spacing mark (ु, ्) for a mark of no width, which
    // throws its positions off: a ligature (हु, क्ष) keeps its first letter, and the rest follows
    // on an invisible glyph of no width (the space's), which pdf.js reads as the mark it is.
    let rest = '';
    if (p.xAdvance > 0 && [...t].length > 1 && MARK.test(t)) {
      const [first, ...more] = [...t];
      t = first!;
      rest = more.join('');
    }
    glyphs.push({ cid: cidOf(g.codepoint, p.xAdvance, t), x: pen + p.xOffset, y: p.yOffset, advance: p.xAdvance });
    pen += p.xAdvance;
    if (rest) glyphs.push({ cid: cidOf(spaceGlyph(face), 0, rest), x: pen, y: 0, advance: 0 });
  });
  return { glyphs, width: pen };
}

const MARK = /\p{Mn}/u;

/** The face's space glyph: drawn with no width, it carries text and no ink. */
function spaceGlyph(face: Face_): number {
  if (face.space === undefined) {
    const b = new HbBuffer();
    b.addText(' ');
    b.guessSegmentProperties();
    shape(face.font, b);
    face.space = b.getGlyphInfos()[0]!.codepoint;
  }
  return face.space;
}

const hex4 = (n: number) => n.toString(16).padStart(4, '0');
const utf16Hex = (s: string) =>
  [...s]
    .map((ch) => {
      const cp = ch.codePointAt(0)!;
      if (cp < 0x10000) return hex4(cp);
      const v = cp - 0x10000;
      return hex4(0xd800 + (v >> 10)) + hex4(0xdc00 + (v & 0x3ff));
    })
    .join('');

/** Embeds a face once its text is all shaped (its CIDs known): a Type0 font with its ToUnicode map. */
export function embedFace(doc: PDFDocument, face: Face_): PDFRef {
  const ctx = doc.context;
  const list = [...face.cids.values()].sort((a, b) => a.cid - b.cid);
  const maxCid = list.at(-1)?.cid ?? 0;
  const gidMap = new Uint8Array((maxCid + 1) * 2);
  for (const c of list) {
    gidMap[c.cid * 2] = c.gid >> 8;
    gidMap[c.cid * 2 + 1] = c.gid & 0xff;
  }
  const scale = 1000 / face.upem;
  const widths = list.flatMap((c) => [c.cid, [Math.round(c.advance * scale)]]);
  const cmap = [
    '/CIDInit /ProcSet findresource begin 12 dict begin begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def /CMapType 2 def',
    '1 begincodespacerange <0000> <FFFF> endcodespacerange',
    ...chunks(list, 100).flatMap((part) => [`${part.length} beginbfchar`, ...part.map((c) => `<${hex4(c.cid)}> <${utf16Hex(c.text)}>`), 'endbfchar']),
    'endcmap CMapName currentdict /CMap defineresource pop end end',
  ].join('\n');
  const base = `KHOJSA+${face.name}`;
  const file = ctx.register(ctx.flateStream(face.bytes, { Length1: face.bytes.length }));
  const descriptor = ctx.register(
    ctx.obj({
      Type: 'FontDescriptor',
      FontName: base,
      Flags: 4,
      FontBBox: [-600, -400, 1600, 1200],
      ItalicAngle: 0,
      Ascent: 1069,
      Descent: -293,
      CapHeight: 714,
      StemV: 80,
      FontFile2: file,
    }),
  );
  const cidFont = ctx.register(
    ctx.obj({
      Type: 'Font',
      Subtype: 'CIDFontType2',
      BaseFont: base,
      CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
      FontDescriptor: descriptor,
      DW: 0,
      W: widths,
      CIDToGIDMap: ctx.register(ctx.flateStream(gidMap)),
    }),
  );
  const toUnicode = ctx.register(ctx.flateStream(cmap));
  return (face.ref = ctx.register(
    ctx.obj({ Type: 'Font', Subtype: 'Type0', BaseFont: base, Encoding: 'Identity-H', DescendantFonts: [cidFont], ToUnicode: toUnicode }),
  ));
}

function chunks<T>(xs: T[], n: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += n) out.push(xs.slice(i, i + n));
  return out;
}

/** A line set on a page: each glyph placed at its own point (Tm), in its face. */
export interface SetLine {
  runs: Array<{ face: Face_; glyphs: Glyph[] }>;
  x: number;
  y: number;
  size: number;
  rgb?: [number, number, number];
}

/** The advance a glyph's CID has in the font's W array, in font units. */
const widthOf = (face: Face_, cid: number) => {
  const c = [...face.cids.values()].find((x) => x.cid === cid)!;
  return Math.round((c.advance * 1000) / face.upem) * (face.upem / 1000);
};

/**
 * The page's content stream, once every face is embedded: a line is a TJ per run, each glyph
 * moved from where the font's width leaves it to where harfbuzz put it (a number in the TJ),
 * a mark raised or lowered by the text rise (Ts).
 */
export function writePage(doc: PDFDocument, page: PDFPage, lines: SetLine[]): void {
  const ops: string[] = ['BT'];
  const faces = new Map<Face_, string>();
  for (const line of lines) {
    ops.push(`${(line.rgb ?? [0.1, 0.1, 0.1]).map((v) => v.toFixed(3)).join(' ')} rg`, `1 0 0 1 ${line.x.toFixed(2)} ${line.y.toFixed(2)} Tm`);
    /** where the current point is, in points from the line's start */
    let at = 0;
    let runStart = 0;
    let rise = 0;
    for (const run of line.runs) {
      let key = faces.get(run.face);
      if (!key) {
        key = `F${faces.size + 1}`;
        faces.set(run.face, key);
        page.node.setFontDictionary(PDFName.of(key), run.face.ref!);
      }
      const k = line.size / run.face.upem;
      ops.push(`/${key} ${line.size} Tf`);
      let tj: string[] = [];
      const flush = () => {
        if (tj.length) ops.push(`[${tj.join(' ')}] TJ`);
        tj = [];
      };
      for (const g of run.glyphs) {
        const target = runStart + g.x * k;
        // A space is a gap, not a glyph: pdf.js reads a gap as a space, and a space glyph threw its
        // count of the last characters off (it read "का हु न्" for "का हुन्").
        if (run.face.spaces.has(g.cid)) continue;
        const shift = target - at;
        if (Math.abs(shift) > 0.001) tj.push(String(Math.round((-shift * 1000 * 100) / line.size) / 100));
        const y = g.y * k;
        if (y !== rise) {
          flush();
          ops.push(`${y.toFixed(2)} Ts`);
          rise = y;
        }
        tj.push(`<${hex4(g.cid)}>`);
        at = target + widthOf(run.face, g.cid) * k;
      }
      flush();
      runStart += run.glyphs.reduce((a, g) => a + g.advance, 0) * k;
    }
    if (rise) ops.push('0 Ts');
  }
  ops.push('ET');
  const ctx = doc.context;
  page.node.addContentStream(ctx.register(ctx.flateStream(ops.join('\n'))));
}
