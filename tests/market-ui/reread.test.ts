// A market file read again (the worker took control, or said it changed) with the same text gives
// back the value already read: no second parse, and the same object for the screens' memos.

import { describe, expect, it } from 'vitest';
import { createRereads } from '../../src/app/market/reread.ts';
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
});
