// Makes the sample catalog's own files (data-build/books/sample/files/, committed; the build
// publishes them at files/, where the sample records point): two Nepali readers and two of
// their lessons as PDFs, a question paper, a story as an EPUB, and three audio lessons. Run by
// hand after changing texts.ts or this file:
//
//   node --import tsx data-build/books/sample/make-files.ts
//
// The same inputs give the same bytes (no dates, no random ids): tests/books/sample-files.test.ts
// makes them again and compares, so the committed files are what this script makes.

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { makeEpub } from './epub.ts';
import { embedFace, type Face_, loadFace, type SetLine, shapeRun, writePage } from './pdf-writer.ts';
import { AUDIO_LESSONS, type Block, CHAPTERS, QUESTION_PAPER, READER_2, READER_5, STORY } from './texts.ts';
import { sargam } from './wav.ts';
import { assert } from '../../../src/core/assert.ts';

const require = createRequire(import.meta.url);
const FONTS = join(dirname(require.resolve('@fontsource-variable/noto-sans-devanagari/package.json')), 'files');
export const FILES_DIR = join(import.meta.dirname, 'files');

const PAGE: [number, number] = [420, 595];
const MARGIN = 42;
const STYLE = {
  title: { size: 30, lead: 1.6, gap: 18, rgb: [0.54, 0.11, 0.11] as [number, number, number] },
  h: { size: 19, lead: 1.6, gap: 14, rgb: [0.54, 0.11, 0.11] as [number, number, number] },
  p: { size: 13, lead: 1.75, gap: 10, rgb: [0.1, 0.1, 0.1] as [number, number, number] },
  small: { size: 9, lead: 1.6, gap: 8, rgb: [0.4, 0.4, 0.4] as [number, number, number] },
};

const DEVANAGARI = /[\u0900-\u097f\u200c\u200d]/;
/** Splits text into runs of one face: Devanagari (with the spaces after it) or the rest. */
function runs(text: string): Array<{ deva: boolean; text: string }> {
  const out: Array<{ deva: boolean; text: string }> = [];
  for (const ch of text) {
    const deva = ch === ' ' ? (out.at(-1)?.deva ?? true) : DEVANAGARI.test(ch);
    if (out.at(-1)?.deva === deva) out.at(-1)!.text += ch;
    else out.push({ deva, text: ch });
  }
  return out;
}

interface Faces {
  deva: Face_;
  latin: Face_;
}

const cut = async (file: string, text: string): Promise<Uint8Array> => {
  const { default: subsetFont } = await import('subset-font');
  return new Uint8Array(await subsetFont(readFileSync(join(FONTS, file)), text, { targetFormat: 'truetype', variationAxes: { wght: 450 } }));
};

async function facesFor(text: string): Promise<Faces> {
  const chars = [...new Set(text)].join('');
  return {
    deva: loadFace('NotoSansDevanagari', await cut('noto-sans-devanagari-devanagari-wght-normal.woff2', `${chars} `)),
    latin: loadFace('NotoSansDevanagari-Latin', await cut('noto-sans-devanagari-latin-wght-normal.woff2', `${chars} `)),
  };
}

function shapeLine(faces: Faces, text: string) {
  return runs(text).map((r) => ({ face: r.deva ? faces.deva : faces.latin, ...shapeRun(r.deva ? faces.deva : faces.latin, r.text) }));
}
const widthOf = (faces: Faces, text: string, size: number) => shapeLine(faces, text).reduce((a, r) => a + (r.width * size) / r.face.upem, 0);

/** Breaks a block into lines no wider than the page's text. */
function wrap(faces: Faces, text: string, size: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (line && widthOf(faces, next, size) > PAGE[0] - 2 * MARGIN) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

const DIGITS = '०१२३४५६७८९';
const nepaliNumber = (n: number) => String(n).replace(/\d/g, (d) => DIGITS[Number(d)]!);

/** A PDF of these pages, its title in its metadata. */
export async function makePdf(title: string, pages: Block[][], numbered = true): Promise<Uint8Array> {
  const all =
    pages
      .flat()
      .map((b) => b.text)
      .join(' ') +
    DIGITS +
    '— ';
  const faces = await facesFor(all + title);
  const laid: SetLine[][] = pages.map((blocks, i) => {
    const lines: SetLine[] = [];
    let y = PAGE[1] - MARGIN;
    for (const b of blocks) {
      const s = STYLE[b.kind];
      for (const text of wrap(faces, b.text, s.size)) {
        y -= s.size * s.lead;
        const runs = shapeLine(faces, text);
        const x = b.kind === 'title' ? (PAGE[0] - widthOf(faces, text, s.size)) / 2 : MARGIN;
        lines.push({ runs: runs.map((r) => ({ face: r.face, glyphs: r.glyphs })), x, y, size: s.size, rgb: s.rgb });
      }
      y -= s.gap;
      assert(y >= MARGIN + 40, `${title}: page ${i + 1} is too full`);
    }
    if (numbered && pages.length > 1) {
      const text = `— ${nepaliNumber(i + 1)} —`;
      const size = 10;
      lines.push({
        runs: shapeLine(faces, text).map((r) => ({ face: r.face, glyphs: r.glyphs })),
        x: (PAGE[0] - widthOf(faces, text, size)) / 2,
        y: MARGIN - 10,
        size,
        rgb: STYLE.small.rgb,
      });
    }
    return lines;
  });
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(title);
  doc.setAuthor('Khoj team (sample, CC0)');
  doc.setLanguage('ne');
  for (const face of [faces.deva, faces.latin]) if (face.cids.size) embedFace(doc, face);
  for (const lines of laid) writePage(doc, doc.addPage(PAGE), lines);
  return doc.save({ useObjectStreams: false });
}

/** Every file, by name. */
export async function sampleFiles(): Promise<Map<string, Uint8Array>> {
  const out = new Map<string, Uint8Array>();
  out.set('mero-nepali-5.pdf', await makePdf('मेरो नेपाली, कक्षा ५ (नमुना)', READER_5));
  out.set('mero-nepali-2.pdf', await makePdf('मेरो नेपाली, कक्षा २ (नमुना)', READER_2));
  for (const [i, pages] of CHAPTERS.entries())
    out.set(`mero-nepali-5-path-${i + 1}.pdf`, await makePdf(`मेरो नेपाली, कक्षा ५: पाठ ${nepaliNumber(i + 1)}`, pages, false));
  out.set('nepali-11-prashnapatra-2082.pdf', await makePdf('नेपाली, कक्षा ११: नमुना प्रश्नपत्र २०८२', QUESTION_PAPER, false));
  out.set('anautho-phal.epub', makeEpub(STORY));
  for (const a of AUDIO_LESSONS) out.set(a.file, sargam(a.notes));
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  mkdirSync(FILES_DIR, { recursive: true });
  for (const [name, bytes] of await sampleFiles()) {
    writeFileSync(join(FILES_DIR, name), bytes);
    console.log(`${name}: ${bytes.length} bytes`);
  }
}
