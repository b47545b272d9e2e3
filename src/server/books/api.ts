// The textbook catalog REST API for `npm start`: every path of the shared query module
// (src/core/books/query.ts API_PATH: /api, /api/books[/<id>], the lists, /api/sources,
// /api/stats, /api/health) answered by it from the built
// api/books/catalog.json (loaded once, reloaded when its mtime changes); /docs redirected to
// /docs/. Everything else, static catalog files included, falls through to the static handler.

import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { FILES, hash53, LIST_FILES } from '../../core/books/paths.ts';
import { API_PATH, BooksApi } from '../../core/books/query.ts';
import type { ApiResponse, CatalogFile } from '../../core/books/types.ts';
import { unknownApi } from '../../core/books/unknown-api.ts';
import { booksHelpers } from './helper-routes.ts';
import { noneMatch } from '../negotiate.ts';
import { requestUrl } from '../target.ts';
import { safeJoin } from '../static.ts';
import { KhojError } from '../../core/errors.ts';

const JSON_TYPE = 'application/json; charset=utf-8';
/** Static files of the catalog: a book's file (or catalog.json, LICENSE…), or a parameterless path's (api/stats/index.json). */
const LIST_FILE_PATHS = new Set(Object.values(LIST_FILES).map((f) => `/${f}`));
const isStaticCatalogFile = (path: string) => /^\/api\/books\/[^/]+\.(json|txt)$/.test(path) || LIST_FILE_PATHS.has(path);

interface LoadedCatalog {
  mtimeMs: number;
  size: number;
  api: BooksApi;
  tag: string;
}

/** Loads the catalog once, and again when the file changes; concurrent requests share one load. */
class CatalogCache {
  private loaded?: LoadedCatalog;
  private loading?: Promise<LoadedCatalog>;
  constructor(private readonly file: string) {}

  async get(): Promise<LoadedCatalog> {
    const s = await stat(this.file);
    const current = this.loaded;
    if (current && current.mtimeMs === s.mtimeMs && current.size === s.size) return current;
    this.loading ??= (async () => {
      try {
        const catalog = JSON.parse(await readFile(this.file, 'utf8')) as CatalogFile;
        if (catalog?.format !== 'khoj-books-catalog' || !Array.isArray(catalog.books)) throw new KhojError('damaged', `${this.file} is not a catalog file`);
        const api = new BooksApi(catalog);
        this.loaded = { mtimeMs: s.mtimeMs, size: s.size, api, tag: `${Math.floor(s.mtimeMs).toString(36)}-${s.size.toString(36)}` };
        return this.loaded;
      } finally {
        this.loading = undefined;
      }
    })();
    return this.loading;
  }
}

/** Returns true when it answered the request. */
export function booksApi(root: string): (req: IncomingMessage, res: ServerResponse) => Promise<boolean> {
  const base = resolve(root);
  const cache = new CatalogCache(join(base, ...FILES.catalog.split('/')));
  let warned = false;
  const helpers = booksHelpers(base);

  return async (req, res) => {
    const url = requestUrl(req);
    // Not a URL: the static handler answers the error.
    if (!url) return false;
    const path = url.pathname;
    const method = req.method ?? 'GET';

    // Grade-wise audio and TU research (src/server/books/helper-routes.ts); their static files go on.
    const helper = await helpers(method, path, url.searchParams);
    if (helper !== undefined) res.setHeader('Access-Control-Allow-Origin', '*');
    if (helper === false) return false;
    if (helper && method !== 'OPTIONS') {
      // An ETag from the body, so a revalidating client (the data build's cache) gets a 304.
      send(req, res, helper, `W/"h-${hash53(JSON.stringify(helper.body))}"`);
      return true;
    }

    if (path === '/docs') {
      // Relative, so it also works when the site is served under a sub-path.
      res.writeHead(301, { Location: `docs/${url.search}`, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.end(method === 'HEAD' ? undefined : 'See /docs/\n');
      return true;
    }
    if (!API_PATH.test(path) && !helper) {
      // Static catalog files (and covers) also carry CORS, as the API does.
      if (path.startsWith('/api/books/') || path.startsWith('/covers/')) res.setHeader('Access-Control-Allow-Origin', '*');
      // Any other /api/ path is a file of the build (api/openapi.yaml) or a JSON 404.
      const unknown = unknownApi(path);
      if (!unknown) return false;
      const decoded = safeDecode(path);
      const file = decoded === undefined ? undefined : safeJoin(base, decoded);
      if (file && (await isFile(file))) return false;
      res.setHeader('Access-Control-Allow-Origin', '*');
      send(req, res, unknown);
      return true;
    }

    res.setHeader('Access-Control-Allow-Origin', '*');
    if (method === 'OPTIONS') {
      res.writeHead(204, { 'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS', 'Access-Control-Allow-Headers': '*', 'Access-Control-Max-Age': '86400' });
      res.end();
      return true;
    }

    let loaded: LoadedCatalog;
    try {
      loaded = await cache.get();
    } catch (e) {
      const missing = (e as NodeJS.ErrnoException).code === 'ENOENT';
      if (!missing && !warned) {
        warned = true;
        process.stderr.write(`books API: cannot load the catalog: ${(e as Error).message}\n`);
      }
      send(req, res, { status: 503, body: { success: false, error: missing ? 'Catalog not built' : 'Catalog unavailable' } });
      return true;
    }
    warned = false;

    // A static file of the catalog (api/books/index.json, catalog.json, <file>.json, LICENSE…)
    // is served as a file unless its name is also a book id.
    if (isStaticCatalogFile(path)) {
      const id = safeDecode(path.slice('/api/books/'.length));
      if (!(path.startsWith('/api/books/') && id !== undefined && loaded.api.has(id))) {
        const file = safeDecode(path) === undefined ? undefined : safeJoin(base, safeDecode(path)!);
        if (file && (await isFile(file))) return false;
      }
    }

    const answer = loaded.api.handle(method, path, url.searchParams) ?? { status: 404, body: { success: false, error: 'Not found' } };
    send(req, res, answer, `W/"${loaded.tag}-${hash53(`${path}${url.search}`)}"`);
    return true;
  };
}

function safeDecode(s: string): string | undefined {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** JSON with the right type, an ETag (200s), gzip when asked and worth it, HEAD without a body; never a stack trace. */
function send(req: IncomingMessage, res: ServerResponse, answer: ApiResponse, etag?: string): void {
  const headers: Record<string, string | number> = {
    'Content-Type': JSON_TYPE,
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
    Vary: 'Accept-Encoding',
  };
  if (answer.allow) headers.Allow = answer.allow;
  if (answer.status === 200 && etag) {
    headers.ETag = etag;
    res.setHeader('Access-Control-Expose-Headers', 'ETag');
    if (noneMatch(req.headers['if-none-match'], etag)) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
  }
  let body: Buffer = Buffer.from(JSON.stringify(answer.body));
  if (body.length > 1024 && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
    body = gzipSync(body, { level: 4 });
    headers['Content-Encoding'] = 'gzip';
  }
  headers['Content-Length'] = body.length;
  res.writeHead(answer.status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}
