// The one list of files per record (src/core/books/files.ts), over every record of today's
// YoBook files (../shared/data/books/current): each file URL the record publishes, under
// any field, is in the list once, with the kind its source's README says it has.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileKind, firstPdf, parseSize, recordFiles, type FileKind } from '../../src/core/books/files.ts';
import { realData } from '../helpers/shared-data.ts';
import { BOOK_DATA } from './helpers.ts';

export const CURRENT = join(BOOK_DATA, 'current');
const hasCurrent = realData("today's YoBook records", [join(CURRENT, 'README.md')]);

type Rec = Record<string, unknown>;

/** Every record of the per-source files of `current/` (the helper gradewise_audio_links.json is no list of records). */
export function currentRecords(): Array<{ file: string; rec: Rec }> {
  const out: Array<{ file: string; rec: Rec }> = [];
  for (const file of readdirSync(CURRENT).filter((f) => f.endsWith('.json') && f !== 'gradewise_audio_links.json').sort())
    for (const rec of JSON.parse(readFileSync(join(CURRENT, file), 'utf8')) as Rec[]) out.push({ file, rec });
  return out;
}

/**
 * Every file URL a record publishes, with the kind the README describes, found without
 * files.ts: the README's fields, walked by hand.
 */
export function publishedFiles(file: string, rec: Rec): Array<{ url: string; kind: FileKind }> {
  const out: Array<{ url: string; kind: FileKind }> = [];
  const ext = (u: string): FileKind =>
    /\.pdf(\?|$)/i.test(u) || /ext=pdf/.test(u) || /\/bitstreams\/[\w-]+\/content$/.test(u)
      ? 'pdf'
      : /\.epub$/i.test(u)
        ? 'epub'
        : /\.mp3$/i.test(u)
          ? 'audio'
          : /\.zip$/i.test(u)
            ? 'archive'
            : 'other';
  for (const u of ([] as unknown[]).concat(rec.downloadUrl ?? [])) out.push({ url: u as string, kind: ext(u as string) });
  if (typeof rec.audioUrl === 'string') out.push({ url: rec.audioUrl, kind: 'audio' });
  if (typeof rec.zipUrl === 'string') out.push({ url: rec.zipUrl, kind: 'archive' });
  if (typeof rec.readUrl === 'string') {
    // A Moodle view page, OpenStax' and Standard Ebooks' reading pages are web pages; the other readUrls are the file itself.
    const page = /view\.php|openstax\.org\/books\/|\/text\/single-page$/.test(rec.readUrl);
    out.push({ url: rec.readUrl, kind: page ? 'web-page' : ext(rec.readUrl) });
  }
  for (const c of (rec.chapterDownloadUrls as Rec[] | undefined) ?? []) out.push({ url: c.downloadUrl as string, kind: 'pdf' });
  for (const p of (rec.question_papers as Rec[] | undefined) ?? []) out.push({ url: (p.url ?? p.readUrl) as string, kind: 'pdf' });
  expect(out.length, `${file} ${String(rec.id)} publishes no file`).toBeGreaterThan(0);
  return out;
}

describe('fileKind', () => {
  it('decides from the extension, known patterns and the field', () => {
    expect(fileKind('https://x/a.pdf', 'downloadUrl').kind).toBe('pdf');
    expect(fileKind('https://lib.moecdc.gov.np/elibrary/pages/download.php?direct=1&ref=3824&ext=pdf&k=', 'downloadUrl').kind).toBe('pdf');
    expect(fileKind('https://e.tucl.edu.np/x/api/core/bitstreams/4f4d3be1-87df-4eaf-853c-80918821dd25/content', 'readUrl').kind).toBe('pdf');
    expect(fileKind('https://x/a.kepub.epub', 'downloadUrl[2]')).toEqual({ kind: 'epub', format: 'Kobo EPUB' });
    expect(fileKind('https://x/a.azw3', 'downloadUrl[1]')).toEqual({ kind: 'other', format: 'AZW3' });
    expect(fileKind('https://x/mod/resource/view.php?id=40', 'readUrl').kind).toBe('web-page');
    expect(fileKind('https://x/books/a/pages/1-intro', 'readUrl').kind).toBe('web-page');
    expect(fileKind('https://x/stream?id=3', 'audioUrl')).toEqual({ kind: 'audio', format: 'Audio' });
    expect(fileKind('https://x/Unit_02_.MP3', 'url')).toEqual({ kind: 'audio', format: 'MP3' });
    expect(fileKind('https://x/book.zip', 'downloadUrl').kind).toBe('archive');
    expect(fileKind('https://x/thing', 'downloadUrl')).toEqual({ kind: 'other', format: 'File' });
  });

  it('reads published sizes', () => {
    expect(parseSize('3 MB')).toBe(3_000_000);
    expect(parseSize('216 KB')).toBe(216_000);
    expect(parseSize('0.38 MB')).toBe(380_000);
    expect(parseSize(1200)).toBe(1200);
    expect(parseSize('big')).toBeUndefined();
  });

  it('labels chapters and papers with their title and format, and de-duplicates by URL', () => {
    const files = recordFiles({
      readUrl: 'https://x/a.pdf',
      downloadUrl: ['https://x/a.pdf', 'https://x/a.epub'],
      chapterDownloadUrls: [{ title: 'Chapter 1', downloadUrl: 'https://x/c1.pdf' }],
      question_papers: [{ title: 'Paper', year: '2067', readUrl: 'https://x/p.pdf', fileSize: '3 MB', coverUrl: 'https://x/c.jpg' }],
    });
    expect(files.map((f) => [f.url, f.kind, f.label, f.field])).toEqual([
      ['https://x/a.pdf', 'pdf', 'PDF', 'downloadUrl[0]'],
      ['https://x/a.epub', 'epub', 'EPUB', 'downloadUrl[1]'],
      ['https://x/c1.pdf', 'pdf', 'Chapter 1 · PDF', 'chapterDownloadUrls[0].downloadUrl'],
      ['https://x/p.pdf', 'pdf', 'Paper · PDF', 'question_papers[0].readUrl'],
    ]);
    expect(files[3]).toMatchObject({ size: '3 MB', sizeBytes: 3_000_000, year: '2067', title: 'Paper' });
  });
});

describe.skipIf(!hasCurrent)("every record of today's YoBook files", () => {
  it('lists every file URL the record publishes, once, with the right kind', () => {
    let n = 0;
    for (const { file, rec } of currentRecords()) {
      const files = recordFiles(rec);
      const byUrl = new Map(files.map((f) => [f.url, f]));
      expect(byUrl.size, `${file} ${String(rec.id)}: a URL listed twice`).toBe(files.length);
      for (const want of publishedFiles(file, rec)) {
        expect(byUrl.get(want.url)?.kind, `${file} ${String(rec.id)}: ${want.url}`).toBe(want.kind);
        n++;
      }
      // Nothing but those: a cover or a paper's source page is not a file of the book.
      expect(new Set(files.map((f) => f.url))).toEqual(new Set(publishedFiles(file, rec).map((w) => w.url)));
    }
    expect(n).toBeGreaterThan(150);
  });

  it('finds a PDF wherever one is published, and none in Standard Ebooks or the audio dramas', () => {
    for (const { file, rec } of currentRecords()) {
      const pdf = firstPdf(recordFiles(rec));
      const hasPdf = publishedFiles(file, rec).some((w) => w.kind === 'pdf');
      expect(pdf !== undefined, `${file} ${String(rec.id)}`).toBe(hasPdf);
      if (/standard_ebooks|cehrd_audio/.test(file)) expect(pdf).toBeUndefined();
    }
  });
});
