// The catalog API as one pure module: the Node server and the service worker both hand
// it a path and its query string and send back what it returns; the build writes the
// answers of the parameterless paths as files (paths.ts LIST_FILES). No I/O, no DOM, no Node.
//
//   GET /api                  an index of the endpoints
//   GET /api/health           {"success":true,"status":"ok","books","sources"}
//   GET /api/books            list: filters source, grade, subject, language, category, q; page, limit, full
//   GET /api/search           the same list (upstream's "dedicated search endpoint")
//   GET /api/textbooks, /api/teacher-guides, /api/curriculum, /api/course-materials, /api/ncert
//                             the same list, restricted (see LIST_ROUTES)
//   GET /api/books/<id>       one book; also a merged id, and a CEHRD short id (cehrd-g1-mathematics)
//   GET /api/sources          the sources, primary first, with counts
//   GET /api/stats            catalog statistics
//
// Envelope (upstream's): {"success":true,"data":[…],"meta":{"endpoint","total","page","limit",
// "pages","detail"}} for lists, {"success":true,"data":…} for the others; errors
// {"success":false,"error":"…"} with 400 (plus "parameter", naming it), 404 or 405.
// List items: see compactItem (data-build/books/README.md, "List items", says why).

import { BookSearchIndex, queryTerms } from './encoder.ts';
import { foldText } from './fold.ts';
import { type BookKind, bookKind } from './kind.ts';
import { MAX_FILTER_LENGTH, MAX_GRADE, MIN_GRADE, normaliseLanguage, normaliseSubject, parseGrade } from './normalise.ts';
import { canonicalSource } from './sources.ts';
import { catalogStats } from './stats.ts';
import { encodeSegment } from '../text.ts';
import { type ApiResponse, BOOK_FIELDS, type Book, type CatalogFile, type ErrorBody, type ListBody, type SourceInfo, type Stats } from './types.ts';

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 200;
export const MAX_PAGE = 1_000_000;
export const MAX_Q_LENGTH = 200;
export const MAX_Q_TERMS = 16;

export const NOT_FOUND = 'Book not found';

/** The fields of a compact list item, in upstream's order (api.py LIST_BOOK_FIELDS), where the record has them. */
export const COMPACT_FIELDS = [
  'id',
  'title',
  'titleLocal',
  'author',
  'grade',
  'subject',
  'language',
  'source',
  'coverUrl',
  'downloadUrl',
  'category',
  'materialType',
  'level',
  'collection_name',
  'audioUrl',
] as const;

/**
 * The lists: every one answers the /api/books parameters, restricted to the books `only`
 * keeps. Upstream (api.py) decides by source and by words in the title; ours keeps its own
 * teacher's-guide and textbook rule (kind.ts), which covers the sources Khoj reads as well.
 */
export const LIST_ROUTES = ['books', 'search', 'textbooks', 'teacher-guides', 'curriculum', 'course-materials', 'ncert'] as const;
export type ListRoute = (typeof LIST_ROUTES)[number];

const CURRICULUM = /curricul|पाठ्यक्रम/i;
/** Keywords naming the CDC itself are not about a curriculum. */
const CURRICULUM_CENTRE = /^(?:curriculum development cent(?:re|er)|पाठ्यक्रम विकास केन्द्र)$/i;
/** Sources publishing teaching materials, as upstream's is_material_source, plus Khoj's CDC and Pustakalaya ids. */
const MATERIAL_SOURCE = /^(?:cdc-|pustakalaya)/;

const isCurriculum = (b: Book): boolean =>
  MATERIAL_SOURCE.test(b.source) &&
  (CURRICULUM.test(`${b.title} ${b.titleLocal ?? ''}`) ||
    (Array.isArray(b.keywords) && b.keywords.some((k) => typeof k === 'string' && CURRICULUM.test(k) && !CURRICULUM_CENTRE.test(k.trim()))));

/** Which books a list route keeps (undefined: all). */
function routeFilter(route: ListRoute): ((b: Book, kind: BookKind) => boolean) | undefined {
  switch (route) {
    case 'textbooks':
      return (b, kind) => kind === 'textbook' || (b.source === 'ncert-official' && kind !== 'teacher-guide');
    case 'teacher-guides':
      return (_, kind) => kind === 'teacher-guide';
    case 'curriculum':
      return (b) => isCurriculum(b);
    case 'course-materials':
      return (b) => typeof b.category === 'string' && categoryKey(b.category) === 'course materials';
    case 'ncert':
      return (b) => b.source === 'ncert-official';
    default:
      return undefined;
  }
}

