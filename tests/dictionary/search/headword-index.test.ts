import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareCodePoints } from '../../../src/core/dictionary/normalise.ts';
import { fold, looseFold } from '../../../src/core/dictionary/search/fold.ts';
import { HeadwordIndex, type HeadwordHit } from '../../../src/core/dictionary/search/headword-index.ts';
import { queryKeys } from '../../../src/core/dictionary/search/query-keys.ts';
import { MATCH_ORDER, spellingDistance, type MatchKind } from '../../../src/core/dictionary/search/rank.ts';
import { HEADWORDS, hasSharedData } from '../../../harness/shared-data.ts';

const realWords = hasSharedData
  ? readFileSync(HEADWORDS, 'utf8')
      .split('\n')
      .filter((w) => w !== '')
  : [];
const sampleWords = (
  JSON.parse(readFileSync(new URL('../../../data-build/dictionary/sample/dictionary.json', import.meta.url), 'utf8')) as { word: string }[]
).map((e) => e.word);

const spellings = (word: string) =>
  word.includes('/')
    ? [
        word,
        ...word
          .split('/')
          .map((p) => p.trim())
          .filter((p) => p !== '' && p.codePointAt(0) === word.codePointAt(0)),
      ]
    : [word];

/**
 * The ranking written the slow, obvious way: every spelling of every word tested
 * against each tier in turn; within a tier by closeness (loose tiers) and then by
 * (length, dictionary order).
 */
function reference(words: readonly string[], query: string, limit: number): HeadwordHit[] {
  const order = words.map((_, i) => i).sort((a, b) => compareCodePoints(words[a]!, words[b]!) || a - b);
  const position = new Map(order.map((id, p) => [id, p]));
  const entries = words
    .flatMap((w, id) => spellings(w).map((text, n) => ({ id, n, text, key: fold(text), loose: looseFold(text) })))
    .filter((e) => e.key !== '');
  type E = (typeof entries)[number];
  const byRank = (a: E, b: E) => a.text.length - b.text.length || position.get(a.id)! - position.get(b.id)! || a.n - b.n;
  const tiers: { kind: MatchKind; match: (e: E) => boolean; closeTo?: string }[] = [];
  const q = queryKeys(query);
  for (const [set, roman] of [
    [q.direct, false],
    [q.roman, true],
  ] as const) {
    const key = set?.keys[0];
    if (!set || key === undefined) continue;
    const loose = set.looseKeys[0];
    const starts = (k: string, ks: string[]) => ks.some((p) => k.startsWith(p));
    if (!roman) {
      tiers.push({ kind: 'exact', match: (e) => e.key === key && e.text.normalize('NFC') === q.text });
      tiers.push({ kind: 'folded', match: (e) => e.key === key });
      tiers.push({ kind: 'prefix', match: (e) => starts(e.key, set.keys) });
      if (loose !== undefined) tiers.push({ kind: 'loose', match: (e) => e.loose === loose, closeTo: key });
      tiers.push({ kind: 'loose-prefix', match: (e) => starts(e.loose, set.looseKeys) });
    } else {
      tiers.push({ kind: 'roman', match: (e) => e.key === key });
      if (loose !== undefined) tiers.push({ kind: 'roman-loose', match: (e) => e.loose === loose, closeTo: key });
      tiers.push({ kind: 'roman-prefix', match: (e) => starts(e.key, set.keys) });
      tiers.push({ kind: 'roman-loose-prefix', match: (e) => starts(e.loose, set.looseKeys) });
    }
  }
  const hits: HeadwordHit[] = [];
  const taken = new Set<number>();
  for (const tier of tiers) {
    const found = entries.filter((e) => !taken.has(e.id) && tier.match(e));
    const { closeTo } = tier;
    found.sort(closeTo === undefined ? byRank : (a, b) => spellingDistance(closeTo, a.key) - spellingDistance(closeTo, b.key) || byRank(a, b));
    for (const e of found) {
      if (hits.length >= limit) return hits;
      if (taken.has(e.id)) continue;
      taken.add(e.id);
      // As the index gives them: the spelling distance where its tier sorts by it (groups up to 200), the spelling's length.
      const distance = closeTo !== undefined && found.length <= 200 ? spellingDistance(closeTo, e.key) : 0;
      hits.push({ id: e.id, word: words[e.id]!, kind: tier.kind, distance, length: e.text.length });
    }
  }
  return hits;
}

