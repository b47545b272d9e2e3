// Search quality on the real 123,363 headwords: stock flexsearch (its default encoder,
// tokenize "forward" for search as you type) against ours (src/core/dictionary/search),
// on the 200 lookups of queries.json. hits@1: the wanted word comes first; hits@10: in the
// first ten.

import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Index } from 'flexsearch';
import { HeadwordIndex } from '../../src/core/dictionary/search/headword-index.ts';

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
  ours: [number, number];
}

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
  const stock = new Index({ tokenize: 'forward' });
  words.forEach((w, i) => stock.add(i, w));

  const rank = (ranked: string[], want: string) => ranked.indexOf(want);
  const rows = new Map<string, QualityRow>();
  const misses: string[] = [];
  for (const query of queries) {
    for (const kind of [query.kind, 'all']) {
      if (!rows.has(kind)) rows.set(kind, { kind, n: 0, stock: [0, 0], ours: [0, 0] });
    }
    const a = rank(
      (stock.search(query.q, { limit: 10 }) as number[]).map((id) => words[id]!),
      query.expect,
    );
    const b = rank(
      ours.search(query.q, 10).map((h) => h.word),
      query.expect,
    );
    for (const kind of [query.kind, 'all']) {
      const row = rows.get(kind)!;
      row.n++;
      if (a === 0) row.stock[0]++;
      if (a >= 0) row.stock[1]++;
      if (b === 0) row.ours[0]++;
      if (b >= 0) row.ours[1]++;
    }
    if (b < 0) misses.push(`${query.q} → ${query.expect}`);
  }
  return { rows: [...rows.values()].sort((x, y) => (x.kind === 'all' ? 1 : y.kind === 'all' ? -1 : 0)), misses };
}
