import { readFileSync } from 'node:fs';
import { Encoder, Index } from 'flexsearch';
import { describe, expect, it } from 'vitest';
import { mergeDuplicates, sortEntries } from '../../../src/core/dictionary/layout.ts';
import { readRawEntries } from '../../../src/core/dictionary/raw.ts';
import { fold } from '../../../src/core/dictionary/search/fold.ts';
import { createMeaningEncoder, meaningTerms } from '../../../src/core/dictionary/search/meaning-encoder.ts';
import { MeaningIndex, meaningText } from '../../../src/core/dictionary/search/meaning-index.ts';

describe('the stock flexsearch encoder is wrong for Devanagari', () => {
  it('splits नेपाली at its vowel signs into न, प, ल and collapses कक्का', () => {
    expect(new Encoder().encode('नेपाली')).toEqual(['न', 'प', 'ल']);
    expect(new Encoder().encode('कक्का')).toEqual(['क', 'क']);
  });

  it('so a stock index finds नेपाली in any text holding the letters न प ल', () => {
    const stock = new Index();
    stock.add(1, 'नेपाली भाषा');
    stock.add(2, 'न प ल');
    expect(stock.search('नेपाली')).toEqual(expect.arrayContaining([1, 2]));
  });
});

describe('the meaning encoder', () => {
  const encoder = createMeaningEncoder();

  it('keeps whole words, folded, with no letter dedupe', () => {
    expect(encoder.encode('नेपाली')).toEqual(['नेपालि']);
    expect(encoder.encode('कक्का')).toEqual(['कक्का']);
    expect(encoder.encode('पण्डित, पँडित; पंडित।')).toEqual(['पंडित', 'पंडित', 'पंडित']);
  });

  it('does not split at joiners, reads an inner colon as visarga, drops sense numbers', () => {
    expect(encoder.encode('र्\u200Dयाल')).toEqual(['र्याल']);
    expect(encoder.encode('अन्त:करण: मन')).toEqual(['अंतःकरण', 'मन']);
    expect(encoder.encode('१. पानी २. जल 3')).toEqual(['पानि', 'जल']);
  });

  it('gives the terms meaningTerms gives', () => {
    const text = '१. हराएको वा नभेटिएको कुरा पत्ता लगाउने काम; खोजी। र्\u200Dयाल';
    expect(encoder.encode(text)).toEqual(meaningTerms(text));
  });

  it('makes a flexsearch index that finds नेपाली and not न प ल', () => {
    const index = new Index({ encoder: createMeaningEncoder() });
    index.add(1, 'नेपाली भाषा');
    index.add(2, 'न प ल');
    expect(index.search('नेपाली')).toEqual([1]);
    expect(index.search('नेपालि')).toEqual([1]);
  });
});

describe('MeaningIndex on the sample dictionary', () => {
  const raw: unknown = JSON.parse(readFileSync(new URL('../../../data-build/dictionary/sample/dictionary.json', import.meta.url), 'utf8'));
  // Ids are dictionary indices: positions in the merged, sorted dictionary.
  const entries = sortEntries(mergeDuplicates(readRawEntries(raw, 'dictionary.json').entries));
  const index = new MeaningIndex();
  entries.forEach((e, i) => index.add(i, e.definitions));
  const terms = entries.map((e) => new Set(meaningTerms(meaningText(e.definitions))));
  const holding = (...words: string[]) => entries.map((_, i) => i).filter((i) => words.every((w) => terms[i]!.has(fold(w))));

  it('finds exactly the entries whose senses hold the word', () => {
    for (const word of ['पानी', 'खाना', 'काम', 'घर', 'मान्छे', 'ठाउँ']) {
      const expected = holding(word);
      expect(expected.length, word).toBeGreaterThan(0);
      expect(new Set(index.search(word, { limit: 1000 })), word).toEqual(new Set(expected));
    }
  });

  it('needs every word of a longer query, unless partial matches are asked for', () => {
    const both = holding('पानी', 'भएको');
    expect(new Set(index.search('पानी भएको', { limit: 1000 }))).toEqual(new Set(both));
    const some = index.search('पानी भएको', { limit: 1000, partial: true });
    expect(some.length).toBeGreaterThan(both.length);
    // entries with both words come first
    expect(new Set(some.slice(0, both.length))).toEqual(new Set(both));
  });

  it('searches under the fold: long and short vowels, chandrabindu and anusvara alike', () => {
    expect(index.search('पानि', { limit: 1000 })).toEqual(index.search('पानी', { limit: 1000 }));
    expect(index.search('ठाउं', { limit: 1000 })).toEqual(index.search('ठाउँ', { limit: 1000 }));
  });

  it('ranks an entry whose first sense holds the word before one that holds it only later', () => {
    const ranked = index.search('पानी', { limit: 1000 });
    const firstSense = (i: number) => new Set(meaningTerms(entries[i]!.definitions[0]?.senses[0] ?? '')).has(fold('पानी'));
    expect(ranked.some((i) => !firstSense(i))).toBe(true);
    expect(firstSense(ranked[0]!)).toBe(true);
  });

  it('respects the limit', () => {
    expect(index.search('र', { limit: 3 }).length).toBeLessThanOrEqual(3);
    expect(index.search('')).toEqual([]);
  });

  it('transliterates a romanised query', () => {
    expect(index.search('paanii', { limit: 1000 })).toEqual(index.search('पानी', { limit: 1000 }));
  });

  it('matches word beginnings when built with prefix: true', () => {
    const prefix = new MeaningIndex({ prefix: true });
    entries.forEach((e, i) => prefix.add(i, e.definitions));
    const found = new Set(prefix.search('पान', { limit: 1000 }));
    for (const i of holding('पानी')) expect(found).toContain(i);
    expect(index.search('पान', { limit: 1000 }).every((i) => terms[i]!.has(fold('पान')))).toBe(true);
  });

  it('exports and imports to the same answers', () => {
    const parts = index.export();
    expect(parts.length).toBeGreaterThan(0);
    for (const [key, data] of parts) {
      expect(typeof key).toBe('string');
      expect(typeof data).toBe('string');
    }
    const copy = MeaningIndex.import(JSON.parse(JSON.stringify(parts)));
    for (const q of ['पानी', 'खाना', 'पानी भएको', 'काम']) expect(copy.search(q, { limit: 50 })).toEqual(index.search(q, { limit: 50 }));
  });
});
