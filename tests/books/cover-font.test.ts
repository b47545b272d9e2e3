// Generated covers need no system font for their Devanagari (data-build/books/cover-font.ts):
// a cover that draws Devanagari names first a family it declares itself, from a data: URL, and
// that embedded font shapes every Devanagari run of the cover exactly as the app's full font
// does (same glyph count and advances, no missing glyph); a cover without Devanagari is left
// alone. Checked on sample books and on real CEHRD, NFE and CDC records from ../shared/data.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { convert } from 'fontverter';
import { Blob as HbBlob, Buffer as HbBuffer, Face, Font, shape } from 'harfbuzzjs';
import { describe, expect, it } from 'vitest';
import subsetFont from 'subset-font';
import { COVER_FAMILY, devanagariLetters, embedCoverFont } from '../../data-build/books/cover-font.ts';
import { coverSvg } from '../../src/core/books/cover-svg.ts';
import type { Book } from '../../src/core/books/types.ts';
import { CURRENT, hasCurrent } from './current-data.ts';

const FONT = join(import.meta.dirname, '../../node_modules/@fontsource-variable/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-wght-normal.woff2');

type CoverBook = Parameters<typeof coverSvg>[0];
const book = (over: Partial<Book> = {}): CoverBook =>
  ({
    id: 'cdc-np-1-nepali',
    title: 'Mero Nepali - Class 1',
    titleLocal: 'मेरो नेपाली - कक्षा १',
    subject: 'Nepali',
    grade: 1,
    source: 'cdc-nepal',
    ...over,
  }) as CoverBook;

/** The glyphs (count, advances, missing ones) harfbuzz shapes for a Devanagari run with a font. */
async function shaper(bytes: Uint8Array) {
  const face = new Face(new HbBlob(await convert(Buffer.from(bytes), 'truetype')), 0);
  const font = new Font(face);
  return (text: string) => {
    const buffer = new HbBuffer();
    buffer.addText(text);
    buffer.guessSegmentProperties();
    shape(font, buffer);
    const glyphs = buffer.getGlyphInfos();
    return { missing: glyphs.filter((g) => g.codepoint === 0).length, advances: buffer.getGlyphPositions().map((p) => p.xAdvance) };
  };
}

/** The app's whole Devanagari font at the covers' weight: what the cover's cut must shape like. */
const full = subsetFont(readFileSync(FONT), Array.from({ length: 0x80 }, (_, i) => String.fromCodePoint(0x900 + i)).join(''), {
  targetFormat: 'truetype',
  variationAxes: { wght: 700 },
}).then((bytes) => shaper(bytes));

async function checkCover(svg: string): Promise<void> {
  const runs = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].flatMap((m) => [...m[1]!.matchAll(/[\u0900-\u097f\u200c\u200d]+/g)].map((r) => r[0]));
  const family = /^<svg [^>]* font-family="([^"]*)"/.exec(svg)![1]!;
  if (runs.length === 0) {
    expect(svg).not.toContain('@font-face');
    return;
  }
  // The first family is ours, declared in the SVG from a data: URL: nothing is looked up on the system.
  expect(family.split(',')[0]).toBe(COVER_FAMILY);
  const face = new RegExp(
    `@font-face\\{font-family:${COVER_FAMILY};font-weight:100 900;src:url\\(data:font/woff2;base64,([A-Za-z0-9+/=]+)\\) format\\('woff2'\\)\\}`,
  ).exec(svg);
  expect(face, 'the cover declares its font').not.toBeNull();
  const embedded = await shaper(Buffer.from(face![1]!, 'base64'));
  const reference = await full;
  for (const run of runs) {
    const got = embedded(run);
    expect(got.missing, `"${run}" has a glyph missing`).toBe(0);
    expect(got.advances, `"${run}" is shaped as the full font shapes it`).toEqual(reference(run).advances);
  }
}

describe('generated covers carry their own Devanagari font', () => {
  it('a cover with Nepali title, local title and grade badge: ours first, embedded, shaping as the full font (conjuncts kept)', async () => {
    const svg = await embedCoverFont(coverSvg(book({ title: 'सामाजिक अध्ययन तथा जनसंख्या शिक्षा', titleLocal: 'क्षत्रिय श्रीमान् द्वार' })));
    expect(devanagariLetters(svg)).toContain('क');
    await checkCover(svg);
    // Small enough to list many: even this one, with many conjuncts, stays under 20 KB (real records: tests below).
    expect(Buffer.byteLength(svg)).toBeLessThan(20_000);
  });

  it('a cover whose only Devanagari is the grade badge is small; one without Devanagari is left as it is', async () => {
    const badge = await embedCoverFont(coverSvg(book({ title: 'English - Grade 8', titleLocal: undefined, grade: 8 })));
    await checkCover(badge);
    expect(Buffer.byteLength(badge)).toBeLessThan(4_500);
    const latin = coverSvg(book({ title: 'College Physics', titleLocal: undefined, grade: null, source: 'openstax' }));
    expect(await embedCoverFont(latin)).toBe(latin);
    await checkCover(latin);
  });

  it('the same letters give the same bytes (deterministic builds)', async () => {
    const a = await embedCoverFont(coverSvg(book()));
    expect(await embedCoverFont(coverSvg(book()))).toBe(a);
  });

  it.runIf(hasCurrent)('real records (CEHRD, NFE, CDC teacher guides from ../shared/data/books/current): every cover needs no system font', async () => {
    const dir = CURRENT;
    const records = ['cehrd_learning.json', 'cehrd_nfe.json', 'cdc_teacher-guides.json'].flatMap((f) =>
      (JSON.parse(readFileSync(join(dir, f), 'utf8')) as Array<Record<string, unknown>>).slice(0, 8),
    );
    const sizes: number[] = [];
    for (const r of records) {
      const grade = typeof r.grade === 'number' ? r.grade : Number.isInteger(Number(r.grade)) && r.grade !== null && r.grade !== '' ? Number(r.grade) : null;
      const svg = await embedCoverFont(
        coverSvg(
          book({
            id: String(r.id),
            title: String(r.title),
            titleLocal: typeof r.titleLocal === 'string' ? r.titleLocal : undefined,
            subject: typeof r.subject === 'string' ? r.subject : null,
            grade,
            source: String(r.source ?? 'x'),
          }),
        ),
      );
      await checkCover(svg);
      sizes.push(Buffer.byteLength(svg));
    }
    expect(Math.max(...sizes)).toBeLessThan(14_000);
    console.log(
      `covers of ${sizes.length} real records: ${Math.min(...sizes)}–${Math.max(...sizes)} bytes, mean ${Math.round(sizes.reduce((a, b) => a + b) / sizes.length)}`,
    );
  });
});