export interface ListQuery {
  source?: string;
  grade?: number;
  subject?: string;
  language?: string;
  category?: string;
  q?: string;
  /** set by the path (/api/textbooks, …), not a parameter */
  route?: ListRoute;
  /** full=true (1, yes, full): whole records instead of compact items */
  full?: boolean;
  page: number;
  limit: number;
}

const bad = (parameter: string, error: string): ApiResponse => ({ status: 400, body: { success: false, error, parameter } satisfies ErrorBody });
const notFound = (error = NOT_FOUND): ApiResponse => ({ status: 404, body: { success: false, error } satisfies ErrorBody });

/** A whole number between min and max, else upstream's 400 (api.py _int_arg). */
function intParam(name: string, raw: string, min: number, max: number): number | ApiResponse {
  if (!/^[+-]?\d+$/.test(raw)) return bad(name, `Query parameter '${name}' must be an integer`);
  const n = Number(raw);
  if (n < min) return bad(name, `Query parameter '${name}' must be >= ${min}`);
  if (n > max) return bad(name, `Query parameter '${name}' must be <= ${max}`);
  return n;
}

/**
 * Reads the list parameters. Empty values count as absent (as upstream). limit: a whole
 * number 1..200 (default 50); page: a whole number 1..1,000,000 (default 1) — anything else
 * is upstream's 400 ("Query parameter 'limit' must be <= 200"); full: 1, true, yes or full
 * (any case) for whole records; grade: 1..12, also "Grade 5", "class 5", "कक्षा ५"; q: at
 * most 200 characters and 16 words. Every 400 names the parameter. Unknown parameters are ignored.
 */
export function parseListQuery(params: URLSearchParams): ListQuery | ApiResponse {
  const get = (name: string): string | undefined => {
    const v = params.get(name);
    return v === null || v.trim() === '' ? undefined : v.trim();
  };
  const query: ListQuery = { page: 1, limit: DEFAULT_LIMIT };

  const page = get('page');
  if (page !== undefined) {
    const n = intParam('page', page, 1, MAX_PAGE);
    if (typeof n !== 'number') return n;
    query.page = n;
  }
  const limit = get('limit');
  if (limit !== undefined) {
    const n = intParam('limit', limit, 1, MAX_LIMIT);
    if (typeof n !== 'number') return n;
    query.limit = n;
  }
  const full = params.get('full');
  if (full !== null && ['1', 'true', 'yes', 'full'].includes(full.trim().toLowerCase())) query.full = true;
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

/**
 * The short id upstream serves for a CEHRD learning record: `cehrd-learning-<rest>` →
 * `cehrd-<rest>` without a trailing `-<digits>` (cehrd-learning-g1-mathematics-40 →
 * cehrd-g1-mathematics); undefined for other records.
 */
export function cehrdAlias(b: Pick<Book, 'id' | 'source'>): string | undefined {
  if (b.source !== 'cehrd-learning' || !b.id.startsWith('cehrd-learning-')) return undefined;
  const short = `cehrd-${b.id.slice('cehrd-learning-'.length).replace(/-\d+$/, '')}`;
  return short === 'cehrd-' || short === b.id ? undefined : short;
}

/** A book's grade as a number for the filter, whether published as 5, "5" or "Grade 5"; -1 for none. */
function gradeNumber(g: unknown): number {
  if (typeof g !== 'number' && typeof g !== 'string') return -1;
  const r = parseGrade(g);
  return 'grade' in r ? r.grade : -1;
}

/**
 * A list item (compact): upstream's compact fields the record has, then the contract's
 * Book fields (the contract, ../shared/spec/textbook-catalog.md, and Khoj's own app read
 * them from list items), then detailUrl and, for a question-paper collection,
 * questionPaperCount. Not the heavy fields: question_papers, chapterDownloadUrls,
 * description, alternates… (full=true or the detail route has them).
 */
export function compactItem(b: Book, detailUrl: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of COMPACT_FIELDS) if (Object.hasOwn(b, f)) out[f] = b[f];
  for (const f of BOOK_FIELDS) if (!Object.hasOwn(out, f)) out[f] = Object.hasOwn(b, f) ? b[f] : f === 'keywords' ? [] : null;
  out.detailUrl = detailUrl;
  if (Array.isArray(b.question_papers)) out.questionPaperCount = b.question_papers.length;
  return out;
}

