// A list request's parameters (/api/books and the restricted lists), read as upstream reads them:
// every 400 names the parameter.

import { queryTerms } from './encoder.ts';
import { MAX_FILTER_LENGTH, MAX_GRADE, MIN_GRADE, parseGrade } from './normalise.ts';
import type { ApiResponse, ErrorBody } from './types.ts';

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 200;
export const MAX_PAGE = 1_000_000;
export const MAX_Q_LENGTH = 200;
export const MAX_Q_TERMS = 16;

/**
 * The lists: every one answers the /api/books parameters, restricted to the books `only`
 * keeps. Upstream (api.py) decides by source and by words in the title; ours keeps its own
 * teacher's-guide and textbook rule (kind.ts), which covers the sources Khoj reads as well.
 */
export const LIST_ROUTES = ['books', 'search', 'textbooks', 'teacher-guides', 'curriculum', 'course-materials', 'ncert'] as const;
export type ListRoute = (typeof LIST_ROUTES)[number];

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

const clip = (s: string): string => (s.length > 40 ? `${s.slice(0, 40)}…` : s);

/** The list parameters of a list route, or its 400. */
export function listQueryOf(params: URLSearchParams, route: ListRoute): ListQuery | ApiResponse {
  const query = parseListQuery(params);
  if ('status' in query) return query;
  query.route = route;
  return query;
}
