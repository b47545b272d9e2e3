// The catalog's request paths: what each asks for (a book, a list, a catalog-wide answer, or an
// answer at once: 405, 404, 400), routed to the answers of either reader (BooksApi, the shards).

import type { ApiResponse } from './types.ts';
import { LIST_ROUTES, type ListRoute } from './list-query.ts';
import { notFound } from './responses.ts';

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
