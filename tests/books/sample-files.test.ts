// The sample catalog's own files (data-build/books/sample/files) are what make-files.ts makes,
// byte for byte; the Nepali PDF's text reads back in logical order through pdf.js (what the
// reader's search and text layer use), the EPUB opens, the audio is a few seconds of WAV; the
// build publishes them at files/ and the sample records point there, at no example.org PDF.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { FILES_DIR, sampleFiles } from '../../data-build/books/sample/make-files.ts';

const SAMPLE = join(import.meta.dirname, '../../data-build/books/sample');

async function pdfText(bytes: Uint8Array): Promise<string[]> {
  const doc = await getDocument({ data: bytes.slice(), isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const content = await (await doc.getPage(p)).getTextContent();
    pages.push(content.items.map((i) => ('str' in i ? i.str : '')).join(''));
  }
  await doc.destroy();
  return pages;
}

describe('the sample files', () => {
  it('are what make-files.ts makes, byte for byte, each under 200 KB', { timeout: 120_000 }, async () => {
    const made = await sampleFiles();
    expect(readdirSync(FILES_DIR).sort()).toEqual([...made.keys()].sort());
    for (const [name, bytes] of made) {
      expect(Buffer.from(readFileSync(join(FILES_DIR, name))).equals(Buffer.from(bytes)), name).toBe(true);
      expect(bytes.length, name).toBeLessThan(200_000);
    }
  });

  it('the Nepali reader reads back as its text: conjuncts, vowel signs before their consonant, reph', async () => {
    const pages = await pdfText(new Uint8Array(readFileSync(join(FILES_DIR, 'mero-nepali-5.pdf'))));
    expect(pages).toHaveLength(6);
    const all = pages.join('\n');
    for (const words of ['मेरो नेपाली', 'हाम्रो विद्यालय डाँडाको टुप्पोमा छ।', 'पुस्तकालयमा रङ्गीचङ्गी चित्र', 'किताब', 'पूर्वको', 'ज्ञान', 'विद्यार्थी', 'श्रमले'])
      expect(all).toContain(words);
    expect(pages[2]).toContain('पाठ २');
  });

  it('the story is an EPUB in Nepali with three parts; the audio lessons are WAV of 4 to 7 seconds', () => {
    const epub = unzipSync(new Uint8Array(readFileSync(join(FILES_DIR, 'anautho-phal.epub'))));
    expect(strFromU8(epub.mimetype!)).toBe('application/epub+zip');
    expect(strFromU8(epub['epub/text/part-1.xhtml']!)).toContain('पहिलो भाग: बीउ');
    for (const name of ['sargam-aaroha.wav', 'sargam-awaroha.wav', 'sano-dhun.wav']) {
      const wav = readFileSync(join(FILES_DIR, name));
      expect(wav.subarray(0, 4).toString()).toBe('RIFF');
      const seconds = wav.readUInt32LE(40) / wav.readUInt32LE(28);
      expect(seconds).toBeGreaterThan(3.9);
      expect(seconds).toBeLessThan(7.5);
    }
  });

  it('the sample records point at these files, and at no example.org PDF or audio', () => {
    const text = ['cehrd_learning.json', 'cdc_nepal.json', 'pustakalaya.json', 'gradewise_audio_links.json']
      .map((f) => readFileSync(join(SAMPLE, f), 'utf8'))
      .join('\n');
    const named = [...text.matchAll(/"files\/([^"]+)"/g)].map((m) => m[1]!);
    expect(new Set(named)).toEqual(new Set(readdirSync(FILES_DIR)));
    expect(text).not.toMatch(/example\.org[^"]*\.(pdf|epub|mp3|wav)"/);
  });
});
