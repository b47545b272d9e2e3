// Covers: generated SVGs (deterministic, escaped, phone sized), the first page of a PDF
// rendered by pdftoppm (local file or URL on a loopback server; skipped with a reason when
// pdftoppm is not installed), the upstream's own cover files, and every fallback.

import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coverSvg, wrap } from '../../src/core/books/cover-svg.ts';
import type { Book } from '../../src/core/books/types.ts';
import { serve, type Served } from '../../harness/http.ts';
import { haveTool } from '../../harness/tools.mjs';
import { booksBuild, jpegSize, makePdf, readCatalog, SAMPLE_DIR, tmp } from './helpers.ts';

const book = (over: Partial<Book> = {}) => ({
  id: 'cdc-np-1-nepali',
  title: 'Mero Nepali - Class 1',
  titleLocal: 'मेरो नेपाली - कक्षा १',
  subject: 'Nepali',
  grade: 1,
  source: 'cdc-nepal',
  ...over,
});

describe('generated covers', () => {
  it('are deterministic, differ between books and carry title, local title, subject and grade', () => {
    const a = coverSvg(book());
    expect(coverSvg(book())).toBe(a);
    expect(coverSvg(book({ id: 'cdc-np-1-math' }))).not.toBe(a);
    expect(a).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 300 420"/);
    for (const text of ['Mero Nepali -', 'Class 1', 'मेरो नेपाली - कक्षा १', 'Nepali', 'Grade 1 · कक्षा १', 'CDC Nepal', '#a4262c']) expect(a).toContain(text);
    expect(Buffer.byteLength(a)).toBeLessThan(3000);
  });

  it('escape whatever the title holds', () => {
    const svg = coverSvg(book({ title: '<script>alert("x")</script> & \u0007 more', titleLocal: undefined, subject: null, grade: null }));
    expect(svg).not.toContain('<script');
    expect(svg).toContain('&lt;script&gt;');
    expect(svg).toContain('&amp;');
    expect(svg).not.toContain('\u0007');
  });

  it('well-formed for any title (property): tags only where we put them', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), fc.option(fc.integer({ min: 1, max: 12 }), { nil: null }), (title, grade) => {
        const svg = coverSvg(book({ title: title || 'x', grade }));
        expect(svg).toMatch(/^<svg [^<>]*>(<[a-z]+(?: [a-z-]+="[^"<>]*")*\/?>[^<>]*(?:<\/[a-z]+>)?)*<\/svg>$/);
      }),
    );
  });

  it('wrap keeps every word, in order, within the line width unless a word is longer (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('नेपाली', 'कक्षा', 'Mathematics', 'a', 'विज्ञान', 'Grade', '१०'), { maxLength: 12 }),
        fc.integer({ min: 11, max: 30 }),
        (ws, width) => {
          const lines = wrap(ws.join(' '), width, 100);
          expect(lines.join(' ').split(' ').filter(Boolean)).toEqual(ws);
          for (const l of lines) expect(l.replace(/\p{M}/gu, '').length).toBeLessThanOrEqual(width);
        },
      ),
    );
    expect(wrap('one two three four five six', 5, 2)).toEqual(['one', 'two…']);
  });
});

const hasPdftoppm = haveTool('pdftoppm', 'the PDF cover rendering tests (tests/books/covers.test.ts)');

