// A loopback YoBook API answering the way today's live one does
// (../shared/data/books/current/README.md, "How the API serves these records"), built at test
// time from the real records there: every per-source file read in sorted order, source "tu"
// and the helper files skipped, first id wins, upstream's order; the list envelope with
// meta.endpoint and meta.detail, compact items (upstream's field list, detailUrl with the
// CEHRD alias, questionPaperCount) unless full=true, the detail route with aliases, the
// filtered routes, /api/gradewise-audio with grade and subject, /api/research[/<id>],
// /api/theses, /api/sources, /api/stats, /api/health, /api; upstream's 400/404 bodies; ETag
// and 304. And its rate limit: `limit` requests per fixed window of `windowMs` per client,
// the refused ones counted too, 429 with no Retry-After. `neighbour` makes another client
// behind the same address spend that many requests in the window of the first request.

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

type Rec = Record<string, unknown>;

export interface LiveLogged {
  path: string;
  query: string;
  status: number;
  /** ms since the server started */
  at: number;
}

export interface YoBookLive {
  url: string;
  log: LiveLogged[];
  /** the records /api/books serves, in order (full) */
  books: Rec[];
  research: Rec[];
  grades: Rec[];
  /** adds a field to one served record (an upstream change shipping) */
  addField(id: string, field: string, value: unknown): void;
  close(): Promise<void>;
}

export interface LiveOptions {
  limit?: number;
  windowMs?: number;
  neighbour?: number;
}

const HELPERS = new Set(['gradewise_audio_links.json', 'tucl_thesis_dissertations.json', 'tu_reports.json']);
const PRIORITY = [
  'cehrd-learning',
  'cehrd-stories',
  'cehrd-nfe',
  'cehrd-audio',
  'pustakalaya-stories',
  'pustakalaya-reference',
  'pustakalaya-course',
  'pustakalaya-teaching',
  'pustakalaya-other-educational',
  'ncert-official',
  'openstax',
  'standard-ebooks',
  'cdc-library',
];
const COMPACT = [
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
];
const RESEARCH_COMPACT = [
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
  'publisher',
  'readUrl',
  'downloadUrl',
];

const s = (v: unknown): string => (v === null || v === undefined ? '' : Array.isArray(v) ? v.map(String).join(' ') : String(v));
const rank = (b: Rec) => {
  const i = PRIORITY.indexOf(s(b.source));
  return i < 0 ? 99 : i;
};
const gradeKey = (v: unknown): [number, number | string] => {
  const t = s(v).trim().toLowerCase();
  if (!t) return [2, 'zz'];
  const d = t.replace(/\D/g, '');
  return d ? [0, Number(d)] : [1, t];
};
const cmp = (a: unknown[], b: unknown[]): number => {
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as number | string;
    const y = b[i] as number | string;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
};
const publicId = (b: Rec): string => {
  const id = s(b.id);
  if (b.source !== 'cehrd-learning' || !id.startsWith('cehrd-learning-')) return id;
  return `cehrd-${id.slice('cehrd-learning-'.length).replace(/-\d+$/, '')}`;
};

