// The catalog API as one pure module: the Node server and the service worker both hand
// it a path and its query string and send back what it returns. No I/O, no DOM, no Node.
//
//   GET /api/books            list: filters source, grade, subject, language, category, q; page, limit
//   GET /api/books/<id>       one book (an id merged into another record answers with that record)
//   GET /api/sources          the sources, primary first, with counts
//   GET /api/stats            catalog statistics
//   GET /api/textbooks        the list (same parameters) of textbooks only   } as the YoBook
//   GET /api/teacher-guides   the list of teacher's guides only               } client asks
//
// Envelope (upstream's): {"success":true,"data":…,"meta":{"total","page","limit","pages"}} for the
// list, {"success":true,"data":…} for the others; errors {"success":false,"error":"…"} with 400
// (naming the parameter), 404 (unknown id: "Book not found") or 405.

import { BookSearchIndex, queryTerms } from './encoder.ts';
import { foldText } from './fold.ts';
import { type BookKind, bookKind } from './kind.ts';
import { MAX_FILTER_LENGTH, MAX_GRADE, MIN_GRADE, normaliseLanguage, normaliseSubject, parseGrade } from './normalise.ts';
import { canonicalSource } from './sources.ts';
import { catalogStats } from './stats.ts';
import { encodeSegment } from '../text.ts';
import type { ApiResponse, Book, CatalogFile, ErrorBody, ListBody, SourceInfo, Stats } from './types.ts';

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 200;
export const MAX_PAGE = 1_000_000;
export const MAX_Q_LENGTH = 200;
export const MAX_Q_TERMS = 16;

export const NOT_FOUND = 'Book not found';
const KINDS: readonly BookKind[] = ['textbook', 'teacher-guide', 'other'];

export interface ListQuery {
  source?: string;
  grade?: number;
  subject?: string;
  language?: string;
  category?: string;
  q?: string;
  /** set by the path (/api/textbooks, /api/teacher-guides), not a parameter */
  kind?: BookKind;
  page: number;
  limit: number;
}

const bad = (parameter: string, error: string): ApiResponse => ({ status: 400, body: { success: false, error, parameter } satisfies ErrorBody });
const notFound = (error = NOT_FOUND): ApiResponse => ({ status: 404, body: { success: false, error } satisfies ErrorBody });

/**
 * Reads /api/books parameters. Empty values count as absent (as upstream). limit: a whole
 * number, clamped to 1..200 (default 50); page: a whole number 1..1,000,000 (default 1);
 * grade: 1..12, also "Grade 5", "class 5", "कक्षा ५"; q: at most 200 characters and 16 words.
 * Anything else is a 400 naming the parameter. Unknown parameters are ignored.
 */
export function parseListQuery(params: URLSearchParams): ListQuery | ApiResponse {
  const get = (name: string): string | undefined => {
    const v = params.get(name);
    return v === null || v.trim() === '' ? undefined : v.trim();
  };
  const query: ListQuery = { page: 1, limit: DEFAULT_LIMIT };

  const limit = get('limit');
  if (limit !== undefined) {
    if (!/^[+-]?\d+$/.test(limit)) return bad('limit', `Query parameter 'limit' must be a whole number, not "${clip(limit)}"`);
    query.limit = Math.min(MAX_LIMIT, Math.max(1, Number(limit)));
  }
  const page = get('page');
  if (page !== undefined) {
    if (!/^[+-]?\d+$/.test(page)) return bad('page', `Query parameter 'page' must be a whole number, not "${clip(page)}"`);
    const n = Number(page);
    if (n < 1 || n > MAX_PAGE) return bad('page', `Query parameter 'page' must be between 1 and ${MAX_PAGE}, not ${clip(page)}`);
    query.page = n;
  }
  const grade = get('grade');
  if (grade !== undefined) {
    const g = parseGrade(grade);
    if ('error' in g) {
      return bad(
        'grade',
        g.error === 'out-of-range'
          ? `Query parameter 'grade' must be between ${MIN_GRADE} and ${MAX_GRADE}, not ${clip(grade)}`
          : `Query parameter 'grade' must be a grade number (1-12, "Grade 5", "कक्षा ५"), not "${clip(grade)}"`,
      );
    }
    query.grade = g.grade;
  }
  for (const name of ['source', 'subject', 'language', 'category'] as const) {
    const v = get(name);
    if (v === undefined) continue;
    if (v.length > MAX_FILTER_LENGTH) return bad(name, `Query parameter '${name}' is longer than ${MAX_FILTER_LENGTH} characters`);
    query[name] = v;
  }
  const q = get('q');
  if (q !== undefined) {
    if (q.length > MAX_Q_LENGTH) return bad('q', `Query parameter 'q' is longer than ${MAX_Q_LENGTH} characters`);
    if (queryTerms(q).length > MAX_Q_TERMS) return bad('q', `Query parameter 'q' has more than ${MAX_Q_TERMS} words`);
    query.q = q;
  }
  return query;
}

