// The market read worker's answers (read-answers.ts), asked as the page asks them. A symbol page
// needs one symbol's dividend records for its chart and table: the worker answers those, not the
// whole dividend history (640 KB of records at real size, structured-cloned onto the page's
// main thread: 10–19 ms there, issue 38).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createReadAnswers } from '../../src/app/market/read-answers.ts';
import { parseFile } from '../../src/app/market/parse-file.ts';
import { isUnchanged, UNCHANGED } from '../../src/app/market/reread.ts';
import { dividendsOf, recordsOf } from '../../src/app/market/select.ts';
import { A_ROOT, hasMarketData } from '../market/real-data.ts';

const PATH = 'dividend/history.json';

describe("the read worker's answers", () => {
  // A real upstream file (../shared/data): skipped with the reason printed without it, a failure under CI=true.
  it.runIf(hasMarketData)("a pick answers only the symbol's records, the same ones the whole file gives it", () => {
    const text = readFileSync(join(A_ROOT, 'data/dividend/history.sample.json'), 'utf8');
    const whole = parseFile('dividendHistory', PATH, text);
    const all = [...(whole.latest ?? []), ...(whole.history ?? [])];
    const symbol = all[0]!.symbol;
    expect(all.some((r) => r.symbol !== symbol)).toBe(true);
    const answers = createReadAnswers();
    const pick = answers.pick({ path: PATH, text, seq: 1, kept: 0, symbol });
    if (isUnchanged(pick)) throw new Error('a first pick is a value');
    const picked = [...(pick.latest ?? []), ...(pick.history ?? [])];
    expect(picked.length).toBeGreaterThan(0);
    expect(picked.every((r) => r.symbol === symbol)).toBe(true);
    // What crosses to the page is the pick alone: no grouping of the whole file rides with it.
    expect('bySymbol' in pick && pick.bySymbol !== undefined).toBe(false);
    expect(JSON.stringify(structuredClone(pick)).length).toBeLessThan(text.length / 4);
    // The screens draw from it what they drew from the whole file.
    expect(recordsOf(pick, symbol)).toEqual(recordsOf(whole, symbol));
    expect(dividendsOf(pick, symbol)).toEqual(dividendsOf(whole, symbol));
    // The same text, the page keeping that pick: unchanged, nothing sent again.
    expect(answers.pick({ path: PATH, text, seq: 2, kept: 1, symbol })).toBe(UNCHANGED);
    // Another symbol is another pick of the same parse; a symbol with no records picks none.
    const other = all.find((r) => r.symbol !== symbol)!.symbol;
    const second = answers.pick({ path: PATH, text, seq: 3, kept: 0, symbol: other });
    expect(!isUnchanged(second) && [...(second.latest ?? []), ...(second.history ?? [])].every((r) => r.symbol === other)).toBe(true);
    const none = answers.pick({ path: PATH, text, seq: 4, kept: 0, symbol: 'NO-SUCH' });
    expect(!isUnchanged(none) && (none.latest ?? []).length + (none.history ?? []).length).toBe(0);
  });

  it.runIf(hasMarketData)('parses a text once for the whole read and for every pick of it', () => {
    const text = readFileSync(join(A_ROOT, 'data/dividend/history.sample.json'), 'utf8');
    const answers = createReadAnswers();
    let parses = 0;
    const parse = JSON.parse;
    JSON.parse = ((t: string, r?: (this: unknown, key: string, value: unknown) => unknown) => (parses++, parse(t, r))) as typeof JSON.parse;
    try {
      answers.read({ kind: 'dividendHistory', path: PATH, text, seq: 1, kept: 0 });
      answers.pick({ path: PATH, text, seq: 2, kept: 0, symbol: 'A' });
      answers.pick({ path: PATH, text, seq: 3, kept: 0, symbol: 'B' });
    } finally {
      JSON.parse = parse;
    }
    expect(parses).toBe(1);
  });
});
