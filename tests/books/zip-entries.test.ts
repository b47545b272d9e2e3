// A ZIP read from its central directory, one entry inflated at a time with a running count
// (core/books/zip-entries.ts), and a chapter's elements and depth counted before parsing
// (core/books/markup-scan.ts): what keeps a hostile EPUB from taking the page's memory (issue 36).

import { describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { readEntry, zipEntries } from '../../src/core/books/zip-entries.ts';
import { scanMarkup } from '../../src/core/books/markup-scan.ts';
import { KhojError } from '../../src/core/errors.ts';
import { zipOf } from '../helpers/hostile-epub.ts';

const text = (b: Uint8Array) => new TextDecoder().decode(b);
const MB = 1 << 20;

describe('zipEntries and readEntry', () => {
  it('reads stored and deflated entries, and only the one asked for', () => {
    const zip = zipSync({ 'a.txt': [strToU8('stored'), { level: 0 }], 'b/c.xhtml': strToU8('<p>deflated</p>'.repeat(100)) });
    const entries = zipEntries(zip, 10);
    expect([...entries.keys()]).toEqual(['a.txt', 'b/c.xhtml']);
    expect(text(readEntry(zip, entries.get('a.txt')!, 100))).toBe('stored');
    expect(text(readEntry(zip, entries.get('b/c.xhtml')!, 10_000))).toBe('<p>deflated</p>'.repeat(100));
  });

  it('stops a bomb at the limit, whatever size its headers claim', async () => {
    // 1 GB of zeros in about a megabyte; its headers tell the truth, then a copy whose headers say 100 bytes.
    const zip = await zipOf([{ name: 'bomb', repeat: { fill: '\0', bytes: 1 << 30 } }]);
    expect(zip.length).toBeLessThan(2 * MB);
    const entry = zipEntries(zip, 10).get('bomb')!;
    expect(entry.declaredSize).toBe(1 << 30);
    expect(() => readEntry(zip, entry, 32 * MB)).toThrow(/more than the limit: bomb/);
    const lying = { ...entry, declaredSize: 100 };
    let error: unknown;
    try {
      readEntry(zip, lying, 32 * MB);
    } catch (e) {
      error = e;
    }
    expect(KhojError.is(error, 'too-large')).toBe(true);
    expect((error as KhojError).limit).toBe(32 * MB);
  });

  it('names what is damaged: no ZIP, a directory past the end, a ZIP64, too many entries', () => {
    expect(() => zipEntries(strToU8('<html>not a zip</html>'), 10)).toThrow(/no end of central directory/);
    const zip = zipSync({ a: strToU8('a'), b: strToU8('b'), c: strToU8('c') });
    expect(() => zipEntries(zip, 2)).toThrow(KhojError);
    expect(
      KhojError.is(
        (() => {
          try {
            zipEntries(zip, 2);
          } catch (e) {
            return e;
          }
        })(),
        'too-complex',
      ),
    ).toBe(true);
    const cut = zip.slice();
    new DataView(cut.buffer).setUint32(cut.length - 6, cut.length, true);
    expect(() => zipEntries(cut, 10)).toThrow(/runs past its end/);
    const z64 = zip.slice();
    new DataView(z64.buffer).setUint16(z64.length - 12, 0xffff, true);
    expect(() => zipEntries(z64, 10)).toThrow(/ZIP64/);
  });
});

describe('scanMarkup', () => {
  it('counts start tags and nesting; void and self-closed elements add no depth', () => {
    expect(scanMarkup('<html><body><p>a<br>b<img src="x"/></p><p/></body></html>', 100, 100)).toEqual({ elements: 6, depth: 3 });
  });

  it('skips comments, CDATA, declarations, instructions and quoted ">" and "<"', () => {
    const doc = '<?xml version="1.0"?><!DOCTYPE html><!-- <a><b><c> --><r a="<x>" b=\'>\'><![CDATA[<d><e>]]></r>';
    expect(scanMarkup(doc, 100, 100)).toEqual({ elements: 1, depth: 1 });
  });

  it('stops at once past a limit: 2 million elements, 60,000 deep', () => {
    expect(scanMarkup('<i/>'.repeat(2_000_000), 100_000, 256)).toEqual({ elements: 100_001, depth: 0, over: 'elements' });
    expect(scanMarkup(`${'<span>'.repeat(60_000)}x${'</span>'.repeat(60_000)}`, 100_000, 256)).toEqual({ elements: 257, depth: 257, over: 'depth' });
  });

  it('nests tag soup as HTML does: unclosed <p>, <li>, <td> close their kind; an end tag closes up to its element', () => {
    expect(scanMarkup(`<html><body>${'<p>para'.repeat(5000)}</body></html>`, 100_000, 256)).toEqual({ elements: 5002, depth: 3 });
    expect(scanMarkup(`<ul>${'<li>x'.repeat(1000)}</ul><table>${'<tr><td>a<td>b'.repeat(500)}</table>`, 100_000, 256).depth).toBe(3);
    expect(scanMarkup('<div><span><b>x</div><div>y</div>', 100, 100)).toEqual({ elements: 4, depth: 3 });
    // A stray end tag closes nothing.
    expect(scanMarkup('<div></span><i>x</i></div>', 100, 100)).toEqual({ elements: 2, depth: 2 });
  });

  it('an unclosed tag or quote ends the scan without a hang', () => {
    expect(scanMarkup('<p><a href="never closed></a></p>', 10, 10)).toEqual({ elements: 2, depth: 2 });
    expect(scanMarkup('<<<<>>>< p', 10, 10)).toEqual({ elements: 0, depth: 0 });
  });
});
