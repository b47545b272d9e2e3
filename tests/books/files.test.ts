// The one list of files per record (src/core/books/files.ts), over every record of today's
// YoBook files (../shared/data/books/current): each file URL the record publishes, under
// any field, is in the list once, with the kind its source's README says it has.

import { describe, expect, it } from 'vitest';
import { fileKind, firstPdf, parseSize, recordFiles } from '../../src/core/books/files.ts';
import { currentRecords, hasCurrent, publishedFiles } from './current-data.ts';

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
