// Pattern search (core/dictionary/search/pattern.ts): `?` one letter with its marks, `*` any run,
// the four modes, over folded text; checked against a naive scan (a recursive matcher over each
// folded word, no regular expression) on random words and patterns, and on the real headwords.

import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fold } from '../../../src/core/dictionary/search/fold.ts';
import { foldAll, isMark, parsePattern, type PatternMode, type PatternToken, searchPattern } from '../../../src/core/dictionary/search/pattern.ts';
import { HEADWORDS, hasSharedData } from '../../../harness/shared-data.ts';

/** Does `tokens` match `s` from `i` to the end (what "whole" asks)? Written from the definition. */
function matchFrom(tokens: readonly PatternToken[], t: number, s: string[], i: number): boolean {
  if (t === tokens.length) return i === s.length;
  const tok = tokens[t]!;
  if (tok === '*') {
    for (let j = i; j <= s.length; j++) if (matchFrom(tokens, t + 1, s, j)) return true;
    return false;
  }
  if (tok === '?') {
    if (i >= s.length || isMark(s[i]!)) return false;
    let j = i + 1;
    while (j < s.length && isMark(s[j]!)) j++;
    return matchFrom(tokens, t + 1, s, j);
  }
  const lit = [...tok.text];
  for (let k = 0; k < lit.length; k++) if (s[i + k] !== lit[k]) return false;
  return matchFrom(tokens, t + 1, s, i + lit.length);
}

function naive(words: readonly string[], q: string, mode: PatternMode, limit: number) {
  const inner = parsePattern(q);
  if (inner.length === 0) return { total: 0, words: [] };
  // Every mode is "whole" with `*` at the open ends.
  const tokens: PatternToken[] = [
    ...(mode === 'ends' || mode === 'contains' ? ['*' as const] : []),
    ...inner,
    ...(mode === 'starts' || mode === 'contains' ? ['*' as const] : []),
  ];
  const hits = words.filter((w) => matchFrom(tokens, 0, [...fold(w)], 0));
  return { total: hits.length, words: hits.slice(0, limit) };
}

const search = (words: string[], q: string, mode: PatternMode, limit = 1000) => searchPattern(words, foldAll(words), q, mode, limit);

describe('pattern search', () => {
  const words = ['कमल', 'कल', 'काजल', 'कागज', 'कागल', 'किताब', 'क्षमा', 'घर', 'घरबार', 'पानी', 'रानी', 'हानि', 'नानी'].sort();

  it('? is one letter with its marks', () => {
    expect(search(words, 'क?ल', 'whole').words).toEqual(['कमल']);
    expect(search(words, '?ल', 'whole').words).toEqual(['कल']);
    expect(search(words, 'का?ल', 'whole').words).toEqual(['कागल', 'काजल']);
    // क्ष is two letters (क् then ष)
    expect(search(words, '???', 'whole').words).toContain('क्षमा');
    expect(search(words, '??', 'whole').words).toEqual(['कल', 'घर', 'नानी', 'पानी', 'रानी', 'हानि']);
  });

  it('* is any run; ends with finds rhymes, over folded text (ी = ि)', () => {
    expect(search(words, 'ानी', 'ends').words).toEqual(['नानी', 'पानी', 'रानी', 'हानि']);
    expect(search(words, '*नि', 'whole').words).toEqual(['नानी', 'पानी', 'रानी', 'हानि']);
    expect(search(words, 'घर', 'starts').words).toEqual(['घर', 'घरबार']);
    expect(search(words, 'गज', 'contains').words).toEqual(['कागज']);
    expect(search(words, 'क*ल', 'whole').words).toEqual(['कमल', 'कल', 'कागल', 'काजल']);
  });

  it('counts all and lists the first ones, in dictionary order; full-width wildcards and romanised parts', () => {
    const r = search(words, 'क*', 'whole', 2);
    expect(r.total).toBe(7); // with क्षमा
    expect(r.words).toEqual(['कमल', 'कल']);
    expect(search(words, 'क？ल', 'whole').words).toEqual(['कमल']);
    expect(search(words, 'ghar*', 'whole').words).toEqual(['घर', 'घरबार']);
    expect(search(words, '', 'contains')).toEqual({ total: 0, words: [] });
  });

  const unit = fc.constantFrom('क', 'ख', 'न', 'म', 'र', 'ष', 'श', 'अ', 'ई', 'इ', '्', 'ा', 'ि', 'ी', 'ु', 'ं', 'ँ', 'ः', 'a');
  const word = fc.string({ unit, minLength: 1, maxLength: 7 });
  const pattern = fc.string({ unit: fc.oneof(unit, fc.constantFrom('?', '*')), maxLength: 6 });
  const mode = fc.constantFrom<PatternMode>('whole', 'starts', 'ends', 'contains');

  it('agrees with a naive scan on random words and patterns', () => {
    fc.assert(
      fc.property(fc.array(word, { maxLength: 40 }), pattern, mode, fc.integer({ min: 1, max: 50 }), (list, q, m, limit) => {
        const sorted = [...list].sort();
        expect(search(sorted, q, m, limit)).toEqual(naive(sorted, q, m, limit));
      }),
      { numRuns: 2000 },
    );
  });

  it.runIf(hasSharedData)('agrees with a naive scan on the 123,363 real headwords', () => {
    const real = readFileSync(HEADWORDS, 'utf8').split('\n').filter(Boolean);
    const folded = foldAll(real);
    for (const [q, m] of [
      ['क?ल', 'whole'],
      ['ानी', 'ends'],
      ['*र?र', 'whole'],
      ['गज', 'contains'],
      ['ghar', 'starts'],
      ['?', 'whole'],
    ] as const) {
      const got = searchPattern(real, folded, q, m, 50);
      expect(got, `${q} ${m}`).toEqual(naive(real, q, m, 50));
      expect(got.total, `${q} ${m}`).toBeGreaterThan(0);
    }
  });
});
