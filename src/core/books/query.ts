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
// The parts: list-query.ts (the parameters), filter-columns.ts and finder.ts (finding the books),
// responses.ts (the envelopes), request-routes.ts (the paths).

import { BookSearchIndex } from './encoder.ts';
import { catalogStats } from './stats.ts';
import type { ApiResponse, Book, CatalogFile, SourceInfo, Stats } from './types.ts';
import { type ListQuery, listQueryOf, type ListRoute } from './list-query.ts';
import { type CatalogColumns, catalogColumns } from './filter-columns.ts';
import { Finder } from './finder.ts';
import { bookResponse, healthResponse, listResponse, sourcesResponse, statsResponse } from './responses.ts';
import { API_INDEX, dispatch } from './request-routes.ts';

export * from './list-query.ts';
export * from './filter-columns.ts';
export * from './finder.ts';
export * from './responses.ts';
export * from './request-routes.ts';

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
