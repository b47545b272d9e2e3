// The meaning index as the data build writes it (through JSON) and the app searches it, on the
// embedded sample dictionary: answers checked against the words of every entry's senses.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mergeDuplicates, sortEntries } from '../../../src/core/dictionary/layout.ts';
import { buildMeanings, rankOf } from '../../../src/core/dictionary/meanings/build.ts';
import { shardKey, shardPath } from '../../../src/core/dictionary/meanings/files.ts';
import { meaningQuery, MeaningShards } from '../../../src/core/dictionary/meanings/search.ts';
import { meaningTerms } from '../../../src/core/dictionary/meanings/terms.ts';
import { readRawEntries } from '../../../src/core/dictionary/raw.ts';
import { fold } from '../../../src/core/dictionary/search/fold.ts';

const raw: unknown = JSON.parse(readFileSync(new URL('../../../data-build/dictionary/sample/dictionary.json', import.meta.url), 'utf8'));
// Ids are dictionary indices: positions in the merged, sorted dictionary.
const entries = sortEntries(mergeDuplicates(readRawEntries(raw, 'dictionary.json').entries));
const built = JSON.parse(
  JSON.stringify(buildMeanings(entries, '2026-01-01T00:00:00Z', (s) => ({ bytes: JSON.stringify(s).length, sha256: '' }))),
) as ReturnType<typeof buildMeanings>;
const shards = new MeaningShards(built.index.entries);
for (const s of built.shards) shards.add(s);
const search = (q: string, options: Parameters<MeaningShards['search']>[1] = {}) => shards.search(meaningQuery(q), { limit: 1000, ...options }).ids;

const terms = entries.map((e) => new Set(e.definitions.flatMap((d) => d.senses.flatMap(meaningTerms))));
const holding = (...words: string[]) => entries.map((_, i) => i).filter((i) => words.every((w) => terms[i]!.has(fold(w))));

describe('the meaning index files', () => {
  it('list every shard once, named by its key, with the counts of what they hold', () => {
    expect(built.index.entries).toBe(entries.length);
    expect(built.index.shards.map((s) => s.path)).toEqual(built.shards.map((s) => shardPath(s.key)));
    for (const [i, s] of built.shards.entries()) {
      expect(s.terms.every((t) => shardKey(t) === s.key)).toBe(true);
      expect([...s.terms].sort()).toEqual(s.terms);
      expect(built.index.shards[i]!.terms).toBe(s.terms.length);
    }
    expect(built.index.terms).toBe(new Set(terms.flatMap((t) => [...t])).size);
  });

  it('are the same for the same entries (byte-identical builds)', () => {
    expect(JSON.stringify(buildMeanings(entries, '2026-01-01T00:00:00Z', () => ({ bytes: 0, sha256: '' })))).toBe(
      JSON.stringify(buildMeanings(entries, '2026-01-01T00:00:00Z', () => ({ bytes: 0, sha256: '' }))),
    );
  });
});

describe('meaning search on the sample dictionary', () => {
  it('finds exactly the entries whose senses hold the word', () => {
    for (const word of ['पानी', 'खाना', 'काम', 'घर', 'मान्छे', 'ठाउँ']) {
      const expected = holding(word);
      expect(expected.length, word).toBeGreaterThan(0);
      expect(new Set(search(word)), word).toEqual(new Set(expected));
    }
  });

  it('needs every word of a longer query, unless partial matches are asked for', () => {
    const both = holding('पानी', 'भएको');
    expect(both.length).toBeGreaterThan(0);
    expect(new Set(search('पानी भएको'))).toEqual(new Set(both));
    const some = search('पानी भएको', { partial: true });
    expect(some.length).toBeGreaterThan(both.length);
    // entries with both words come first
    expect(new Set(some.slice(0, both.length))).toEqual(new Set(both));
  });

  it('searches under the fold: long and short vowels, chandrabindu and anusvara alike', () => {
    expect(search('पानि')).toEqual(search('पानी'));
    expect(search('ठाउं')).toEqual(search('ठाउँ'));
  });

  it('ranks an entry whose first sense holds the word before one that holds it only later', () => {
    const ranked = search('पानी');
    const firstSense = (i: number) => new Set(meaningTerms(entries[i]!.definitions[0]?.senses[0] ?? '')).has(fold('पानी'));
    expect(ranked.some((i) => !firstSense(i))).toBe(true);
    expect(firstSense(ranked[0]!)).toBe(true);
    // and as the build ranks them (the first sense holding the word, a gloss before a sentence): ties in dictionary order
    const rank = (i: number) =>
      Math.min(
        ...entries[i]!.definitions.flatMap((d) => d.senses).map((sense, ordinal) =>
          meaningTerms(sense).includes(fold('पानी')) ? rankOf(ordinal, meaningTerms(sense).length) : Infinity,
        ),
      );
    for (let k = 1; k < ranked.length; k++) {
      const [a, b] = [ranked[k - 1]!, ranked[k]!];
      expect(rank(a) < rank(b) || (rank(a) === rank(b) && a < b), `${entries[a]!.word} before ${entries[b]!.word}`).toBe(true);
    }
  });

  it('respects the limit, and counts every match', () => {
    const all = search('र');
    const three = shards.search(meaningQuery('र'), { limit: 3 });
    expect(three.ids).toEqual(all.slice(0, 3));
    expect(three.total).toBe(all.length);
    expect(search('')).toEqual([]);
  });

  it('transliterates a romanised query, and matches it loosely after its own spelling', () => {
    expect(meaningQuery('paanii').text).toBe('पानी');
    expect(search('paanii').slice(0, search('पानी').length)).toEqual(search('पानी'));
    // khana is खना as written: खाना, whose loose key is the same, is found too
    expect(meaningQuery('khana').text).toBe('खना');
    expect(new Set(search('khana'))).toEqual(new Set(holding('खाना')));
    // शब्द from sabda: the loose key crosses shards (स, श)
    expect(meaningQuery('sabda').keys).toEqual(expect.arrayContaining(['स', 'श']));
  });

  it('with prefix, the last word also matches longer words (after exact matches)', () => {
    const found = search('पान', { prefix: true });
    for (const i of holding('पानी')) expect(found).toContain(i);
    expect(search('पान').every((i) => terms[i]!.has(fold('पान')))).toBe(true);
    const exact = search('पानी');
    expect(search('पानी', { prefix: true }).slice(0, exact.length)).toEqual(exact);
  });

  it('needs only the shards of the query\u2019s words', () => {
    const q = meaningQuery('पानी भएको घर');
    expect(q.keys).toEqual(['प', 'भ', 'घ']);
    expect(q.loose).toBe(false);
    const some = new MeaningShards(built.index.entries);
    for (const s of built.shards.filter((s) => q.keys.includes(s.key))) some.add(s);
    expect(some.search(q, { limit: 1000 }).ids).toEqual(shards.search(q, { limit: 1000 }).ids);
  });
});