const clip = (s: string): string => (s.length > 40 ? `${s.slice(0, 40)}…` : s);

/** A table of distinct values with each book's index into it (-1 for none), for fast filters. */
export class Column {
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
  /** A column from its table and codes (as `table()` and `of` give them), e.g. read from a shard manifest. */
  static fromCodes(table: readonly string[], of: Int32Array): Column {
    const c = new Column([]);
    table.forEach((v, i) => c.codes.set(v, i));
    (c as { of: Int32Array }).of = of;
    return c;
  }
  /** the distinct values, by code */
  table(): string[] {
    return [...this.codes.keys()];
  }
  /** the code of a value; -2 (matches nothing) when no book has it */
  code(v: string): number {
    return this.codes.get(v) ?? -2;
  }
}

/** What the list filters read: one value per catalog position. */
export interface CatalogColumns {
  size: number;
  source: Column;
  grade: Int8Array;
  subject: Column;
  language: Column;
  category: Column;
  /** per restricted list route: 1 for the books it keeps */
  routes: Map<ListRoute, Uint8Array>;
}

/** A search index lookup (encoder.ts BookSearchIndex.lookup): positions of the books with a word starting with (whole: equal to) the term, by rank slot. */
export type TermLookup = (term: string, whole: boolean) => ArrayLike<ArrayLike<number> | undefined>;

/** The filter columns of a catalog. */
export function catalogColumns(books: readonly Book[]): CatalogColumns {
  const kinds = books.map((b) => bookKind(b));
  const routes = new Map<ListRoute, Uint8Array>();
  for (const route of LIST_ROUTES) {
    const only = routeFilter(route);
    if (only)
      routes.set(
        route,
        Uint8Array.from(books, (b, i) => (only(b, kinds[i]!) ? 1 : 0)),
      );
  }
  return {
    size: books.length,
    source: new Column(books.map((b) => b.source)),
    grade: Int8Array.from(books, (b) => gradeNumber(b.grade)),
    subject: new Column(books.map((b) => (typeof b.subject === 'string' && b.subject ? subjectKey(b.subject) : null))),
    language: new Column(books.map((b) => (typeof b.language === 'string' ? b.language : null))),
    category: new Column(books.map((b) => (typeof b.category === 'string' && b.category ? categoryKey(b.category) : null))),
    routes,
  };
}

const subjectKey = (s: string): string =>
  foldText(normaliseSubject(s).name ?? '')
    .replace(/\s+/g, ' ')
    .trim();
const categoryKey = (s: string): string => foldText(s).replace(/\s+/g, ' ').trim();
const languageKey = (s: string): string => normaliseLanguage(s).code ?? foldText(s).trim();

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

/** A list's answer: the page's books (each with the id it is linked by) as compact items, or whole with full. */
export function listResponse(query: ListQuery, route: ListRoute, total: number, rows: ReadonlyArray<{ book: Book; publicId: string }>): ApiResponse {
  const body: ListBody = {
    success: true,
    data: rows.map(({ book: b, publicId }) => {
      const detailUrl = `/api/books/${encodeSegment(publicId)}`;
      return query.full ? { ...b, detailUrl } : (compactItem(b, detailUrl) as Book & { detailUrl: string });
    }),
    meta: {
      endpoint: route,
      total,
      page: query.page,
      limit: query.limit,
      pages: Math.ceil(total / query.limit),
      detail: query.full ? 'full' : 'compact',
    },
  };
  return { status: 200, body };
}

export const bookResponse = (book: Book | undefined): ApiResponse => (book === undefined ? notFound() : { status: 200, body: { success: true, data: book } });
export const sourcesResponse = (sources: SourceInfo[]): ApiResponse => ({ status: 200, body: { success: true, data: sources } });
export const statsResponse = (stats: Stats): ApiResponse => ({ status: 200, body: { success: true, data: stats } });
/** Upstream's health answer, with the catalog's version. */
export const healthResponse = (books: number, stats: Stats): ApiResponse => ({
  status: 200,
  body: { success: true, status: 'ok', books, sources: Object.keys(stats.bySource).length, generatedAt: stats.generatedAt },
});

