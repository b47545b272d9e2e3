// Where the catalog lives in the static tree, and how a REST path maps to a file there,
// so any static host serves the catalog without our server (and the service worker and
// the app can find the files).
//
//   GET /api                  → api/index.json             (the index of endpoints)
//   GET /api/<list>           → api/<list>/index.json      (the first page: no filters, page 1, limit 50;
//                                                            books, search, textbooks, teacher-guides,
//                                                            curriculum, course-materials, ncert)
//   GET /api/books/<id>       → api/books/<stem(id)>.json  (also for merged ids and CEHRD short ids)
//   GET /api/sources, /api/stats, /api/health → api/<name>/index.json
//   full catalog              → api/books/catalog.json     (what the server and the service worker load)
//   the catalog in shards     → api/books-shards/…         (what a first visit loads: shards.ts; with
//                                                            catalog-columns.json, what the worker's save fetches: columns.ts)
//   GET /covers/<file>        → covers/<file>              (<stem(id)>.jpg from a PDF, .svg generated)
//   GET /covers/small/<file>  → covers/small/<file>        (every cover's small copy: the data saver's)
//   GET /docs, /docs/         → docs/index.html            (+ docs/openapi.json, docs/openapi.yaml)

export const SUBTREES = {
  books: 'api/books',
  sources: 'api/sources',
  stats: 'api/stats',
  textbooks: 'api/textbooks',
  teacherGuides: 'api/teacher-guides',
  search: 'api/search',
  curriculum: 'api/curriculum',
  courseMaterials: 'api/course-materials',
  ncert: 'api/ncert',
  health: 'api/health',
  shards: 'api/books-shards',
  covers: 'covers',
  docs: 'docs',
  /** the sample catalog's own files (data-build/books/sample/files), where its records point; empty for other sources */
  files: 'files',
} as const;

export const FILES = {
  firstPage: 'api/books/index.json',
  catalog: 'api/books/catalog.json',
  sources: 'api/sources/index.json',
  stats: 'api/stats/index.json',
  textbooks: 'api/textbooks/index.json',
  teacherGuides: 'api/teacher-guides/index.json',
  search: 'api/search/index.json',
  curriculum: 'api/curriculum/index.json',
  courseMaterials: 'api/course-materials/index.json',
  ncert: 'api/ncert/index.json',
  health: 'api/health/index.json',
  /** GET /api: one file beside the subtrees (written on its own, atomically) */
  apiIndex: 'api/index.json',
  docs: 'docs/index.html',
  openapiJson: 'docs/openapi.json',
  openapiYaml: 'docs/openapi.yaml',
  license: 'api/books/LICENSE.upstream.txt',
  notice: 'api/books/NOTICE.upstream.txt',
} as const;

/** 53-bit string hash (cyrb53), as 14 hex digits. */
export function hash53(text: string, seed = 0): string {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
}

const SAFE_STEM = /^[a-z0-9][a-z0-9_-]{0,119}$/;
const RESERVED = new Set(['index', 'catalog']);

/**
 * The file name (without extension) for a book id. A lower-case id of letters, digits, `-`
 * and `_` is its own name (cehrd-learning-g1-mathematics-40); any other id becomes a tidy
 * lower-case slug, a dot and a hash of the exact id (ol-OL23666842W → ol-ol23666842w.3f…),
 * so names never clash, on case-insensitive file systems neither.
 */
export function fileStem(id: string): string {
  if (SAFE_STEM.test(id) && !RESERVED.has(id)) return id;
  const slug =
    id
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9_-]+/g, '-')
      .replace(/^[-_]+|-+$/g, '')
      .slice(0, 80) || 'book';
  return `${slug}.${hash53(id).slice(0, 12)}`;
}

/** A cover's small copy (data-build/books/small-cover.ts): /covers/small/<file> for every /covers/<file>. */
export const smallCoverUrl = (coverUrl: string): string => coverUrl.replace(/^(\/?covers\/)(?!small\/)/, '$1small/');

/** The large cover a URL names, whether it names the cover or its small copy. */
export const largeCoverUrl = (coverUrl: string): string => coverUrl.replace(/^(\/?covers\/)small\//, '$1');

export const bookFile = (id: string): string => `api/books/${fileStem(id)}.json`;

/** Every REST path without a query (a list's first page, the others' only answer), and the static file holding its answer. */
export const LIST_FILES: Readonly<Record<string, string>> = {
  '/api': FILES.apiIndex,
  '/api/books': FILES.firstPage,
  '/api/search': FILES.search,
  '/api/textbooks': FILES.textbooks,
  '/api/teacher-guides': FILES.teacherGuides,
  '/api/curriculum': FILES.curriculum,
  '/api/course-materials': FILES.courseMaterials,
  '/api/ncert': FILES.ncert,
  '/api/sources': FILES.sources,
  '/api/stats': FILES.stats,
  '/api/health': FILES.health,
};
const PATH_OF_FILE = new Map(Object.entries(LIST_FILES).map(([path, file]) => [file, path]));
/** The REST path a list's static file answers (`api/stats/index.json` → `/api/stats`). */
export const listPathOf = (file: string): string | undefined => PATH_OF_FILE.get(file);

/** The static file that holds the answer to a REST path without a query (or the first page), if any. */
export function staticFileFor(pathname: string): string | undefined {
  const path = pathname === '/api' ? pathname : pathname.replace(/\/$/, '');
  const list = LIST_FILES[path];
  if (list) return list;
  if (path === '/docs') return FILES.docs;
  const m = /^\/api\/books\/([^/]+)$/.exec(path);
  if (!m) return undefined;
  try {
    return bookFile(decodeURIComponent(m[1]!));
  } catch {
    return undefined;
  }
}
