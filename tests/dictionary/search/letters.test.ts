import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { letterOf } from '../../../src/core/dictionary/normalise.ts';
import { HeadwordIndex } from '../../../src/core/dictionary/search/headword-index.ts';
import { lettersFor } from '../../../src/core/dictionary/search/letters.ts';
import { HEADWORDS, hasSharedData } from '../../../harness/shared-data.ts';

const realWords = hasSharedData
  ? readFileSync(HEADWORDS, 'utf8')
      .split('\n')
      .filter((w) => w !== '')
  : [];

describe('lettersFor', () => {
  it.each([
    ['इ', ['इ', 'ई']],
    ['ईख', ['ई', 'इ']],
    ['उ', ['उ', 'ऊ']],
    ['क', ['क']],
    ['न्याय', ['न', 'ऩ', 'ङ', 'ञ', 'ण']],
    ['ष', ['ष', 'श', 'स']],
    ['ब', ['ब', 'व']],
    ['k', ['क']],
    ['kiran', ['क']],
    ['gyan', ['ज', 'ग']],
    ['s', ['स', 'श', 'ष']],
    ['rishi', ['र', 'ऱ', 'ऋ', 'ॠ']],
    ['aama', ['आ', 'अ', 'ऐ', 'औ']],
    ['chha', ['छ', 'च']],
    ['५', ['५']],
  ])('%s needs %j', (query, letters) => {
    expect(lettersFor(query)).toEqual(letters);
  });

  it('puts the letters of the query itself first', () => {
    expect(lettersFor('ई')[0]).toBe('ई');
    expect(lettersFor('ऋषि')[0]).toBe('ऋ');
    expect(lettersFor('वाक्य').slice(0, 1)).toEqual(['व']);
  });

  it('needs nothing for an empty query', () => {
    expect(lettersFor('')).toEqual([]);
    expect(lettersFor('  ')).toEqual([]);
    expect(lettersFor('।')).toEqual([]);
  });

  it('gives only letters that can start a normalised word', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'कखगनमणसशषबवइईऋअआािीुूृेैोौं्ँः kaghnsiu'.split('')), maxLength: 6 }), (q) => {
        for (const letter of lettersFor(q)) {
          expect(letter).not.toMatch(/\p{M}/u);
          expect(letter.normalize('NFC')).toBe(letter);
        }
      }),
    );
  });
});

describe.runIf(hasSharedData)('lettersFor on the 123,363 real headwords', () => {
  const index = new HeadwordIndex(realWords);
  const byLetter = new Map<string, string[]>();
  for (const w of realWords) {
    const l = letterOf(w);
    byLetter.set(l, [...(byLetter.get(l) ?? []), w]);
  }

  it("names every word's own letter for the word and for its first one and two characters", () => {
    const misses = realWords.filter((w) => {
      const cps = [...w];
      return [w, cps[0]!, cps.slice(0, 2).join('')].some((q) => !lettersFor(q).includes(letterOf(w)));
    });
    expect(misses).toEqual([]);
  });

  const query = fc.oneof(
    // Built even when skipped (a skipped describe still runs its body): no words then.
    fc.tuple(fc.nat({ max: Math.max(0, realWords.length - 1) }), fc.nat()).map(([i, cut]) => {
      const cps = [...realWords[i]!];
      return cps.slice(0, 1 + (cut % cps.length)).join('');
    }),
    fc.string({ unit: fc.constantFrom(...'aaeiouknmstdrlpbghcjyvwx'.split('')), minLength: 1, maxLength: 6 }),
  );

  it('names the letter of every hit search gives', () => {
    fc.assert(
      fc.property(query, (q) => {
        const letters = lettersFor(q);
        for (const hit of index.search(q, 50)) expect(letters).toContain(letterOf(hit.word));
      }),
      { numRuns: 400 },
    );
  });

  it('is enough: an index of only those letter files answers as the whole dictionary does', () => {
    fc.assert(
      fc.property(query, (q) => {
        const partial = new HeadwordIndex(lettersFor(q).flatMap((l) => byLetter.get(l) ?? []));
        const words = (hits: { word: string; kind: string }[]) => hits.map((h) => `${h.word} ${h.kind}`);
        expect(words(partial.search(q, 30))).toEqual(words(index.search(q, 30)));
      }),
      { numRuns: 40 },
    );
  });
});
