import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { meaningTerms, termOf, termSpans } from '../../../src/core/dictionary/meanings/terms.ts';
import { WordTable } from '../../../src/core/dictionary/meanings/word-table.ts';
import { fold } from '../../../src/core/dictionary/search/fold.ts';

describe('the words of a meaning', () => {
  it('are whole words, folded (the stock flexsearch encoder split नेपाली into न, प, ल)', () => {
    expect(meaningTerms('नेपाली')).toEqual(['नेपालि']);
    expect(meaningTerms('कक्का')).toEqual(['कक्का']);
    expect(meaningTerms('पण्डित, पँडित; पंडित।')).toEqual(['पंडित', 'पंडित', 'पंडित']);
  });

  it('do not split at joiners, read an inner colon as visarga, drop sense numbers', () => {
    expect(meaningTerms('र्\u200Dयाल')).toEqual(['र्याल']);
    expect(meaningTerms('अन्त:करण: मन')).toEqual(['अंतःकरण', 'मन']);
    expect(meaningTerms('१. पानी २. जल 3')).toEqual(['पानि', 'जल']);
  });

  it('know where each word stands, so a snippet can mark it', () => {
    const text = '१. हराएको वा नभेटिएको कुरा पत्ता लगाउने काम; खोजी। र्\u200Dयाल';
    for (const s of termSpans(text)) expect(fold(text.slice(s.start, s.end))).toBe(s.term);
    expect(termSpans(text).map((s) => text.slice(s.start, s.end))).toEqual(['हराएको', 'वा', 'नभेटिएको', 'कुरा', 'पत्ता', 'लगाउने', 'काम', 'खोजी', 'र्\u200Dयाल']);
  });

  it('any text: the word table (the data build\u2019s) finds the words termSpans finds', () => {
    const chars = fc.constantFrom(...'अकखन्मःािेंँ।;,.: \u200c\u200d१2ab-😀𝐀'.split(/(?:)/u));
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 40 }), (list) => {
        const text = list.join('');
        const table = new WordTable();
        const words: string[] = [];
        table.scan(text, (n) => words.push(table.words[n]!));
        expect(words.map(termOf).filter((t) => t !== '')).toEqual(termSpans(text).map((s) => s.term));
      }),
      { numRuns: 3000 },
    );
  });

  it('the word table numbers each distinct word once, however many texts it scans', () => {
    const table = new WordTable();
    const seen: number[] = [];
    for (let i = 0; i < 50_000; i++) table.scan(`शब्द${i % 20_000} र पानी`, (n) => seen.push(n));
    expect(table.words.length).toBe(20_002);
    expect(new Set(table.words).size).toBe(table.words.length);
    expect(seen.slice(0, 3).map((n) => table.words[n])).toEqual(['शब्द0', 'र', 'पानी']);
    expect(seen.slice(60_000, 60_003).map((n) => table.words[n])).toEqual(['शब्द0', 'र', 'पानी']);
  });

  it('any text: spans are in order, never overlap, and each folds to its term', () => {
    const devanagari = fc.constantFrom(...'अआइईकखगघनमपरलवशषसह्ािीुूेैोौंँः।;,: \u200c\u200d१२abc'.split(''));
    fc.assert(
      fc.property(fc.array(devanagari, { maxLength: 40 }), (chars) => {
        const text = chars.join('');
        let end = 0;
        for (const s of termSpans(text)) {
          expect(s.start).toBeGreaterThanOrEqual(end);
          expect(fold(text.slice(s.start, s.end))).toBe(s.term);
          end = s.end;
        }
      }),
      { numRuns: 500 },
    );
  });
});
