import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeStats, layOut, mergeDuplicates, sortEntries } from '../../src/core/dictionary/layout.ts';
import { letterOf } from '../../src/core/dictionary/normalise.ts';
import { Tally } from '../../src/core/problems.ts';
import type { Oddity } from '../../src/core/dictionary/raw.ts';
import type { Entry } from '../../src/core/dictionary/types.ts';

const e = (word: string, ...senses: string[]): Entry => ({ word, definitions: [{ grammar: 'ना.', senses }] });

describe('mergeDuplicates', () => {
  it('keeps one entry per headword with every block in source order, dropping verbatim repeats', () => {
    const odd = new Tally<Oddity>();
    const merged = mergeDuplicates([e('कर', 'शुल्क।'), e('घर', 'बस्ने ठाउँ।'), e('कर', 'हात।'), e('कर', 'शुल्क।')], odd);
    expect(merged.map((x) => x.word)).toEqual(['कर', 'घर']);
    expect(merged[0]!.definitions.map((d) => d.senses[0])).toEqual(['शुल्क।', 'हात।']);
    expect(odd.get('duplicate-headword-merged')).toBe(2);
    expect(odd.get('identical-block-dropped')).toBe(1);
  });

  it("never changes the caller's entries", () => {
    const input = [e('कर', 'क।'), e('कर', 'ख।')];
    mergeDuplicates(input);
    expect(input[0]!.definitions).toHaveLength(1);
  });
});

const words = fc.uniqueArray(fc.string({ unit: fc.constantFrom('क', 'ख', 'अ', 'ा', '्', 'ष', 'ँ', 'ं'), minLength: 1, maxLength: 4 }), {
  minLength: 1,
  maxLength: 120,
});

describe('layOut', () => {
  it('chunks and letters agree with each other and with the index of every word', () => {
    fc.assert(
      fc.property(words, fc.integer({ min: 1, max: 17 }), (ws, size) => {
        const entries = sortEntries(ws.map((w) => e(w, 'अर्थ।')));
        const l = layOut(entries, size);
        expect(l.chunks).toHaveLength(Math.ceil(entries.length / size));
        expect(l.chunks.reduce((n, c) => n + c.count, 0)).toBe(entries.length);
        l.chunks.forEach((c, i) => {
          expect(c.chunk).toBe(i);
          expect(c.path).toBe(`chunks/${String(i).padStart(4, '0')}.json`);
          expect(c.start).toBe(i * size);
          expect(c.firstWord).toBe(entries[c.start]!.word);
          expect(c.lastWord).toBe(entries[c.end]!.word);
        });
        let next = 0;
        for (const info of l.letters) {
          expect(info.startIndex).toBe(next);
          const list = l.words.get(info.letter)!;
          expect(list).toHaveLength(info.count);
          list.forEach((item, j) => {
            expect(item.index).toBe(info.startIndex + j);
            expect(entries[item.index]!.word).toBe(item.word);
            expect(letterOf(item.word)).toBe(info.letter);
            expect(item.chunk).toBe(Math.floor(item.index / size));
          });
          expect(info.startChunk).toBe(list[0]!.chunk);
          expect(info.endChunk).toBe(list[list.length - 1]!.chunk);
          next = info.endIndex + 1;
        }
        expect(next).toBe(entries.length);
      }),
    );
  });

  it('refuses chunk sizes that are not positive or need more than 9999 chunk ids', () => {
    const entries = [e('क', 'अ।')];
    expect(() => layOut(entries, 0)).toThrow(/positive integer/);
    const many = Array.from({ length: 10_001 }, (_, i) => e(`क${String(i).padStart(5, '0')}`, 'अ।'));
    expect(() => layOut(many, 1)).toThrow(/four digits/);
  });
});

describe('computeStats', () => {
  it('counts blocks, senses, etymologies, missing and blank grammar labels', () => {
    const stats = computeStats([
      { word: 'क', definitions: [{ grammar: 'ना.', etymology: '[सं.]', senses: ['a', 'b'] }, { senses: [] }] },
      {
        word: 'ख',
        definitions: [
          { grammar: '  ', senses: ['c'] },
          { grammar: '', etymology: ' ', senses: ['d'] },
        ],
      },
    ]);
    expect(stats).toEqual({ entries: 2, definitionBlocks: 4, senses: 4, etymologies: 1, missingGrammarLabels: 1, blankGrammarLabels: 2 });
  });
});
