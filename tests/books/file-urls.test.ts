// The app's one look-up of a record's files (src/app/books/file-urls.ts), on hand-made
// records and on the real upstream samples in ../shared/data/books/current.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileUrls, pdfOf } from '../../src/app/books/file-urls.ts';

const CURRENT = join(import.meta.dirname, '../../../shared/data/books/current');
const records = (file: string) => JSON.parse(readFileSync(join(CURRENT, file), 'utf8')) as Array<Record<string, unknown>>;

describe('fileUrls', () => {
  it('sorts URLs by kind from pdfUrl, readUrl, audioUrl and downloadUrl (string or list), each once', () => {
    expect(
      fileUrls({
        pdfUrl: 'https://a.example/book.pdf',
        readUrl: 'https://a.example/read.html',
        downloadUrl: ['https://a.example/book.pdf', 'https://a.example/book.epub', 'https://a.example/BOOK.PDF?x=1', 'https://a.example/b.azw3'],
        audioUrl: 'https://a.example/pluginfile.php/51195/Drama',
      }),
    ).toEqual({
      pdf: ['https://a.example/book.pdf', 'https://a.example/BOOK.PDF?x=1'],
      epub: ['https://a.example/book.epub'],
      audio: ['https://a.example/pluginfile.php/51195/Drama'],
    });
    expect(fileUrls({ pdfUrl: null, downloadUrl: 'https://a.example/c.mp3', readUrl: null })).toEqual({
      pdf: [],
      epub: [],
      audio: ['https://a.example/c.mp3'],
    });
    expect(pdfOf({ pdfUrl: null, downloadUrl: 42 })).toBeNull();
    // The published list is used as it is, after the contract's pdfUrl.
    expect(
      fileUrls({
        pdfUrl: 'https://a.example/old.pdf',
        downloadUrl: 'https://a.example/not-in-the-list.epub',
        files: [{ url: 'https://a.example/new.epub', kind: 'epub', format: 'EPUB', label: 'EPUB', field: 'downloadUrl' }],
      }),
    ).toEqual({ pdf: ['https://a.example/old.pdf'], epub: ['https://a.example/new.epub'], audio: [] });
  });

  it('finds the files of the real records: OpenStax and CEHRD PDFs, Standard Ebooks EPUBs, CEHRD audio', () => {
    for (const r of records('openstax_textbooks.json')) expect(pdfOf(r), String(r.id)).toMatch(/\.pdf$/i);
    for (const r of records('cehrd_learning.json'))
      if (typeof r.downloadUrl === 'string' && /\.pdf$/i.test(r.downloadUrl)) expect(pdfOf(r)).toBe(r.downloadUrl);
    for (const r of records('standard_ebooks.json')) expect(fileUrls(r).epub.length, String(r.id)).toBeGreaterThan(0);
    for (const r of records('cehrd_audio.json')) expect(fileUrls(r).audio, String(r.id)).toContain(r.audioUrl);
    // CDC's download links name no .pdf but say ext=pdf: the core's list knows them.
    for (const r of records('cdc_teacher-guides.json')) expect(pdfOf(r), String(r.id)).toBe(r.downloadUrl);
  });
});