/** Queries as people make them: prefixes of real words, with slips, and romanised text. */
const queriesFrom = (words: readonly string[]) => {
  const slip = (s: string, which: number) =>
    [
      s,
      s.replace(/व/g, 'ब'),
      s.replace(/ा/g, ''),
      s.replace(/ी/g, 'ि'),
      s.replace(/ण/g, 'न'),
      s.replace(/श/g, 'स'),
      s.replace(/्/, '\u200D्'),
      s.replace(/ं/g, 'न्'),
    ][which % 8]!;
  const prefix = fc
    .tuple(
      fc.nat({ max: words.length - 1 }).map((i) => words[i]!),
      fc.nat(),
      fc.nat(),
    )
    .map(([w, cut, which]) => slip([...w].slice(0, 1 + (cut % [...w].length)).join(''), which));
  const roman = fc.string({ unit: fc.constantFrom(...'aaaeiouknmstdrlpbghcjyvwx'.split('')), minLength: 1, maxLength: 7 });
  const known = fc.constantFrom('kiran', 'nepali', 'gyan', 'shabda', 'ghar', 'namaste', 'pandit', 'pan', 'am', 'sa.n', 'kRpa');
  return fc.oneof(prefix, prefix, roman, known);
};

describe('HeadwordIndex on a small list', () => {
  const words = ['करण', 'किरण', 'किरणकेतु', 'किरणमाली', 'किरन', 'किरात', 'कीरण', 'पँडित', 'पण्डित', 'पण्डितनी', 'बाट', 'वाट', 'सुझाउ/सुझाव/सुझाब', 'आजकल/काल', 'काल'];
  const index = new HeadwordIndex(words);
  const show = (q: string, limit?: number) => index.search(q, limit).map((h) => `${h.word} ${h.kind}`);

  it('ranks exact first, then equal after folding, then prefixes shorter and in dictionary order, then loose', () => {
    expect(show('किरण')).toEqual(['किरण exact', 'कीरण folded', 'किरणकेतु prefix', 'किरणमाली prefix', 'किरन loose']);
  });

  it('gives ids as positions in the list it was built from', () => {
    for (const hit of index.search('किरण')) expect(words[hit.id]).toBe(hit.word);
  });

  it('finds a word while its nasal is still being typed', () => {
    expect(show('पण', 3)).toEqual(['पँडित prefix', 'पण्डित prefix', 'पण्डितनी prefix']);
    expect(show('पण्', 3)).toEqual(['पँडित prefix', 'पण्डित prefix', 'पण्डितनी prefix']);
    expect(show('पंडित', 2)).toEqual(['पँडित folded', 'पण्डित folded']);
  });

  it('finds व for ब only as a loose match, after the exact one', () => {
    expect(show('बाट')).toEqual(['बाट exact', 'वाट loose']);
  });

  it('finds every spelling of a headword with "/" alternates under its own letter', () => {
    expect(show('सुझाव')).toEqual(['सुझाउ/सुझाव/सुझाब exact']);
    expect(show('सुझाब', 1)).toEqual(['सुझाउ/सुझाव/सुझाब exact']);
    // काल is filed under आ in आजकल/काल: only the word काल itself answers
    expect(show('काल')).toEqual(['काल exact']);
  });

  it('answers romanised queries with roman matches only, best first', () => {
    const hits = index.search('kiran');
    expect(hits.map((h) => h.word).slice(0, 3)).toEqual(['किरन', 'किरण', 'कीरण']);
    expect(hits.every((h) => h.kind.startsWith('roman'))).toBe(true);
  });

  it('respects the limit and gives nothing for an empty query', () => {
    expect(index.search('क', 2)).toHaveLength(2);
    expect(index.search('क', 0)).toEqual([]);
    expect(index.search('')).toEqual([]);
    expect(index.search('   ')).toEqual([]);
    expect(index.search('।')).toEqual([]);
  });

  it('builds over an empty list', () => {
    const empty = new HeadwordIndex([]);
    expect(empty.size).toBe(0);
    expect(empty.search('क')).toEqual([]);
    expect(empty.search('ka')).toEqual([]);
  });

  it('works on unsorted lists with duplicates: dictionary order is its own', () => {
    const shuffled = ['किरणमाली', 'किरण', 'किरणकेतु', 'किरण'];
    const hits = new HeadwordIndex(shuffled).search('किरण');
    expect(hits.map((h) => [h.id, h.kind])).toEqual([
      [1, 'exact'],
      [3, 'exact'],
      [2, 'prefix'],
      [0, 'prefix'],
    ]);
  });
});

