// A market file read again (the worker took control, or said it changed) with the same text gives
// back the value already read: no second parse, and the same object for the screens' memos.

import { describe, expect, it } from 'vitest';
import { createRereads, createWorkerRereads, isUnchanged, UNCHANGED } from '../../src/app/market/reread.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { A_ROOT, hasMarketData } from '../market/real-data.ts';

describe('market files read again', () => {
  // A real upstream file (../shared/data): skipped with the reason printed without it, a failure under CI=true.
  it.runIf(hasMarketData)('parses a path once while its text stays the same, again when it changes', () => {
    const rereads = createRereads();
    const text = readFileSync(join(A_ROOT, 'data/dividend/history.sample.json'), 'utf8');
    let parses = 0;
    const parse = (t: string) => {
      parses++;
      return JSON.parse(t) as unknown;
    };
    const first = rereads.read('dividend/history.json', text, parse);
    const again = rereads.read('dividend/history.json', text, parse);
    expect(parses).toBe(1);
    expect(again).toBe(first);
    // The same text under another path is another file.
    expect(rereads.read('other.json', text, parse)).not.toBe(first);
    expect(parses).toBe(2);
    const changed = text.replace(/\d/, (d) => String((Number(d) + 1) % 10));
    const next = rereads.read('dividend/history.json', changed, parse);
    expect(parses).toBe(3);
    expect(next).not.toBe(first);
    expect(rereads.read('dividend/history.json', changed, parse)).toBe(next);
    expect(parses).toBe(3);
  });

  it('keeps nothing from a text that did not read', () => {
    const rereads = createRereads();
    let parses = 0;
    const bad = () => {
      parses++;
      throw new Error('data/x.json: bad');
    };
    expect(() => rereads.read('x.json', '{', bad)).toThrow('bad');
    expect(() => rereads.read('x.json', '{', bad)).toThrow('bad');
    expect(parses).toBe(2);
  });

  // The large files are digested in the read worker, not on the page (issue 38: 21–28 ms of a
  // symbol page's main thread at 4× CPU): the page numbers its reads and says which read's value
  // it keeps; the worker answers UNCHANGED only when that read was of this very text.
  it('the worker says "unchanged" only for the read whose value the page keeps, of the same text', () => {
    const worker = createWorkerRereads();
    let parses = 0;
    const parse = (t: string) => (parses++, JSON.parse(t) as unknown);
    expect(worker.read('d.json', '{"a":1}', { seq: 1, kept: 0 }, parse)).toEqual({ a: 1 });
    // The page keeps read 1: the same text is not parsed again.
    expect(worker.read('d.json', '{"a":1}', { seq: 2, kept: 1 }, parse)).toBe(UNCHANGED);
    expect(parses).toBe(1);
    // The page keeps nothing (it was reloaded, the worker was not): parsed again, now read 3.
    expect(worker.read('d.json', '{"a":1}', { seq: 3, kept: 0 }, parse)).toEqual({ a: 1 });
    // A page keeping read 1 is not told "unchanged" for read 3's text, though it is the same.
    expect(isUnchanged(worker.read('d.json', '{"a":1}', { seq: 4, kept: 1 }, parse))).toBe(false);
    // Another text under the path, or the same text under another path: parsed.
    expect(worker.read('d.json', '{"a":2}', { seq: 5, kept: 4 }, parse)).toEqual({ a: 2 });
    expect(worker.read('e.json', '{"a":2}', { seq: 6, kept: 5 }, parse)).toEqual({ a: 2 });
    expect(parses).toBe(5);
    // A text that did not read leaves the last good read to match.
    expect(worker.read('f.json', '1', { seq: 7, kept: 0 }, parse)).toBe(1);
    expect(() => worker.read('f.json', '{', { seq: 8, kept: 7 }, parse)).toThrow();
    expect(worker.read('f.json', '1', { seq: 9, kept: 7 }, parse)).toBe(UNCHANGED);
    // No market file reads to the marker: it is told apart from every value.
    for (const v of [null, 1, 'x', [], {}, { unchanged: 1 }, { unchanged: true, other: 1 }]) expect(isUnchanged(v)).toBe(false);
  });
});
