import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareCodePoints, letterOf, normaliseHeadword } from '../../src/core/dictionary/normalise.ts';
import { sortEntries } from '../../src/core/dictionary/layout.ts';
import { HEADWORDS, hasSharedData } from '../../harness/shared-data.ts';

const codePoints = (s: string) => [...s].map((c) => c.codePointAt(0)!);
const byCodePointsReference = (a: string, b: string) => {
  const x = codePoints(a);
  const y = codePoints(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
};

describe('normaliseHeadword', () => {
  it('trims white space and stray edge joiners, composes to NFC, keeps inner joiners', () => {
    expect(normaliseHeadword('  किरण ').word).toBe('किरण');
    expect(normaliseHeadword('किरण\u200C').word).toBe('किरण');
    expect(normaliseHeadword('\u200Dकिरण').changes.edgeJoiners).toBe(true);
    // eyelash ra: the ZWJ after the virama spells it and must stay
    expect(normaliseHeadword('र्\u200Dयाल').word).toBe('र्\u200Dयाल');
    expect(normaliseHeadword('र्\u200Dयाल').changes).toEqual({ trimmed: false, edgeJoiners: false, composed: false });
    // क + nukta stays decomposed in NFC (composition exclusion), but ऩ (न + nukta) composes
    expect(normaliseHeadword('न\u093C').word).toBe('\u0929');
    expect(normaliseHeadword('न\u093C').changes.composed).toBe(true);
    expect(normaliseHeadword('क\u093C').word).toBe('क\u093C');
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(' ', '\u200C', '\u200D', 'क', '्', 'ा', 'न', '\u093C', ':', 'ँ') }), (s) => {
        const once = normaliseHeadword(s).word;
        expect(normaliseHeadword(once).word).toBe(once);
      }),
    );
  });
});

describe('compareCodePoints', () => {
  it('orders by code point, as the printed dictionary does (अँ < अं < अक)', () => {
    const words = ['अक', 'अं', 'अँ', 'क्ष', 'कह', 'क'];
    expect([...words].sort(compareCodePoints)).toEqual(['अँ', 'अं', 'अक', 'क', 'कह', 'क्ष']);
  });

  it('agrees with a code point reference on any strings, astral ones included', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' }), (a, b) => {
        expect(Math.sign(compareCodePoints(a, b))).toBe(Math.sign(byCodePointsReference(a, b)));
      }),
      { numRuns: 2000 },
    );
    // UTF-16 order would put U+FF01 after U+1F600's surrogates; code point order does not
    expect(compareCodePoints('\uFF01', '😀')).toBeLessThan(0);
  });

  it('sortEntries takes the fast path and the general one to the same order', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme' }), { maxLength: 40 }), (ws) => {
        const sorted = sortEntries(ws.map((word) => ({ word, definitions: [] }))).map((e) => e.word);
        expect(sorted).toEqual([...ws].sort(byCodePointsReference));
      }),
    );
  });
});

describe('letterOf', () => {
  it('is the first code point, so conjuncts file under their first consonant', () => {
    expect(letterOf('क्षमा')).toBe('क');
    expect(letterOf('ज्ञान')).toBe('ज');
    expect(letterOf('त्रिशूल')).toBe('त');
    expect(letterOf('ॐ')).toBe('ॐ');
    expect(letterOf('😀x')).toBe('😀');
  });
});

describe.runIf(hasSharedData)('on the real headword list (123,363 words)', () => {
  const words = hasSharedData ? readFileSync(HEADWORDS, 'utf8').split('\n').filter(Boolean) : [];

  it('our order reproduces the published code-point order exactly', () => {
    const shuffled = [...words].reverse();
    const sorted = sortEntries(shuffled.map((word) => ({ word, definitions: [] }))).map((e) => e.word);
    expect(sorted).toEqual(words);
  });

  it('gives 45 letters, with प largest (11,395) and ञ, ण, ॐ smallest', () => {
    const counts = new Map<string, number>();
    for (const w of words) counts.set(letterOf(w), (counts.get(letterOf(w)) ?? 0) + 1);
    expect(counts.size).toBe(45);
    expect(counts.get('प')).toBe(11_395);
    expect(counts.get('स')).toBe(10_707);
    expect(counts.get('ञ')).toBe(3);
    expect(counts.get('ण')).toBe(2);
    expect(counts.get('ॐ')).toBe(3);
  });

  it('normalisation leaves every published headword as it is', () => {
    const changed = words.filter((w) => normaliseHeadword(w).word !== w);
    expect(changed).toEqual([]);
  });
});
