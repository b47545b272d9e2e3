// The books of a list query, found over a catalog's filter columns and its search index.

import { queryTerms } from './encoder.ts';
import { canonicalSource } from './sources.ts';
import { type CatalogColumns, categoryKey, languageKey, subjectKey, type TermLookup } from './filter-columns.ts';
import type { ListQuery } from './list-query.ts';

/**
 * Finds the books of a list query over a catalog's columns and a search index: filters, then
 * for q every term must match (as a whole word or the start of one) a word of the title, local
 * title, subject (in English or Nepali), keywords or author. Rank: for each term, the best
 * place it matched (first title word < next two < rest of the title < subject < keywords <
 * author), a whole word before a prefix in the same place; summed over the terms, lowest
 * first; ties in catalog order. Shared by the whole catalog (BooksApi) and its shards
 * (sharded.ts), so both answer alike.
 */
export class Finder {
  private count = new Uint8Array(0);
  private score = new Uint16Array(0);
  private slot = new Uint8Array(0);

  /** The catalog positions on the requested page, and how many books match in all. */
  find(cols: CatalogColumns, query: ListQuery, lookup: () => TermLookup): { total: number; ids: number[] } {
    const n = cols.size;
    const src = query.source === undefined ? -1 : cols.source.code(canonicalSource(query.source));
    const grade = query.grade ?? -1;
    const subj = query.subject === undefined ? -1 : cols.subject.code(subjectKey(query.subject));
    const lang = query.language === undefined ? -1 : cols.language.code(languageKey(query.language));
    const cat = query.category === undefined ? -1 : cols.category.code(categoryKey(query.category));
    const sourceOf = cols.source.of;
    const gradeOf = cols.grade;
    const subjectOf = cols.subject.of;
    const languageOf = cols.language.of;
    const categoryOf = cols.category.of;
    const only = query.route === undefined ? undefined : cols.routes.get(query.route);
    const pass = (i: number): boolean =>
      (src === -1 || sourceOf[i] === src) &&
      (grade === -1 || gradeOf[i] === grade) &&
      (subj === -1 || subjectOf[i] === subj) &&
      (lang === -1 || languageOf[i] === lang) &&
      (cat === -1 || categoryOf[i] === cat) &&
      (only === undefined || only[i] === 1);
    const from = (query.page - 1) * query.limit;
    const to = from + query.limit;
    const terms = query.q === undefined ? [] : queryTerms(query.q);

    if (terms.length === 0) {
      const ids: number[] = [];
      let total = 0;
      for (let i = 0; i < n; i++) {
        if (!pass(i)) continue;
        if (total >= from && total < to) ids.push(i);
        total++;
      }
      return { total, ids };
    }
    return this.ranked(n, terms, lookup(), pass, from, to);
  }

  private ranked(n: number, terms: string[], search: TermLookup, pass: (i: number) => boolean, from: number, to: number): { total: number; ids: number[] } {
    if (this.count.length !== n) {
      this.count = new Uint8Array(n);
      this.score = new Uint16Array(n);
      this.slot = new Uint8Array(n);
    }
    const count = this.count;
    const score = this.score;
    const slot = this.slot;
    const size = (lists: ArrayLike<ArrayLike<number> | undefined>) => {
      let s = 0;
      for (let y = 0; y < lists.length; y++) s += lists[y]?.length ?? 0;
      return s;
    };
    // Rarest term first: it bounds the candidates.
    const lists = terms
      .map((t) => ({ prefix: search(t, false), whole: search(t, true) }))
      .map((l) => ({ ...l, size: size(l.prefix) }))
      .sort((a, b) => a.size - b.size);
    if (lists[0]!.size === 0) return { total: 0, ids: [] };
    try {
      lists.forEach((l, k) => {
        // A term scores 2 × the best slot among the words it starts, + 1 unless the term itself
        // is a word in that slot (a whole word beats a mere prefix found in the same place).
        for (let y = 0; y < l.prefix.length; y++) {
          const ids = l.prefix[y];
          if (!ids) continue;
          for (let z = 0; z < ids.length; z++) {
            const id = ids[z]!;
            if (count[id] !== k) continue;
            count[id] = k + 1;
            slot[id] = y;
            score[id] = score[id]! + 2 * y + 1;
          }
        }
        for (let y = 0; y < l.whole.length; y++) {
          const ids = l.whole[y];
          if (!ids) continue;
          for (let z = 0; z < ids.length; z++) {
            const id = ids[z]!;
            if (count[id] === k + 1 && slot[id] === y) score[id] = score[id]! - 1;
          }
        }
      });
      // Catalog order within a score: scan positions in order, then a stable counting sort.
      const want = terms.length;
      const matched: number[] = [];
      let maxScore = 0;
      for (let i = 0; i < n; i++) {
        if (count[i] !== want || !pass(i)) continue;
        matched.push(i);
        if (score[i]! > maxScore) maxScore = score[i]!;
      }
      const start = new Uint32Array(maxScore + 2);
      for (const i of matched) start[score[i]! + 1]!++;
      for (let s = 1; s < start.length; s++) start[s]! += start[s - 1]!;
      const page: number[] = new Array(Math.max(0, Math.min(to, matched.length) - from));
      for (const i of matched) {
        const pos = start[score[i]!]!++;
        if (pos >= from && pos < to) page[pos - from] = i;
      }
      return { total: matched.length, ids: page };
    } finally {
      count.fill(0);
      score.fill(0);
    }
  }
}