describe('HeadwordIndex agrees with the obvious ranking', () => {
  it('on the sample dictionary', () => {
    const index = new HeadwordIndex(sampleWords);
    fc.assert(
      fc.property(queriesFrom(sampleWords), fc.integer({ min: 1, max: 40 }), (q, limit) => {
        expect(index.search(q, limit)).toEqual(reference(sampleWords, q, limit));
      }),
      { numRuns: 300 },
    );
  });

  it.runIf(hasSharedData)('on every 20th real headword', () => {
    const words = realWords.filter((_, i) => i % 20 === 0);
    const index = new HeadwordIndex(words);
    fc.assert(
      fc.property(queriesFrom(words), (q) => {
        expect(index.search(q, 20)).toEqual(reference(words, q, 20));
      }),
      { numRuns: 150 },
    );
  });
});

describe.runIf(hasSharedData)('HeadwordIndex on the 123,363 real headwords', () => {
  const index = new HeadwordIndex(realWords);

  it('finds each word first, as an exact match (every 37th word)', () => {
    const misses = realWords
      .filter((_, i) => i % 37 === 0)
      .filter((w) => {
        const [first] = index.search(w, 1);
        return first?.word !== w || first.kind !== 'exact';
      });
    expect(misses).toEqual([]);
  });

  it('gives prefix results that really start with the folded query, tiers in order, no word twice', () => {
    fc.assert(
      fc.property(queriesFrom(realWords), fc.integer({ min: 1, max: 50 }), (q, limit) => {
        const hits = index.search(q, limit);
        const keys = queryKeys(q);
        expect(hits.length).toBeLessThanOrEqual(limit);
        expect(new Set(hits.map((h) => h.id)).size).toBe(hits.length);
        const tiers = hits.map((h) => MATCH_ORDER.indexOf(h.kind));
        expect(tiers).toEqual([...tiers].sort((a, b) => a - b));
        for (const hit of hits) {
          const folded = spellings(hit.word).map(fold);
          const loose = spellings(hit.word).map(looseFold);
          const set = hit.kind.startsWith('roman') ? keys.roman! : keys.direct!;
          if (hit.kind === 'exact') expect(spellings(hit.word)).toContain(keys.text);
          if (hit.kind === 'folded' || hit.kind === 'roman') expect(folded).toContain(set.keys[0]);
          if (hit.kind === 'prefix' || hit.kind === 'roman-prefix') expect(folded.some((k) => set.keys.some((p) => k.startsWith(p)))).toBe(true);
          if (hit.kind === 'loose' || hit.kind === 'roman-loose') expect(loose).toContain(set.looseKeys[0]);
          if (hit.kind === 'loose-prefix' || hit.kind === 'roman-loose-prefix')
            expect(loose.some((k) => set.looseKeys.some((p) => k.startsWith(p)))).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('fills the limit with prefixes, shorter first, when there are enough', () => {
    const hits = index.search('प्र', 20);
    expect(hits).toHaveLength(20);
    const lengths = hits.filter((h) => h.kind === 'prefix').map((h) => h.word.length);
    expect(lengths).toEqual([...lengths].sort((a, b) => a - b));
    expect(hits.every((h) => fold(h.word).startsWith('प्र'))).toBe(true);
  });

  it('finds a headword with alternates by its whole text too', () => {
    expect(index.search('अरिङाल/अरिङ्गाल', 1)[0]).toMatchObject({ word: 'अरिङाल/अरिङ्गाल', kind: 'exact' });
    expect(index.search('अरिङ्गाल', 1)[0]).toMatchObject({ word: 'अरिङाल/अरिङ्गाल', kind: 'exact' });
  });

  it('puts the exact word before its folded and prefix relatives (ँ/ं, :/ः; अँट sorts before अंक)', () => {
    expect(index.search('अं', 3).map((h) => `${h.word} ${h.kind}`)).toEqual(['अं exact', 'अँ folded', 'अँट prefix']);
    expect(index.search('अन्तःकरण', 2).map((h) => `${h.word} ${h.kind}`)).toEqual(['अन्तःकरण exact', 'अन्त:करण folded']);
    expect(index.search('अन्त:करण', 2).map((h) => `${h.word} ${h.kind}`)).toEqual(['अन्त:करण exact', 'अन्तःकरण folded']);
  });
});
