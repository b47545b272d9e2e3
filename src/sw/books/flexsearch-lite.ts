// The part of flexsearch 0.8 that the books index (src/core/books/encoder.ts) uses, for the
// service worker, where the whole library (17 KB gzip) would not fit the worker's budget.
// It is meant to stand in for the `flexsearch` package in the worker's build only (an alias),
// so the worker runs the very same BookSearchIndex and BooksApi code as the server.
//
// What it does is what flexsearch 0.8.212 does with the options encoder.ts gives:
//   Encoder.encode: normalize(text), split, drop empty words and words longer than 1024,
//     drop repeated words, then finalize(words);
//   Index.add (tokenize "forward", no context): for each term, score(terms, term, i, null, 0),
//     then the term and every prefix of it is filed under that score, once per record (the
//     first, best-scored occurrence wins);
//   Index.search(term, { resolve: false }): { result } = the lists filed under the term, by score.
// Anything else (several query terms, documents, persistence…) is not there.

import { assert } from '../../core/assert.ts';

interface EncoderOptions {
  normalize?: (text: string) => string;
  split?: RegExp | string;
  finalize?: (terms: string[]) => string[] | undefined | void;
  [other: string]: unknown;
}

const MAX_WORD = 1024;

export class Encoder {
  constructor(private readonly o: EncoderOptions) {}

  encode(text: string): string[] {
    const str = this.o.normalize ? this.o.normalize(text) : text.toLowerCase();
    const out: string[] = [];
    const seen = new Set<string>();
    for (const w of this.o.split === undefined ? [str] : str.split(this.o.split)) {
      if (!w || w.length > MAX_WORD || seen.has(w)) continue;
      seen.add(w);
      out.push(w);
    }
    return (this.o.finalize && this.o.finalize(out)) || out;
  }
}

interface IndexOptions {
  encoder: Encoder;
  score: (content: string[], term: string, index: number, partial: null, partialIndex: number) => number;
  [other: string]: unknown;
}

export class Index {
  private readonly map = new Map<string, number[][]>();
  constructor(private readonly o: IndexOptions) {}

  add(id: number, content: string): this {
    const terms = this.o.encoder.encode(content);
    const filed = new Set<string>();
    terms.forEach((term, i) => {
      if (filed.has(term)) return;
      const score = this.o.score(terms, term, i, null, 0);
      for (let x = 1; x <= term.length; x++) {
        const token = term.slice(0, x);
        if (filed.has(token)) continue;
        filed.add(token);
        let lists = this.map.get(token);
        if (!lists) this.map.set(token, (lists = []));
        (lists[score] ??= []).push(id);
      }
    });
    return this;
  }

  search(query: string, _options?: unknown): { result: number[][] } {
    const terms = this.o.encoder.encode(query);
    assert(terms.length <= 1, `flexsearch-lite: one query term at a time, not "${query}"`);
    return { result: (terms.length ? this.map.get(terms[0]!) : undefined) ?? [] };
  }
}

export default { Encoder, Index };
