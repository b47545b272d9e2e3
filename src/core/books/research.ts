// TU research (the upstream's helper tu_reports.json, and tucl_thesis_dissertations.json when
// published): never served as books, but through /api/research, /api/research/<id>,
// /api/theses (category Thesis) and /api/theses/<id>, answered as the upstream answers them
// (../shared/data/books/current/README.md): the list envelope with meta.endpoint and
// meta.detail, compact items unless full=true, upstream's 400 and 404 messages. Pure: the
// Node server and the worker call it on the file the build writes (RESEARCH_FILE).

import { type BookFile, recordFiles } from './files.ts';
import type { ApiResponse } from './types.ts';

export const RESEARCH_DIR = 'api/research';
export const THESES_DIR = 'api/theses';
/** every item, in full and in order: what the server and the worker answer from */
export const RESEARCH_FILE = 'api/research/catalog.json';

export type ResearchItem = Record<string, unknown> & { id: string; files?: BookFile[] };

const COMPACT = [
  'id',
  'title',
  'author',
  'language',
  'source',
  'sourceUrl',
  'coverUrl',
  'category',
  'subcategory',
  'keywords',
  'publishedYear',
  'academicLevel',
  'institutes',
  'institute',
  'affiliatedInstitute',
  'otherInstitute',
  'publisher',
  'readUrl',
  'downloadUrl',
] as const;
const SEARCHED = [
  'title',
  'author',
  'description',
  'publisher',
  'publishedYear',
  'academicLevel',
  'institutes',
  'institute',
  'affiliatedInstitute',
  'otherInstitute',
  'advisor',
  'category',
  'subcategory',
  'source',
];
const INSTITUTE = ['institutes', 'institute', 'affiliatedInstitute', 'otherInstitute', 'publisher'];

const text = (v: unknown): string => (v === null || v === undefined ? '' : Array.isArray(v) ? v.map(String).join(' ') : String(v));
const lower = (v: unknown) => text(v).toLowerCase();

/** The items as published (records with an id), each with its files, in upstream's order: category, subcategory, year, title; the last of an id wins. */
export function researchItems(published: readonly unknown[]): ResearchItem[] {
  const byId = new Map<string, ResearchItem>();
  for (const r of published) {
    if (!r || typeof r !== 'object' || Array.isArray(r)) continue;
    const id = (r as { id?: unknown }).id;
    if (typeof id !== 'string' || !id) continue;
    byId.set(id, { ...(r as Record<string, unknown>), id, files: recordFiles(r as Record<string, unknown>) });
  }
  const key = (i: ResearchItem) => [lower(i.category), lower(i.subcategory), lower(i.publishedYear), lower(i.title)];
  return [...byId.values()].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    for (let n = 0; n < ka.length; n++) if (ka[n] !== kb[n]) return ka[n]! < kb[n]! ? -1 : 1;
    return 0;
  });
}

const bad = (error: string): ApiResponse => ({ status: 400, body: { success: false, error } });

function intParam(params: URLSearchParams, name: string, fallback: number, min: number, max?: number): number | ApiResponse {
  const raw = params.get(name);
  if (raw === null || raw === '') return fallback;
  if (!/^\s*[+-]?\d+\s*$/.test(raw)) return bad(`Query parameter '${name}' must be an integer`);
  const n = Number(raw);
  if (n < min) return bad(`Query parameter '${name}' must be >= ${min}`);
  if (max !== undefined && n > max) return bad(`Query parameter '${name}' must be <= ${max}`);
  return n;
}

const compact = (item: ResearchItem) => {
  const out: Record<string, unknown> = {};
  for (const f of COMPACT) if (f in item) out[f] = item[f];
  out.detailUrl = `/api/research/${item.id}`;
  return out;
};

/** GET /api/research or /api/theses with the upstream's filters and paging. */
export function researchList(items: readonly ResearchItem[], params: URLSearchParams, endpoint: 'research' | 'theses'): ApiResponse {
  const page = intParam(params, 'page', 1, 1);
  if (typeof page !== 'number') return page;
  const limit = intParam(params, 'limit', 50, 1, 200);
  if (typeof limit !== 'number') return limit;
  const p = (name: string) => (params.get(name) ?? '').trim().toLowerCase();
  const q = p('q');
  const category = p('category') || (endpoint === 'theses' ? 'thesis' : '');
  const language = (params.get('language') ?? '').trim();
  let list = [...items];
  if (q) {
    const terms = q.split(/\s+/).filter(Boolean);
    list = list.filter((i) => {
      const hay = [...SEARCHED.map((f) => text(i[f])), ...(Array.isArray(i.keywords) ? i.keywords.map(text) : [])].join(' ').toLowerCase();
      return terms.every((t) => hay.includes(t));
    });
  }
  if (category) list = list.filter((i) => lower(i.category).includes(category));
  for (const [param, field] of [
    ['subcategory', 'subcategory'],
    ['academicLevel', 'academicLevel'],
    ['author', 'author'],
  ] as const) {
    const want = p(param);
    if (want) list = list.filter((i) => lower(i[field]).includes(want));
  }
  const institute = p('institute');
  if (institute)
    list = list.filter((i) =>
      INSTITUTE.map((f) => text(i[f]))
        .join(' ')
        .toLowerCase()
        .includes(institute),
    );
  const year = p('year');
  if (year) list = list.filter((i) => lower(i.publishedYear).startsWith(year));
  if (language) list = list.filter((i) => i.language === language);
  const full = ['1', 'true', 'yes', 'full'].includes((params.get('full') ?? '').toLowerCase());
  const slice = list.slice((page - 1) * limit, page * limit);
  return {
    status: 200,
    body: {
      success: true,
      data: full ? slice : slice.map(compact),
      meta: { endpoint, total: list.length, page, limit, pages: Math.ceil(list.length / limit), detail: full ? 'full' : 'compact' },
    },
  };
}

/** GET /api/research/<id>, /api/theses/<id> (a thesis only). */
export function researchItem(items: readonly ResearchItem[], id: string, endpoint: 'research' | 'theses'): ApiResponse {
  const item = items.find((i) => i.id === id && (endpoint === 'research' || i.category === 'Thesis'));
  if (!item) return { status: 404, body: { success: false, error: endpoint === 'research' ? 'Research item not found' : 'Thesis not found' } };
  return { status: 200, body: { success: true, data: item } };
}

const ROUTE = /^\/api\/(research|theses)(?:\/([^/]+))?\/?$/;

/** The research routes, or undefined for any other path. `items` is read only when the path is one of them. */
export function answerResearch(pathname: string, params: URLSearchParams, items: () => readonly ResearchItem[]): ApiResponse | undefined {
  const m = ROUTE.exec(pathname);
  if (!m) return undefined;
  const endpoint = m[1] as 'research' | 'theses';
  if (m[2] === undefined) return researchList(items(), params, endpoint);
  let id: string;
  try {
    id = decodeURIComponent(m[2]);
  } catch {
    return { status: 404, body: { success: false, error: endpoint === 'research' ? 'Research item not found' : 'Thesis not found' } };
  }
  return researchItem(items(), id, endpoint);
}

/** The routes these modules answer (gradewise audio and research), for the servers' dispatch. */
export const HELPER_ROUTE = /^\/api\/(gradewise-audio|research|theses)(\/|$)/;