const clip = (s: string): string => (s.length > 40 ? `${s.slice(0, 40)}…` : s);

/** A table of distinct values with each book's index into it (-1 for none), for fast filters. */
class Column {
  private readonly codes = new Map<string, number>();
  readonly of: Int32Array;
  constructor(values: Array<string | null>) {
    this.of = new Int32Array(values.length);
    values.forEach((v, i) => {
      if (v === null) {
        this.of[i] = -1;
        return;
      }
      let c = this.codes.get(v);
      if (c === undefined) this.codes.set(v, (c = this.codes.size));
      this.of[i] = c;
    });
  }
  /** the code of a value; -2 (matches nothing) when no book has it */
  code(v: string): number {
    return this.codes.get(v) ?? -2;
  }
}

const subjectKey = (s: string): string =>
  foldText(normaliseSubject(s).name ?? '')
    .replace(/\s+/g, ' ')
    .trim();
const categoryKey = (s: string): string => foldText(s).replace(/\s+/g, ' ').trim();
const languageKey = (s: string): string => normaliseLanguage(s).code ?? foldText(s).trim();

export class BooksApi {
  readonly books: readonly Book[];
  readonly sources: SourceInfo[];
  readonly stats: Stats;
  private readonly byId = new Map<string, number>();
  private readonly aliases: Record<string, string>;
  private readonly source: Column;
  private readonly grade: Int8Array;
  private readonly subject: Column;
  private readonly language: Column;
  private readonly category: Column;
  private readonly kind: Uint8Array;
  private search?: BookSearchIndex;
  private count = new Uint8Array(0);
  private score = new Uint16Array(0);
  private slot = new Uint8Array(0);

  constructor(catalog: Pick<CatalogFile, 'books' | 'aliases' | 'sources' | 'generatedAt'> & { duplicatesMerged?: number }) {
    this.books = catalog.books;
    this.aliases = catalog.aliases ?? {};
    this.books.forEach((b, i) => this.byId.set(b.id, i));
    this.source = new Column(this.books.map((b) => b.source));
    this.grade = Int8Array.from(this.books, (b) => b.grade ?? -1);
    this.subject = new Column(this.books.map((b) => (b.subject ? subjectKey(b.subject) : null)));
    this.language = new Column(this.books.map((b) => b.language));
    this.category = new Column(this.books.map((b) => (b.category ? categoryKey(b.category) : null)));
    this.kind = Uint8Array.from(this.books, (b) => KINDS.indexOf(bookKind(b)));
    this.sources = catalog.sources;
    this.stats = catalogStats(this.books, catalog.generatedAt, Object.keys(this.aliases).length);
  }

  /** True for an id (or a merged id) the catalog answers. */
  has(id: string): boolean {
    return this.byId.has(id) || Object.hasOwn(this.aliases, id);
  }

  book(id: string): ApiResponse {
    const at = this.byId.get(id) ?? (Object.hasOwn(this.aliases, id) ? this.byId.get(this.aliases[id]!) : undefined);
    if (at === undefined) return notFound();
    return { status: 200, body: { success: true, data: this.books[at] } };
  }

  list(params: URLSearchParams, kind?: BookKind): ApiResponse {
    const query = parseListQuery(params);
    if ('status' in query) return query;
    if (kind) query.kind = kind;
    const { total, ids } = this.find(query);
    const body: ListBody = {
      success: true,
      data: ids.map((i) => {
        const b = this.books[i]!;
        return { ...b, detailUrl: `/api/books/${encodeSegment(b.id)}` };
      }),
      meta: { total, page: query.page, limit: query.limit, pages: Math.ceil(total / query.limit) },
    };
    return { status: 200, body };
  }