export async function startYoBookLive(dir: string, opts: LiveOptions = {}): Promise<YoBookLive> {
  const limit = opts.limit ?? 120;
  const windowMs = opts.windowMs ?? 60_000;
  const seen = new Set<string>();
  const books: Rec[] = [];
  const research: Rec[] = [];
  let grades: Rec[] = [];
  for (const f of readdirSync(dir)
    .filter((n) => n.endsWith('.json'))
    .sort()) {
    const data = JSON.parse(readFileSync(join(dir, f), 'utf8')) as unknown;
    if (f === 'gradewise_audio_links.json') grades = Array.isArray(data) ? (data as Rec[]) : ((data as { grades: Rec[] }).grades ?? []);
    if (f === 'tu_reports.json') research.push(...(data as Rec[]));
    if (HELPERS.has(f) || !Array.isArray(data)) continue;
    for (const b of data as Rec[]) {
      if (b.source === 'tu' || !b.id || seen.has(s(b.id))) continue;
      seen.add(s(b.id));
      books.push(b);
    }
  }
  books.sort((a, b) =>
    cmp(
      [rank(a), ...gradeKey(a.grade), s(a.subject).toLowerCase(), s(a.title).toLowerCase()],
      [rank(b), ...gradeKey(b.grade), s(b.subject).toLowerCase(), s(b.title).toLowerCase()],
    ),
  );
  research.sort((a, b) =>
    cmp(
      [a.category, a.subcategory, a.publishedYear, a.title].map((v) => s(v).toLowerCase()),
      [b.category, b.subcategory, b.publishedYear, b.title].map((v) => s(v).toLowerCase()),
    ),
  );

  const started = Date.now();
  const log: LiveLogged[] = [];
  const windows = new Map<number, number>();
  let neighbourDone = false;

  const compact = (b: Rec): Rec => {
    const out: Rec = {};
    for (const f of COMPACT) if (f in b) out[f] = b[f];
    out.detailUrl = `/api/books/${publicId(b)}`;
    if (Array.isArray(b.question_papers)) out.questionPaperCount = b.question_papers.length;
    return out;
  };
  const intArg = (q: URLSearchParams, name: string, dflt: number, min: number, max?: number): number => {
    const raw = q.get(name);
    if (raw === null || raw === '') return dflt;
    if (!/^[+-]?\d+$/.test(raw.trim())) throw new Bad(`Query parameter '${name}' must be an integer`);
    const n = Number(raw);
    if (n < min) throw new Bad(`Query parameter '${name}' must be >= ${min}`);
    if (max !== undefined && n > max) throw new Bad(`Query parameter '${name}' must be <= ${max}`);
    return n;
  };
  const paged = (list: Rec[], q: URLSearchParams, endpoint: string, short: (r: Rec) => Rec) => {
    const page = intArg(q, 'page', 1, 1);
    const lim = intArg(q, 'limit', 50, 1, 200);
    const full = ['1', 'true', 'yes', 'full'].includes((q.get('full') ?? '').toLowerCase());
    const slice = list.slice((page - 1) * lim, page * lim);
    return {
      success: true,
      data: full ? slice : slice.map(short),
      meta: { endpoint, total: list.length, page, limit: lim, pages: Math.ceil(list.length / lim), detail: full ? 'full' : 'compact' },
    };
  };
  const filtered = (q: URLSearchParams, only?: (b: Rec) => boolean): Rec[] => {
    let list = only ? books.filter(only) : books;
    const terms = (q.get('q') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const hay = (b: Rec) =>
      [
        b.title,
        b.titleLocal,
        b.author,
        b.subject,
        b.description,
        b.publisher,
        b.grade,
        b.category,
        b.source,
        b.educationLevel,
        b.collection_name,
        ...(Array.isArray(b.keywords) ? b.keywords : []),
      ]
        .map(s)
        .join(' ')
        .toLowerCase();
    if (terms.length) list = list.filter((b) => terms.every((t) => hay(b).includes(t)));
    const source = q.get('source')?.trim();
    if (source) list = list.filter((b) => b.source === source);
    const grade = q.get('grade')?.trim().toLowerCase();
    if (grade) {
      const d = grade.replace(/\D/g, '');
      list = list.filter((b) => {
        const g = s(b.grade).trim().toLowerCase();
        return !!g && (g === grade || (!!d && (g === d || g === `grade ${d}` || g === `class ${d}`)));
      });
    }
    const subject = q.get('subject')?.trim().toLowerCase();
    if (subject) list = list.filter((b) => s(b.subject).toLowerCase().includes(subject));
    const language = q.get('language')?.trim();
    if (language) list = list.filter((b) => b.language === language);
    const category = q.get('category')?.trim().toLowerCase();
    if (category) list = list.filter((b) => `${s(b.category)} ${s(b.materialType)}`.toLowerCase().includes(category));
    return list;
  };
  const label = (b: Rec) => [b.title, b.titleLocal, ...(Array.isArray(b.keywords) ? b.keywords : [])].map(s).join(' ').toLowerCase();
  const material = (b: Rec) => ['pustakalaya-course', 'pustakalaya-teaching', 'pustakalaya-other-educational', 'cdc-library'].includes(s(b.source));
  const lists: Record<string, (b: Rec) => boolean> = {
    textbooks: (b) => ['cehrd-learning', 'ncert-official'].includes(s(b.source)) || /textbook/.test(label(b)) || s(b.category).toLowerCase() === 'textbook',
    'teacher-guides': (b) => material(b) && /teacher's guide|teachers' guide|teachers guides?|teacher guide|teaching manual|शिक्षक निर्देशिका/.test(label(b)),
    curriculum: (b) => material(b) && /curricul|पाठ्यक्रम/.test(`${s(b.title)} ${s(b.titleLocal)}`.toLowerCase()),
    'course-materials': (b) => s(b.category).toLowerCase() === 'course materials',
    ncert: (b) => b.source === 'ncert-official',
  };

  const answer = (path: string, q: URLSearchParams): [number, unknown] => {
    const m = /^\/api\/([\w-]+)(?:\/([^/]+))?\/?$/.exec(path);
    if (path === '/api' || path === '/api/') return [200, { name: 'YoBook API', version: '1.0.0', documentation: '/docs' }];
    if (!m) return [404, { success: false, error: 'Not found' }];
    const [, route, id] = m;
    if (route === 'books' && id !== undefined) {
      const want = decodeURIComponent(id);
      const b = books.find((x) => x.id === want || publicId(x) === want);
      return b ? [200, { success: true, data: b }] : [404, { success: false, error: 'Book not found' }];
    }
    if ((route === 'research' || route === 'theses') && id !== undefined) {
      const item = research.find((r) => r.id === decodeURIComponent(id) && (route === 'research' || r.category === 'Thesis'));
      return item
        ? [200, { success: true, data: item }]
        : [404, { success: false, error: route === 'research' ? 'Research item not found' : 'Thesis not found' }];
    }
    if (id !== undefined) return [404, { success: false, error: 'Not found' }];
    if (route === 'books' || route === 'search') return [200, paged(filtered(q), q, route, compact)];
    if (lists[route!]) return [200, paged(filtered(q, lists[route!]), q, route!, compact)];
    if (route === 'research' || route === 'theses') {
      const category = (q.get('category') ?? (route === 'theses' ? 'Thesis' : '')).toLowerCase();
      const list = research.filter((r) => !category || s(r.category).toLowerCase().includes(category));
      return [
        200,
        paged(list, q, route, (r) => {
          const out: Rec = {};
          for (const f of RESEARCH_COMPACT) if (f in r) out[f] = r[f];
          out.detailUrl = `/api/research/${s(r.id)}`;
          return out;
        }),
      ];
    }
    if (route === 'gradewise-audio') {
      const g = q.get('grade')?.trim() ?? '';
      const sub = q.get('subject')?.trim().toLowerCase() ?? '';
      const kept = grades
        .filter((x) => !g || s(x.grade) === g)
        .map((x) => ({ grade: x.grade, subjects: (x.subjects as Rec[]).filter((y) => !sub || s(y.subject).toLowerCase() === sub) }))
        .filter((x) => x.subjects.length);
      const links = kept.reduce((n, x) => n + x.subjects.reduce((k, y) => k + (y.chapters as unknown[]).length, 0), 0);
      const stats = { grades: kept.length, subjects: kept.reduce((n, x) => n + x.subjects.length, 0), chapters: links, audioLinks: links };
      return [200, { success: true, data: { source: 'pustakalaya', scrapedAt: '', stats, grades: kept } }];
    }
    if (route === 'sources') {
      const by = new Map<string, number>();
      for (const b of books) by.set(s(b.source), (by.get(s(b.source)) ?? 0) + 1);
      return [200, { success: true, data: [...by].map(([source, count]) => ({ source, count, grades: [], subjects: [] })) }];
    }
    if (route === 'stats') return [200, { success: true, data: { totalBooks: books.length } }];
    if (route === 'health') return [200, { success: true, status: 'ok', books: books.length }];
    return [404, { success: false, error: 'Not found' }];
  };

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const u = new URL(req.url ?? '/', 'http://x');
    const at = Date.now() - started;
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res
        .writeHead(status, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*', ...headers })
        .end(status === 304 ? undefined : JSON.stringify(body));
      log.push({ path: u.pathname, query: u.search, status, at });
    };
    if (u.pathname.startsWith('/api')) {
      // Counted before the check, as upstream's before_request does: a refused request counts too.
      const w = Math.floor(Date.now() / windowMs);
      if (!neighbourDone) {
        neighbourDone = true;
        windows.set(w, (windows.get(w) ?? 0) + (opts.neighbour ?? 0));
      }
      const n = (windows.get(w) ?? 0) + 1;
      windows.set(w, n);
      if (n > limit) return send(429, { success: false, error: 'Rate limit exceeded. Please retry later.' });
    }
    try {
      const [status, body] = answer(u.pathname, u.searchParams);
      const etag = `"${createHash('sha1').update(JSON.stringify(body)).digest('hex').slice(0, 16)}"`;
      if (status === 200 && req.headers['if-none-match'] === etag) return send(304, undefined, { ETag: etag });
      send(status, body, status === 200 ? { ETag: etag } : {});
    } catch (e) {
      if (e instanceof Bad) send(400, { success: false, error: e.message });
      else send(500, { success: false, error: 'Internal server error' });
    }
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    log,
    books,
    research,
    grades,
    addField(id, field, value) {
      const b = books.find((x) => x.id === id);
      if (!b) throw new Error(`no record ${id}`);
      b[field] = value;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((ok) => server.close(ok));
    },
  };
}

class Bad extends Error {}
