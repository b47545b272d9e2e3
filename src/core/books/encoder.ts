// The books' flexsearch encoder and index: Devanagari-aware words (see fold.ts), a
// per-field rank for every word, and both prefix and whole-word lookups.

// In the service worker's build this is src/sw/books/flexsearch-lite.ts, the part of flexsearch this
// file uses (an alias in vite.config.ts: the whole library would not fit the worker's budget).
import { Encoder, Index } from 'flexsearch';
import { foldWord, GRADE_WORDS, words, WORD_SPLIT, foldText } from './fold.ts';
import { subjectLocalName } from './normalise.ts';
import type { Book } from './types.ts';

/** Appended to a whole word in the index, so "nepal" can be told from a prefix of "nepali". */
const WHOLE = '\u0001';
/** Rank slots, best first: where in a record a word was found. */
export const SLOT = { titleFirst: 0, titleNear: 1, title: 2, subject: 3, keyword: 5, author: 7, none: 9 } as const;
const RESOLUTION = 10;

type Mode = 'index' | 'prefix' | 'whole';

/** The words a query searches for: folded, split, grade words unified, duplicates dropped. */
export function queryTerms(q: string): string[] {
  const out: string[] = [];
  for (const w of words(q)) {
    const t = GRADE_WORDS.has(w) ? 'grade' : w;
    if (!out.includes(t)) out.push(t);
  }
  return out;
}

/** Every word of a book with the best rank slot it has: title > local title > subject > keywords > author. */
export function rankedWords(b: Book): Map<string, number> {
  const slots = new Map<string, number>();
  const put = (w: string, slot: number) => {
    const old = slots.get(w);
    if (old === undefined || slot < old) slots.set(w, slot);
    if (GRADE_WORDS.has(w) && w !== 'grade') put('grade', slot);
  };
  const titled = (text: unknown) => {
    if (typeof text !== 'string') return;
    words(text).forEach((w, i) => put(w, i === 0 ? SLOT.titleFirst : i < 3 ? SLOT.titleNear : SLOT.title));
  };
  titled(b.title);
  titled(b.titleLocal);
  if (typeof b.subject === 'string' && b.subject) {
    for (const w of words(b.subject)) put(w, SLOT.subject);
    const local = subjectLocalName(b.subject);
    if (local) for (const w of words(local)) put(w, SLOT.subject);
  }
  // A catalog.json edited by hand may hold a record without keywords: found by its other fields.
  if (Array.isArray(b.keywords)) for (const k of b.keywords) if (typeof k === 'string') for (const w of words(k)) put(w, SLOT.keyword);
  if (typeof b.author === 'string' && b.author) for (const w of words(b.author)) put(w, SLOT.author);
  return slots;
}

/** flexsearch's longest word (Encoder maxlength); longer ones are not indexed. */
const MAX_WORD = 1024;

/**
 * The words BookSearchIndex files for a book, each with its slot, as its encoder yields them
 * from rankedWords (so a prebuilt index, shards.ts, holds exactly what the index would).
 */
export function indexedWords(b: Book): Map<string, number> {
  const slots = rankedWords(b);
  const out = new Map<string, number>();
  const seen = new Set<string>();
  const text = [...slots]
    .sort((x, y) => x[1] - y[1])
    .map(([w]) => w)
    .join(' ');
  for (const raw of foldText(text).split(WORD_SPLIT)) {
    if (!raw || raw.length > MAX_WORD || seen.has(raw)) continue;
    seen.add(raw);
    const w = foldWord(raw);
    if (w && !out.has(w)) out.set(w, slots.get(w) ?? SLOT.none);
  }
  return out;
}

/**
 * A flexsearch index of books (ids are catalog positions) with the books' encoder:
 * NFKD/NFC folding, words split on anything but letters, marks and digits (so Devanagari
 * vowel signs and viramas stay inside their word), no letter de-duplication, no number
 * splitting. Each word is indexed by every prefix ("forward") and once more whole.
 */
export class BookSearchIndex {
  private mode: Mode = 'prefix';
  private slots: Map<string, number> = new Map();
  private readonly index: Index;
  readonly size: number;

  constructor(books: readonly Book[]) {
    const encoder = new Encoder({
      normalize: foldText,
      split: WORD_SPLIT,
      numeric: false,
      dedupe: false,
      cache: false,
      finalize: (terms: string[]) => this.finalize(terms),
    });
    this.index = new Index({
      tokenize: 'forward',
      encoder,
      resolution: RESOLUTION,
      fastupdate: false,
      score: (_content: string[], term: string) => this.slots.get(term.endsWith(WHOLE) ? term.slice(0, -1) : term) ?? SLOT.none,
    });
    this.mode = 'index';
    books.forEach((b, i) => {
      this.slots = rankedWords(b);
      // Best slot first: a prefix shared by several words is indexed with the best one's slot.
      if (this.slots.size)
        this.index.add(
          i,
          [...this.slots]
            .sort((x, y) => x[1] - y[1])
            .map(([w]) => w)
            .join(' '),
        );
    });
    this.slots = new Map();
    this.mode = 'prefix';
    this.size = books.length;
  }

  private finalize(terms: string[]): string[] {
    const out: string[] = [];
    for (const t of terms) {
      const w = foldWord(t);
      if (!w) continue;
      if (this.mode === 'index') out.push(w, w + WHOLE);
      else out.push(this.mode === 'whole' ? w + WHOLE : w);
    }
    return out;
  }

  /** Catalog positions of the books with a word starting with `term` (whole: equal to it), by rank slot. */
  lookup(term: string, whole: boolean): Array<number[] | undefined> {
    this.mode = whole ? 'whole' : 'prefix';
    try {
      const r = this.index.search(term, { limit: Math.max(1, this.size), resolve: false }) as unknown as { result?: Array<number[] | undefined> };
      return r.result ?? [];
    } finally {
      this.mode = 'prefix';
    }
  }
}