  /** The catalog positions on the requested page, and how many books match in all. */
  find(query: ListQuery): { total: number; ids: number[] } {
    const n = this.books.length;
    const src = query.source === undefined ? -1 : this.source.code(canonicalSource(query.source));
    const grade = query.grade ?? -1;
    const subj = query.subject === undefined ? -1 : this.subject.code(subjectKey(query.subject));
    const lang = query.language === undefined ? -1 : this.language.code(languageKey(query.language));
    const cat = query.category === undefined ? -1 : this.category.code(categoryKey(query.category));
    const sourceOf = this.source.of;
    const gradeOf = this.grade;
    const subjectOf = this.subject.of;
    const languageOf = this.language.of;
    const categoryOf = this.category.of;
    const kind = query.kind === undefined ? -1 : KINDS.indexOf(query.kind);
    const kindOf = this.kind;
    const pass = (i: number): boolean =>
      (src === -1 || sourceOf[i] === src) &&
      (grade === -1 || gradeOf[i] === grade) &&
      (subj === -1 || subjectOf[i] === subj) &&
      (lang === -1 || languageOf[i] === lang) &&
      (cat === -1 || categoryOf[i] === cat) &&
      (kind === -1 || kindOf[i] === kind);
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
    return this.ranked(terms, pass, from, to);
  }

  /**
   * Every term must match (as a whole word or the start of one) a word of the title, local
   * title, subject (in English or Nepali), keywords or author. Rank: for each term, the best
   * place it matched (first title word < next two < rest of the title < subject < keywords <
   * author), a whole word before a prefix in the same place; summed over the terms, lowest
   * first; ties in catalog order.
   */
  private ranked(terms: string[], pass: (i: number) => boolean, from: number, to: number): { total: number; ids: number[] } {
    const n = this.books.length;
    this.search ??= new BookSearchIndex(this.books);
    if (this.count.length !== n) {
      this.count = new Uint8Array(n);
      this.score = new Uint16Array(n);
      this.slot = new Uint8Array(n);
    }
    const count = this.count;
    const score = this.score;
    const slot = this.slot;
    // Rarest term first: it bounds the candidates.
    const lists = terms
      .map((t) => ({ prefix: this.search!.lookup(t, false), whole: this.search!.lookup(t, true) }))
      .map((l) => ({ ...l, size: l.prefix.reduce((s, ids) => s + (ids?.length ?? 0), 0) }))
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

  sourcesResponse(): ApiResponse {
    return { status: 200, body: { success: true, data: this.sources } };
  }

  statsResponse(): ApiResponse {
    return { status: 200, body: { success: true, data: this.stats } };
  }

  /**
   * Routes a request path (as sent, percent-encoded) to its answer; undefined when the path
   * is not one of the catalog's. Methods other than GET and HEAD get 405.
   */
  handle(method: string, pathname: string, params: URLSearchParams): ApiResponse | undefined {
    const m = /^\/api\/(books|sources|stats|textbooks|teacher-guides)(?:\/(.*))?$/.exec(pathname);
    if (!m) return undefined;
    const [, kind, rest] = m;
    if (method !== 'GET' && method !== 'HEAD') return { status: 405, body: { success: false, error: 'Method not allowed' }, allow: 'GET, HEAD, OPTIONS' };
    const tail = (rest ?? '').replace(/\/$/, '');
    if (kind === 'books') {
      if (tail === '') return this.list(params);
      if (tail.includes('/')) return notFound('Not found');
      let id: string;
      try {
        id = decodeURIComponent(tail);
      } catch {
        return { status: 400, body: { success: false, error: 'Malformed percent-encoding in the book id' } };
      }
      return this.book(id);
    }
    if (tail !== '') return notFound('Not found');
    if (kind === 'textbooks') return this.list(params, 'textbook');
    if (kind === 'teacher-guides') return this.list(params, 'teacher-guide');
    return kind === 'sources' ? this.sourcesResponse() : this.statsResponse();
  }
}
