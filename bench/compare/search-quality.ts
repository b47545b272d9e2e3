// Search quality on the real 123,363 headwords: stock flexsearch (its default encoder,
// tokenize "forward" for search as you type), flexsearch with our fold and transliteration as its
// encoder (so that the difference left is ranking and the index), and ours
// (src/core/dictionary/search), on the 200 lookups of queries.json. hits@1: the wanted word comes
// first; hits@10: in the first ten. `npm run bench -- search-quality` (also run by `compare`).

import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Index } from 'flexsearch';
import { fold, looseFold } from '../../src/core/dictionary/search/fold.ts';
import { HeadwordIndex } from '../../src/core/dictionary/search/headword-index.ts';
import { indexByLetter, searchByLetter } from '../../src/core/dictionary/search/by-letter.ts';
import { isRomanised, transliterate } from '../../src/core/dictionary/search/transliterate.ts';
import { writeSection } from '../results.ts';

const ROOT = resolve(import.meta.dirname, '../..');
export const HEADWORDS = resolve(ROOT, '../shared/data/dictionary/headwords.txt');

interface Query {
  q: string;
  expect: string;
  kind: 'exact' | 'prefix' | 'romanised' | 'misspelling';
}

export interface QualityRow {
  kind: string;
  n: number;
  stock: [number, number];
  /** flexsearch with our encoder */
  encoded: [number, number];
  ours: [number, number];
  /** ours as the app asks it: an index per letter file, their hits merged (core/dictionary/search/by-letter.ts) */
  app: [number, number];
}

/** Devanagari as typed, romanised text transliterated (src/core/dictionary/search/transliterate.ts). */
const devanagari = (text: string) => (isRomanised(text) ? transliterate(text) : text);

/**
 * flexsearch given our keys: each word (and query) is one term under its default fold and one under
 * the loose fold (src/core/dictionary/search/fold.ts), prefixes indexed ("forward"), and `suggest`
 * so that a query matching one of the two terms still answers (without it flexsearch requires both:
 * 111 hits@1 and 145 hits@10; the loose term alone: 93 and 160; measured 2026-11-25).
 */
const OUR_ENCODER = {
  tokenize: 'forward' as const,
  encode: (text: string) => [...new Set([fold(devanagari(text)), looseFold(devanagari(text))])].filter((k) => k !== ''),
  suggest: true,
};

export function loadQueries(): Query[] {
  return (JSON.parse(readFileSync(resolve(import.meta.dirname, 'queries.json'), 'utf8')) as { queries: Query[] }).queries;
}

export function searchQuality(): { rows: QualityRow[]; misses: string[] } | undefined {
  if (!existsSync(HEADWORDS)) {
    console.log(`search quality: skipped, ${HEADWORDS} not found`);
    return undefined;
  }
  const words = readFileSync(HEADWORDS, 'utf8')
    .split('\n')
    .filter((w) => w !== '');
  const queries = loadQueries();
  const ours = new HeadwordIndex(words);
  const letters = indexByLetter(words);
  const stock = new Index({ tokenize: 'forward' });
  words.forEach((w, i) => stock.add(i, w));
  const encoded = new Index(OUR_ENCODER);
  words.forEach((w, i) => encoded.add(i, w));

  const rank = (ranked: string[], want: string) => ranked.indexOf(want);
  const rows = new Map<string, QualityRow>();
  const misses: string[] = [];
  for (const query of queries) {
    for (const kind of [query.kind, 'all']) {
      if (!rows.has(kind)) rows.set(kind, { kind, n: 0, stock: [0, 0], encoded: [0, 0], ours: [0, 0], app: [0, 0] });
    }
    const a = rank(
      (stock.search(query.q, { limit: 10 }) as number[]).map((id) => words[id]!),
      query.expect,
    );
    const e = rank(
      (encoded.search(query.q, { limit: 10, suggest: true }) as number[]).map((id) => words[id]!),
      query.expect,
    );
    const b = rank(
      ours.search(query.q, 10).map((h) => h.word),
      query.expect,
    );
    const c = rank(searchByLetter(letters, query.q, 10), query.expect);
    for (const kind of [query.kind, 'all']) {
      const row = rows.get(kind)!;
      row.n++;
      if (c === 0) row.app[0]++;
      if (c >= 0) row.app[1]++;
      if (a === 0) row.stock[0]++;
      if (a >= 0) row.stock[1]++;
      if (e === 0) row.encoded[0]++;
      if (e >= 0) row.encoded[1]++;
      if (b === 0) row.ours[0]++;
      if (b >= 0) row.ours[1]++;
    }
    if (b < 0) misses.push(`${query.q} → ${query.expect}`);
  }
  return { rows: [...rows.values()].sort((x, y) => (x.kind === 'all' ? 1 : y.kind === 'all' ? -1 : 0)), misses };
}

const pct = (k: number, n: number) => `${k}/${n} (${Math.round((100 * k) / n)}%)`;

/** Measures and writes the search-quality section of bench/RESULTS.md. */
export function benchSearchQuality(): void {
  const quality = searchQuality();
  if (!quality) return;
  const all = quality.rows.find((r) => r.kind === 'all')!;
  const table = [
    '## Search quality on the real headword list',
    '',
    '`npm run bench -- search-quality` (bench/compare/search-quality.ts; also run by `compare`). The 200 lookups of `bench/compare/queries.json` (written by hand: what a reader types, and the headword they want) over all 123,363 real headwords. Stock flexsearch: `new Index({ tokenize: "forward" })` with its default encoder, which cannot fold Devanagari or read romanised text. flexsearch, our encoder: the same index given our keys (each word and query one term under `fold` and one under `looseFold`, romanised queries transliterated first: `src/core/dictionary/search/fold.ts`, `transliterate.ts`; `tokenize: "forward"`, `suggest: true`), so that what is left between it and Khoj is ranking and the index. Khoj: `HeadwordIndex` (`src/core/dictionary/search`), every letter indexed. Khoj as the app: the same, an index per letter file with their hits merged as the search worker merges them (`by-letter.ts`).',
    '',
    '| queries | n | stock flexsearch hits@1 | hits@10 | flexsearch, our encoder hits@1 | hits@10 | Khoj hits@1 | hits@10 | Khoj as the app hits@1 | hits@10 |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...quality.rows.map(
      (r) =>
        `| ${r.kind} | ${r.n} | ${pct(r.stock[0], r.n)} | ${pct(r.stock[1], r.n)} | ${pct(r.encoded[0], r.n)} | ${pct(r.encoded[1], r.n)} | ${pct(r.ours[0], r.n)} | ${pct(r.ours[1], r.n)} | ${pct(r.app[0], r.n)} | ${pct(r.app[1], r.n)} |`,
    ),
    '',
    `**Ratio (Khoj / stock): hits@1 ${(all.ours[0] / Math.max(1, all.stock[0])).toFixed(1)}×, hits@10 ${(all.ours[1] / Math.max(1, all.stock[1])).toFixed(1)}×; (Khoj / flexsearch with our encoder): hits@1 ${(all.ours[0] / Math.max(1, all.encoded[0])).toFixed(2)}×, hits@10 ${(all.ours[1] / Math.max(1, all.encoded[1])).toFixed(2)}×.** Not in Khoj's first ten: ${quality.misses.join(', ') || 'none'}.`,
  ];
  console.log(table.join('\n'));
  writeSection('search-quality', table.join('\n'));
}
