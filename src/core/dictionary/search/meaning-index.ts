// Full-text search over meanings (senses) with flexsearch. Pure JavaScript with no DOM
// or Node API, so it runs in the app's Web Worker as well as in Node.

import { Index } from 'flexsearch';
import type { Definition } from '../types.ts';
import { createMeaningEncoder } from './meaning-encoder.ts';
import { isRomanised, transliterate } from './transliterate.ts';

export interface MeaningIndexOptions {
  /**
   * Match words by their beginning as well (पान finds पानी): flexsearch's "forward"
   * tokenizer. Bigger and slower to build; off by default.
   */
  prefix?: boolean;
}

export interface MeaningSearchOptions {
  limit?: number;
  /** also give entries that match only some of the query's words, after those matching all */
  partial?: boolean;
}

/** One key/value of an exported index, in the order they must be imported. */
export type MeaningIndexPart = readonly [key: string, data: string];

/** The text searched for an entry: every sense of every block, in order. */
export const meaningText = (definitions: readonly Definition[]): string => definitions.map((d) => d.senses.join('\n')).join('\n');

export class MeaningIndex {
  private readonly index: Index;

  constructor(readonly options: MeaningIndexOptions = {}) {
    this.index = new Index({
      encoder: createMeaningEncoder(),
      tokenize: options.prefix ? 'forward' : 'strict',
      // Earlier words score higher: a word in the first sense outranks one in the last.
      resolution: 9,
      cache: false,
    });
  }

  /** Adds an entry under its dictionary index. */
  add(id: number, definitions: readonly Definition[]): this {
    return this.addText(id, meaningText(definitions));
  }

  addText(id: number, text: string): this {
    this.index.add(id, text);
    return this;
  }

  /**
   * Dictionary indices of the entries whose meanings hold the query's words, best
   * first. A romanised query is transliterated first (a best guess: meanings are
   * matched under the default fold, which keeps न/ण and स/श apart).
   */
  search(query: string, options: MeaningSearchOptions = {}): number[] {
    const text = isRomanised(query) ? transliterate(query) : query;
    const ids = this.index.search(text, { limit: options.limit ?? 20, suggest: options.partial ?? false });
    return ids as number[];
  }

  /** The built index as key/value strings (for IndexedDB or a file). */
  export(): MeaningIndexPart[] {
    const parts: [string, string][] = [];
    this.index.export((key: string, data: string) => {
      parts.push([key, data]);
    });
    return parts;
  }

  /** An index from exported parts; the options must be those it was built with. */
  static import(parts: readonly MeaningIndexPart[], options: MeaningIndexOptions = {}): MeaningIndex {
    const index = new MeaningIndex(options);
    for (const [key, data] of parts) index.index.import(key, data);
    return index;
  }
}