/** What a request path asks for: an answer already (405, 404, 400…), a book by id, a list, or one of the catalog-wide answers. */
export type ApiRequest =
  | { kind: 'answer'; response: ApiResponse }
  | { kind: 'book'; id: string }
  | { kind: 'list'; route: ListRoute }
  | { kind: 'index' | 'sources' | 'stats' | 'health' };

/**
 * Routes a request path (as sent, percent-encoded); undefined when the path is not one of
 * the catalog's. Methods other than GET and HEAD get 405.
 */
export function apiRequest(method: string, pathname: string): ApiRequest | undefined {
  const m = API_PATH.exec(pathname);
  if (!m) return undefined;
  const [, name, rest] = m;
  if (method !== 'GET' && method !== 'HEAD')
    return { kind: 'answer', response: { status: 405, body: { success: false, error: 'Method not allowed' }, allow: 'GET, HEAD, OPTIONS' } };
  const tail = (rest ?? '').replace(/\/$/, '');
  if (name === undefined) return { kind: 'index' };
  if (name === 'books' && tail !== '') {
    if (tail.includes('/')) return { kind: 'answer', response: notFound('Not found') };
    try {
      return { kind: 'book', id: decodeURIComponent(tail) };
    } catch {
      return { kind: 'answer', response: { status: 400, body: { success: false, error: 'Malformed percent-encoding in the book id' } } };
    }
  }
  if (tail !== '') return { kind: 'answer', response: notFound('Not found') };
  if ((LIST_ROUTES as readonly string[]).includes(name)) return { kind: 'list', route: name as ListRoute };
  if (name === 'sources' || name === 'health') return { kind: name };
  return { kind: 'stats' };
}

/** What answers each kind of request: BooksApi (whole catalog, at once) and the shard reader (async). */
export interface RequestAnswers<R> {
  book(id: string): R;
  list(params: URLSearchParams, route: ListRoute): R;
  index(): R;
  sources(): R;
  health(): R;
  stats(): R;
}

/** Routes a request path to `answers` (one dispatch for both readers); undefined when the path is not the catalog's. */
export function dispatch<R>(method: string, pathname: string, params: URLSearchParams, answers: RequestAnswers<R>): R | ApiResponse | undefined {
  const r = apiRequest(method, pathname);
  if (r === undefined) return undefined;
  switch (r.kind) {
    case 'answer':
      return r.response;
    case 'book':
      return answers.book(r.id);
    case 'list':
      return answers.list(params, r.route);
    default:
      return answers[r.kind]();
  }
}

/** The list parameters of a list route, or its 400. */
export function listQueryOf(params: URLSearchParams, route: ListRoute): ListQuery | ApiResponse {
  const query = parseListQuery(params);
  if ('status' in query) return query;
  query.route = route;
  return query;
}

export class BooksApi {
  readonly books: readonly Book[];
  readonly sources: SourceInfo[];
  readonly stats: Stats;
  readonly columns: CatalogColumns;
  private readonly byId = new Map<string, number>();
  private readonly aliases: Record<string, string>;
  /** CEHRD short id → catalog position (the first record to claim it) */
  private readonly shortIds = new Map<string, number>();
  private search?: BookSearchIndex;
  private readonly finder = new Finder();

  constructor(catalog: Pick<CatalogFile, 'books' | 'aliases' | 'sources' | 'generatedAt'> & { duplicatesMerged?: number }) {
    this.books = catalog.books;
    this.aliases = catalog.aliases ?? {};
    this.books.forEach((b, i) => this.byId.set(b.id, i));
    this.books.forEach((b, i) => {
      const short = cehrdAlias(b);
      if (short !== undefined && !this.byId.has(short) && !Object.hasOwn(this.aliases, short) && !this.shortIds.has(short)) this.shortIds.set(short, i);
    });
    this.columns = catalogColumns(this.books);
    this.sources = catalog.sources;
    this.stats = catalogStats(this.books, catalog.generatedAt, Object.keys(this.aliases).length);
  }

  /** True for an id (or a merged id, or a CEHRD short id) the catalog answers. */
  has(id: string): boolean {
    return this.position(id) !== undefined;
  }

  /** Every id with an answer of its own: the books', the merged ones', the CEHRD short ones (each has a static file). */
  answerableIds(): string[] {
    return [...this.byId.keys(), ...Object.keys(this.aliases), ...this.shortIds.keys()];
  }

  /** The catalog position of the book an id (or a merged id, or a CEHRD short id) answers with. */
  position(id: string): number | undefined {
    return this.byId.get(id) ?? (Object.hasOwn(this.aliases, id) ? this.byId.get(this.aliases[id]!) : undefined) ?? this.shortIds.get(id);
  }

