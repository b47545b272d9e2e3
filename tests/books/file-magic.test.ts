// What a saved file's bytes must be for its kind (core/books/file-magic.ts) and the types the
// worker serves (issue 36: an "audio" file that was an HTML page ran as the app).

import { describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { servedType, typeOfBytes } from '../../src/core/books/file-magic.ts';
import { isSavedFileUrl } from '../../src/core/books/saved-file.ts';
import { makeEpub } from '../helpers/epub.ts';

const bytes = (...parts: Array<string | number[]>) => new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
const HTML = bytes('<!doctype html><script>alert(1)</script>');

describe('typeOfBytes', () => {
  it('a PDF begins %PDF-', () => {
    expect(typeOfBytes('pdf', bytes('%PDF-1.7\n'))).toBe('application/pdf');
    expect(typeOfBytes('pdf', HTML)).toBeUndefined();
    expect(typeOfBytes('pdf', bytes(' %PDF-1.7'))).toBeUndefined();
  });

  it('an EPUB is a ZIP whose first entry is its stored mimetype', () => {
    expect(typeOfBytes('epub', new Uint8Array(makeEpub('T', [{ title: 'A', body: '<p>a</p>' }])))).toBe('application/epub+zip');
    // A ZIP that is no EPUB, and one whose mimetype is not first.
    expect(typeOfBytes('epub', zipSync({ 'readme.txt': strToU8('x') }))).toBeUndefined();
    expect(typeOfBytes('epub', zipSync({ 'a.txt': strToU8('x'), mimetype: [strToU8('application/epub+zip'), { level: 0 }] }))).toBeUndefined();
    expect(typeOfBytes('epub', zipSync({ mimetype: [strToU8('application/zip'), { level: 0 }] }))).toBeUndefined();
    expect(typeOfBytes('epub', HTML)).toBeUndefined();
  });

  it('audio: ID3 and MPEG frames, ADTS, Ogg, WAV, FLAC, MP4, WebM; an HTML page is none', () => {
    expect(typeOfBytes('audio', bytes('ID3', [4, 0, 0]))).toBe('audio/mpeg');
    expect(typeOfBytes('audio', bytes([0xff, 0xfb, 0x90, 0x64]))).toBe('audio/mpeg');
    expect(typeOfBytes('audio', bytes([0xff, 0xf3, 0x90, 0x64]))).toBe('audio/mpeg');
    expect(typeOfBytes('audio', bytes([0xff, 0xf1, 0x50, 0x80]))).toBe('audio/aac');
    expect(typeOfBytes('audio', bytes('OggS', [0, 2]))).toBe('audio/ogg');
    expect(typeOfBytes('audio', bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '))).toBe('audio/wav');
    expect(typeOfBytes('audio', bytes('RIFF', [0, 0, 0, 0], 'AVI LIST'))).toBeUndefined();
    expect(typeOfBytes('audio', bytes('fLaC', [0]))).toBe('audio/flac');
    expect(typeOfBytes('audio', bytes([0, 0, 0, 0x20], 'ftypM4A '))).toBe('audio/mp4');
    expect(typeOfBytes('audio', bytes([0x1a, 0x45, 0xdf, 0xa3]))).toBe('audio/webm');
    expect(typeOfBytes('audio', HTML)).toBeUndefined();
    expect(typeOfBytes('audio', bytes('%PDF-1.7'))).toBeUndefined();
    expect(typeOfBytes('audio', new Uint8Array(0))).toBeUndefined();
    // 0xFF then a byte without the frame sync's bits.
    expect(typeOfBytes('audio', bytes([0xff, 0x00]))).toBeUndefined();
  });
});

describe('servedType', () => {
  it('keeps only the saved kinds’ types; anything else is served as a download', () => {
    expect(servedType('audio/mpeg')).toBe('audio/mpeg');
    expect(servedType('Application/PDF; charset=binary')).toBe('application/pdf');
    for (const t of [
      'text/html',
      'text/html; charset=utf-8',
      'image/svg+xml',
      'application/xhtml+xml',
      'text/xml',
      'application/octet-stream',
      '',
      null,
      undefined,
    ])
      expect(servedType(t)).toBeUndefined();
  });
});

describe('isSavedFileUrl', () => {
  const base = 'https://khoj.example/app/index.html';
  it('names the app’s own saved-file path however it is spelled', () => {
    for (const u of [
      'api/books/saved-file?url=https%3A%2F%2Fx%2Fa.mp3',
      '/app/api/books/saved-file?url=x',
      'https://khoj.example/app/api/books/saved-file?url=x',
      '//khoj.example/app/api/books/saved-file',
      './api/books/../books/saved-file?url=x',
      'api/books/saved%2Dfile?url=x',
      'API/Books/Saved-File?url=x',
      ' api/books/saved-file ',
      '/api/books/saved-file?url=x',
      'api\\books\\saved-file?url=x',
    ])
      expect([u, isSavedFileUrl(u, base)]).toEqual([u, true]);
  });
  it('leaves every other address alone', () => {
    for (const u of [
      'https://elsewhere.example/app/api/books/saved-file?url=x',
      'https://cdn.example/book.pdf',
      'api/books/saved-files',
      'api/books/123',
      '/covers/a.svg',
      'http://[::1',
    ])
      expect([u, isSavedFileUrl(u, base)]).toEqual([u, false]);
  });
});