describe.skipIf(!hasPdftoppm)('covers from the first page of PDFs (pdftoppm)', () => {
  let http: Served;
  const cache = tmp('khoj-books-cache-');
  const src = tmp('khoj-books-pdf-src-');
  const site = tmp('khoj-books-pdf-site-');
  const JPEG = Buffer.from(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
    'base64',
  );

  beforeAll(async () => {
    cpSync(SAMPLE_DIR, src, { recursive: true });
    mkdirSync(join(site, 'pdfs'), { recursive: true });
    writeFileSync(join(site, 'pdfs/math-1.pdf'), makePdf('Mathematics 1'));
    mkdirSync(join(src, 'pdfs'));
    writeFileSync(join(src, 'pdfs/nepali-2.pdf'), makePdf('Mero Nepali 2', [0.6, 0.1, 0.1]));
    writeFileSync(join(src, 'pdfs/broken.pdf'), '%PDF-1.4\nthis is not a PDF body\n');
    // The upstream's own cover file for one book, beside the source files.
    mkdirSync(join(src, 'covers'));
    writeFileSync(join(src, 'covers/cehrd-learning-g2-english-9003.jpg'), JPEG);
    http = await serve(site);

    const cehrd = JSON.parse(readFileSync(join(src, 'cehrd_learning.json'), 'utf8')) as Array<Record<string, unknown>>;
    cehrd[0]!.pdfUrl = `${http.url}/pdfs/math-1.pdf`; // g1 mathematics: a reachable URL
    cehrd[3]!.pdfUrl = `${http.url}/pdfs/missing.pdf`; // 404
    cehrd[4]!.pdfUrl = 'pdfs/broken.pdf'; // a local file that is no PDF
    writeFileSync(join(src, 'cehrd_learning.json'), JSON.stringify(cehrd));
    const cdc = JSON.parse(readFileSync(join(src, 'cdc_nepal.json'), 'utf8')) as Array<Record<string, unknown>>;
    cdc[2]!.pdfUrl = 'pdfs/nepali-2.pdf'; // cdc-np-5-nepali: a local file beside the source files
    writeFileSync(join(src, 'cdc_nepal.json'), JSON.stringify(cdc));
    // The sample's own PDFs (files/: the reader merged into cdc-np-2-nepali, the question paper)
    // are not for this test: only the PDFs above are rendered.
    const pus = JSON.parse(readFileSync(join(src, 'pustakalaya.json'), 'utf8')) as Array<Record<string, unknown>>;
    pus[0]!.pdfUrl = null;
    delete pus.find((r) => String(r.id).endsWith('-000000000112'))!.question_papers;
    writeFileSync(join(src, 'pustakalaya.json'), JSON.stringify(pus));
  });
  afterAll(() => http.close());

  const coverOf = (out: string, id: string) => {
    const b = readCatalog(out).books.find((x) => x.id === id)!;
    return { url: b.coverUrl, bytes: readFileSync(join(out, b.coverUrl)) };
  };

  it('renders local and reachable PDFs to small JPEGs; reuses the upstream cover; falls back to generated covers', async () => {
    const out = tmp();
    const r = await booksBuild(['--books', src, '--out', out, '--allow-private-hosts', '--cache', cache], { KHOJ_BOOKS_PDFS: 'auto' });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/covers: 1 upstream, 2 from PDF first pages, 32 generated \(PDFs: auto; pdftoppm: pdftoppm\)\n/);
    expect(r.stderr).toContain('2 PDFs or covers could not be used');
    expect(r.stderr).toMatch(/missing\.pdf: HTTP 404/);
    expect(r.stderr).toMatch(/broken\.pdf: pdftoppm could not render it/);
    for (const id of ['cehrd-learning-g1-mathematics-9001', 'cdc-np-5-nepali']) {
      const c = coverOf(out, id);
      expect(c.url).toBe(`/covers/${id}.jpg`);
      expect([...c.bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      const size = jpegSize(c.bytes)!;
      expect(Math.max(size.width, size.height)).toBe(400);
      expect(size.height).toBeGreaterThan(size.width); // a portrait page
      expect(c.bytes.length).toBeLessThan(60_000);
    }
    expect(coverOf(out, 'cehrd-learning-g2-english-9003')).toEqual({ url: '/covers/cehrd-learning-g2-english-9003.jpg', bytes: JPEG });
    expect(coverOf(out, 'cehrd-learning-g4-science-9005').url).toMatch(/\.svg$/);
    // Rendering is deterministic too; with a fresh cache the PDFs are rendered again.
    const again = tmp();
    expect((await booksBuild(['--books', src, '--out', again, '--allow-private-hosts', '--cache', tmp()], { KHOJ_BOOKS_PDFS: 'auto' })).code).toBe(0);
    expect(coverOf(again, 'cdc-np-5-nepali').bytes.equals(coverOf(out, 'cdc-np-5-nepali').bytes)).toBe(true);
    // With the same cache, a rebuild renders no PDF twice: the unchanged PDF's cover comes from
    // the cover cache; a changed PDF (new validator) is rendered afresh.
    writeFileSync(join(src, 'pdfs/nepali-2.pdf'), makePdf('Mero Nepali 2, revised', [0.1, 0.1, 0.6]));
    const cached = tmp();
    const c = await booksBuild(['--books', src, '--out', cached, '--allow-private-hosts', '--cache', cache], { KHOJ_BOOKS_PDFS: 'auto' });
    expect(c.code, c.stderr).toBe(0);
    expect(c.stderr).toMatch(/2 from PDF first pages, 32 generated \(PDFs: auto; pdftoppm: pdftoppm\); 1 renders taken from the cover cache/);
    expect(coverOf(cached, 'cehrd-learning-g1-mathematics-9001').bytes.equals(coverOf(out, 'cehrd-learning-g1-mathematics-9001').bytes)).toBe(true);
    expect(coverOf(cached, 'cdc-np-5-nepali').bytes.equals(coverOf(out, 'cdc-np-5-nepali').bytes)).toBe(false);
    writeFileSync(join(src, 'pdfs/nepali-2.pdf'), makePdf('Mero Nepali 2', [0.6, 0.1, 0.1]));
  }, 300_000);

  it('PDFs named by a record: local paths stay inside the source folder, URLs reach public hosts only, sizes are capped', async () => {
    const hostile = tmp('khoj-books-hostile-');
    cpSync(src, hostile, { recursive: true });
    const outside = tmp('khoj-books-private-');
    writeFileSync(join(outside, 'private.pdf'), makePdf('Private'));
    symlinkSync(join(outside, 'private.pdf'), join(hostile, 'pdfs/link.pdf'));
    const cehrd = JSON.parse(readFileSync(join(hostile, 'cehrd_learning.json'), 'utf8')) as Array<Record<string, unknown>>;
    cehrd[1]!.pdfUrl = `../${outside.split('/').pop()}/private.pdf`; // a relative path out of the folder
    cehrd[5]!.pdfUrl = 'pdfs/link.pdf'; // a symlink out of the folder
    cehrd[4]!.pdfUrl = `file://${join(outside, 'private.pdf')}`; // a file: URL elsewhere: dropped by the normaliser
    writeFileSync(join(hostile, 'cehrd_learning.json'), JSON.stringify(cehrd));

    const out = tmp();
    const r = await booksBuild(['--books', hostile, '--out', out, '--cache', tmp(), '--retries', '0'], { KHOJ_BOOKS_PDFS: 'auto' });
    expect(r.code, r.stderr).toBe(0);
    // Only the local PDF inside the folder is rendered: the loopback URL (cehrd[0]) is refused too.
    expect(r.stderr).toMatch(/covers: 1 upstream, 1 from PDF first pages, 33 generated/);
    expect(r.stderr).toContain('4 PDFs or covers could not be used');
    expect(r.stderr).toMatch(/1 {2}unsafe URL \(.*\), dropped — e\.g\. \S+: entry 4/);
    expect(r.stderr).toMatch(
      /math-1\.pdf: 127\.0\.0\.1 is a loopback address; only public hosts are fetched \(name a private upstream with --private-upstream http:\/\/127\.0\.0\.1:\d+, or allow every private address with --allow-private-hosts\)/,
    );
    expect(r.stderr).toMatch(/private\.pdf: outside the source folder/);
    expect(r.stderr).toMatch(/link\.pdf: a symbolic link out of the source folder/);
    for (const i of [0, 1, 4, 5]) expect(coverOf(out, cehrd[i]!.id as string).url, String(i)).toMatch(/\.svg$/);

    // Size caps: a PDF over --max-pdf-bytes is neither downloaded whole nor read.
    const small = await booksBuild(['--books', src, '--out', tmp(), '--cache', tmp(), '--allow-private-hosts', '--max-pdf-bytes', '200'], {
      KHOJ_BOOKS_PDFS: 'auto',
    });
    expect(small.code, small.stderr).toBe(0);
    expect(small.stderr).toMatch(/covers: 1 upstream, 0 from PDF first pages/);
    expect(small.stderr).toMatch(/math-1\.pdf: the answer is \d+ bytes, more than the limit of 200/);
    expect(small.stderr).toMatch(/nepali-2\.pdf: \d+ bytes, more than the limit of 200 \(--max-pdf-bytes\)/);
  });

  it('every cover has a small copy at /covers/small/<file>: fewer pixels and bytes for PDF pages and upstream images; one that cannot be shrunk is named and kept large', async () => {
    const withImages = tmp('khoj-books-small-');
    cpSync(src, withImages, { recursive: true });
    // A real upstream PNG (a 600×840 page of colour) and a "JPEG" that is only its first bytes.
    const png = await sharp({ create: { width: 600, height: 840, channels: 3, background: '#2a6f97' } })
      .composite([
        {
          input: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="840"><circle cx="300" cy="300" r="200" fill="#ffd166"/><text x="40" y="700" font-size="90">Hamro</text></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();
    writeFileSync(join(withImages, 'covers/cehrd-learning-g3-hamro-serofero-9004.png'), png);
    writeFileSync(join(withImages, 'covers/cehrd-learning-g6-health-9007.jpg'), Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4000, 7)]));
    const cehrd = JSON.parse(readFileSync(join(withImages, 'cehrd_learning.json'), 'utf8')) as Array<Record<string, unknown>>;
    cehrd[3]!.coverUrl = '/covers/cehrd-learning-g3-hamro-serofero-9004.png';
    writeFileSync(join(withImages, 'cehrd_learning.json'), JSON.stringify(cehrd));
    const out = tmp();
    const r = await booksBuild(['--books', withImages, '--out', out, '--allow-private-hosts', '--cache', tmp()], { KHOJ_BOOKS_PDFS: 'auto' });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/covers: 3 upstream, 2 from PDF first pages, 30 generated/);
    for (const id of ['cehrd-learning-g1-mathematics-9001', 'cdc-np-5-nepali', 'cehrd-learning-g3-hamro-serofero-9004']) {
      const large = coverOf(out, id);
      const small = readFileSync(join(out, large.url.replace('/covers/', '/covers/small/')));
      const [l, m] = await Promise.all([sharp(large.bytes).metadata(), sharp(small).metadata()]);
      expect(m.format, id).toBe(l.format);
      expect(m.width! * m.height!, id).toBeLessThanOrEqual((l.width! * l.height!) / 2.5);
      expect(m.height! / m.width!, id).toBeCloseTo(l.height! / l.width!, 1);
      expect(small.length, id).toBeLessThan(large.bytes.length * 0.6);
    }
    // The damaged one: named with its file, its small copy is the large one, and the book keeps its cover.
    expect(r.stderr).toMatch(
      /cehrd-learning-g6-health-9007: covers\/cehrd-learning-g6-health-9007\.jpg could not be made small \(.+\); its small cover is the large one/,
    );
    const health = coverOf(out, 'cehrd-learning-g6-health-9007');
    expect(health.url).toBe('/covers/cehrd-learning-g6-health-9007.jpg');
    expect(readFileSync(join(out, 'covers/small/cehrd-learning-g6-health-9007.jpg')).equals(health.bytes)).toBe(true);
    // A generated SVG draws at any size: its small copy is itself.
    const svg = coverOf(out, 'cehrd-learning-g4-science-9005');
    expect(readFileSync(join(out, svg.url.replace('/covers/', '/covers/small/'))).equals(svg.bytes)).toBe(true);
  }, 300_000);

  it('KHOJ_BOOKS_PDFS=local never fetches; without pdftoppm every PDF book gets a generated cover', async () => {
    const local = tmp();
    const r = await booksBuild(['--books', src, '--out', local], { KHOJ_BOOKS_PDFS: 'local' });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('covers: 1 upstream, 1 from PDF first pages, 33 generated (PDFs: local');
    expect(coverOf(local, 'cehrd-learning-g1-mathematics-9001').url).toMatch(/\.svg$/);

    const none = tmp();
    const n = await booksBuild(['--books', src, '--out', none], { KHOJ_BOOKS_PDFS: 'auto', KHOJ_PDFTOPPM: 'none' });
    expect(n.code, n.stderr).toBe(0);
    expect(n.stderr).toContain('covers: 1 upstream, 0 from PDF first pages, 34 generated (PDFs: auto; pdftoppm: not available)');
  });
});
