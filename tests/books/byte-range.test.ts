// The Range header as the service worker reads it for a saved file (core/books/byte-range.ts):
// one range, in every form RFC 9110 §14.1.2 allows, and 416 for what cannot be answered.

import { describe, expect, it } from 'vitest';
import { contentRange, parseRange } from '../../src/core/books/byte-range.ts';

describe('parseRange', () => {
  it('reads the three forms of one byte range', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=500-', 1000)).toEqual({ start: 500, end: 999 });
    expect(parseRange('bytes=-200', 1000)).toEqual({ start: 800, end: 999 });
    // What a media element asks first.
    expect(parseRange('bytes=0-', 44)).toEqual({ start: 0, end: 43 });
  });

  it('clips a range running past the end, and a suffix longer than the file', () => {
    expect(parseRange('bytes=900-5000', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
  });

  it('accepts spaces and any case in the unit', () => {
    expect(parseRange(' Bytes = 10 - 20 ', 1000)).toEqual({ start: 10, end: 20 });
  });

  it('no header, or another unit: the whole file (undefined)', () => {
    expect(parseRange(null, 1000)).toBeUndefined();
    expect(parseRange('', 1000)).toBeUndefined();
    expect(parseRange('items=0-1', 1000)).toBeUndefined();
  });

  it('unsatisfiable or malformed ranges: "unsatisfiable" (416)', () => {
    for (const bad of ['bytes=1000-', 'bytes=1000-1001', 'bytes=5-2', 'bytes=-0', 'bytes=abc', 'bytes=-', 'bytes=1-2-3', 'bytes=0x10-20', 'bytes=1.5-3'])
      expect(parseRange(bad, 1000), bad).toBe('unsatisfiable');
    expect(parseRange('bytes=0-', 0)).toBe('unsatisfiable');
  });

  it('several ranges: ignored (RFC 9110 lets a server answer the whole file with 200 rather than multipart)', () => {
    expect(parseRange('bytes=0-9, 20-29', 1000)).toBeUndefined();
  });

  it('numbers beyond the safe integers do not wrap', () => {
    expect(parseRange('bytes=99999999999999999999-', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-99999999999999999999', 1000)).toEqual({ start: 0, end: 999 });
  });
});

describe('contentRange', () => {
  it('writes the header of a 206 and of a 416', () => {
    expect(contentRange({ start: 10, end: 20 }, 1000)).toBe('bytes 10-20/1000');
    expect(contentRange(undefined, 1000)).toBe('bytes */1000');
  });
});
