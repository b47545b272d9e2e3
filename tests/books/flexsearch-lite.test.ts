// The worker's stand-in for flexsearch (src/sw/books/flexsearch-lite.ts), against the library
// itself: the same encoder and index options as the books index (src/core/books/encoder.ts),
// random records and random one-term queries, the same lists by score.

import fc from 'fast-check';
import { Encoder, Index } from 'flexsearch';
import { describe, expect, it } from 'vitest';
import * as lite from '../../src/sw/books/flexsearch-lite.ts';
import { foldText, foldWord, WORD_SPLIT } from '../../src/core/books/fold.ts';

const RESOLUTION = 10;
type Lib = { Encoder: new (o: object) => unknown; Index: new (o: object) => { add(id: number, text: string): unknown; search(q: string, o: object): unknown } };

/** One index as encoder.ts makes it, with `slotOf` as the score and `whole` marking every word once more. */
function build(lib: Lib, records: readonly string[], slotOf: (term: string) => number) {
  let mode: 'index' | 'query' = 'index';
  const encoder = new lib.Encoder({
    normalize: foldText,
    split: WORD_SPLIT,
    numeric: false,
    dedupe: false,
    cache: false,
    finalize: (terms: string[]) => {
      const out: string[] = [];
      for (const t of terms) {
        const w = foldWord(t);
        if (w) out.push(...(mode === 'index' ? [w, `${w}\u0001`] : [w]));
      }
      return out;
    },
  });
  const index = new lib.Index({ tokenize: 'forward', encoder, resolution: RESOLUTION, fastupdate: false, score: (_c: string[], term: string) => slotOf(term) });
  records.forEach((r, i) => index.add(i, r));
  mode = 'query';
  return (q: string) => {
    const r = index.search(q, { limit: Math.max(1, records.length), resolve: false }) as { result?: Array<number[] | undefined> };
    // Empty slots as the books query reads them (undefined and [] alike).
    return (r.result ?? []).map((l) => l ?? []);
  };
}

const trim = (lists: number[][]) => {
  const out = lists.map((l) => [...l]);
  while (out.length && out[out.length - 1]!.length === 0) out.pop();
  return out;
};

// Words from a few letters (Latin, digits and Devanagari with vowel signs and virama), so that
// prefixes and repeats are common.
const word = fc
  .array(fc.constantFrom('a', 'b', 'n', 'e', '1', 'क', 'ि', 'त', 'ा', 'ब', '्', 'ने', 'पा', 'ल'), { minLength: 1, maxLength: 6 })
  .map((p) => p.join(''));
const record = fc.array(word, { minLength: 0, maxLength: 6 }).map((w) => w.join(fc.sample(fc.constantFrom(' ', ', ', ' - ', '. '), 1)[0]!));

describe('flexsearch-lite', () => {
  it('files and finds what flexsearch does, for one-term queries', () => {
    fc.assert(
      fc.property(
        fc.array(record, { minLength: 1, maxLength: 12 }),
        fc.array(word, { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 1000 }),
        (records, queries, seed) => {
          // Any deterministic score in range: the books index gives each word its rank slot.
          const slotOf = (term: string) => [...term].reduce((n, c) => n + c.codePointAt(0)!, seed) % RESOLUTION;
          const real = build({ Encoder, Index } as unknown as Lib, records, slotOf);
          const mine = build(lite as unknown as Lib, records, slotOf);
          for (const w of [...queries, ...records.flatMap((r) => r.split(/\s+/).slice(0, 2))]) {
            for (const q of [w, w.slice(0, 1), w.slice(0, 2)]) {
              if (
                foldText(q)
                  .split(WORD_SPLIT)
                  .filter((x) => x && foldWord(x)).length !== 1
              )
                continue;
              expect(trim(mine(q)), q).toEqual(trim(real(q)));
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