  /** The id a book is linked by (detailUrl): its CEHRD short id where it has one, else its id. */
  publicId(b: Book): string {
    const short = cehrdAlias(b);
    return short !== undefined && this.shortIds.get(short) === this.byId.get(b.id) ? short : b.id;
  }

  /** The search index over every book (built at the first query). */
  searchIndex(): BookSearchIndex {
    return (this.search ??= new BookSearchIndex(this.books));
  }

  /** The record as stored: data.id is the stored id, also when asked by a merged or short id. */
  book(id: string): ApiResponse {
    const at = this.position(id);
    return bookResponse(at === undefined ? undefined : this.books[at]);
  }

  list(params: URLSearchParams, route: ListRoute = 'books'): ApiResponse {
    const query = listQueryOf(params, route);
    if ('status' in query) return query;
    const { total, ids } = this.find(query);
    return listResponse(
      query,
      route,
      total,
      ids.map((i) => ({ book: this.books[i]!, publicId: this.publicId(this.books[i]!) })),
    );
  }

  /** The catalog positions on the requested page, and how many books match in all. */
  find(query: ListQuery): { total: number; ids: number[] } {
    return this.finder.find(this.columns, query, () => {
      const index = this.searchIndex();
      return (term, whole) => index.lookup(term, whole);
    });
  }

  sourcesResponse(): ApiResponse {
    return sourcesResponse(this.sources);
  }

  statsResponse(): ApiResponse {
    return statsResponse(this.stats);
  }

  healthResponse(): ApiResponse {
    return healthResponse(this.books.length, this.stats);
  }

  /** GET /api: what is here (the shape of upstream's index). */
  indexResponse(): ApiResponse {
    return { status: 200, body: API_INDEX };
  }

  /** The answer of a parameterless path (GET), or undefined when that path has none. */
  answer(pathname: string, params = new URLSearchParams()): ApiResponse | undefined {
    return this.handle('GET', pathname, params);
  }

  /**
   * Routes a request path (as sent, percent-encoded) to its answer; undefined when the path
   * is not one of the catalog's. Methods other than GET and HEAD get 405.
   */
  handle(method: string, pathname: string, params: URLSearchParams): ApiResponse | undefined {
    return dispatch(method, pathname, params, {
      book: (id) => this.book(id),
      list: (p, route) => this.list(p, route),
      index: () => this.indexResponse(),
      sources: () => this.sourcesResponse(),
      health: () => this.healthResponse(),
      stats: () => this.statsResponse(),
    });
  }
}

/** The paths this module answers: /api, /api/ and /api/<name>[/…] for the names below. */
export const API_PATH = /^\/api(?:$|\/(books|search|textbooks|teacher-guides|curriculum|course-materials|ncert|sources|stats|health)(?:\/(.*))?$)/;

const LIST_PARAMS = {
  q: 'Search words: every word must start a word of the title, local title, subject, keywords or author',
  source: 'Filter by source (cehrd-learning, cdc-library, ncert-official, …)',
  grade: 'Filter by grade (1-12, "Grade 5", "कक्षा ५")',
  subject: 'Filter by subject (Mathematics, गणित, …)',
  language: 'Filter by language (ne, en, …)',
  category: 'Filter by category (Textbook, Course Materials, …)',
  page: 'Page number (default: 1)',
  limit: 'Results per page (default: 50, max: 200)',
  full: 'Set to true/1 to include complete book records in list responses',
};

export const API_INDEX = {
  name: 'Khoj textbook catalog (YoBook API format)',
  description: 'Nepal educational book catalog API',
  documentation: '/docs/',
  openapi_spec: '/docs/openapi.json',
  endpoints: {
    'GET /api/books': 'Search & filter books',
    'GET /api/search': 'Dedicated search endpoint',
    'GET /api/textbooks': 'Student textbook books',
    'GET /api/course-materials': 'Course material books',
    'GET /api/teacher-guides': 'Teacher guide books',
    'GET /api/curriculum': 'Curriculum books',
    'GET /api/ncert': 'NCERT textbook collections',
    'GET /api/books/<id>': 'Get single book',
    'GET /api/health': 'Health check',
    'GET /api/sources': 'List data sources',
    'GET /api/stats': 'Collection statistics',
  },
  params: LIST_PARAMS,
};
