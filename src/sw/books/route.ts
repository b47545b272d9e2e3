/// <reference lib="webworker" />
// The textbook catalog offline. The REST paths (query.ts API_PATH: /api, /api/books[/<id>],
// the lists, /api/sources, /api/stats, /api/health) are answered by the same query module as the Node server
// (BooksApi.handle), from the catalog kept in IndexedDB, with the server's status codes,
// headers and bodies; /covers/<file> and /docs from Cache Storage. Before the catalog is
// stored, requests go to the network while it is being stored. sw.ts sends navigations
// (a LICENSE or /docs/ opened in a tab) and every method here, so HEAD and 405 work offline.

import { FILES, fileStem, LIST_FILES, listPathOf } from '../../core/books/paths.ts';
import { API_PATH } from '../../core/books/query.ts';
import type { ApiResponse } from '../../core/books/types.ts';
import { unknownApi } from '../../core/books/unknown-api.ts';
import { SOURCE_HEADER, STORAGE_HEADER } from '../../core/answer-headers.ts';
import { JSON_TYPE } from '../respond.ts';
import { checkOnce, current, type CatalogInMemory, refresh, storage, timing } from './catalog.ts';
import { cacheFirst, cached, renewFiles, warmDocs } from './cache-files.ts';
import { answerHelper, HELPER_PATH, saveHelpers } from './helpers.ts';
import { readCatalog } from './store.ts';
import { SAVED_FILE_PATH } from '../../core/books/saved-file.ts';
import { answerSavedFile } from './saved-file.ts';

declare const self: ServiceWorkerGlobalScope;

const scope = new URL(self.registration.scope);
const base = scope.href;
/** Static files of the catalog (as the server's static mapping): answered as files unless the name is a book id. */
const LIST_FILE_NAMES = new Set(Object.values(LIST_FILES));
const isStaticFile = (rel: string) => /^api\/books\/[^/]+\.(json|txt)$/.test(rel) || LIST_FILE_NAMES.has(rel);
const CORS = { 'Access-Control-Allow-Origin': '*' };

/** `rel` is the decoded path below the worker's scope, e.g. `api/books` or `covers/x.svg`; undefined for paths that are not the catalog's. */
export function answerBooks(rel: string, request: Request): Promise<Response> | undefined {
  if (rel === SAVED_FILE_PATH) return answerSavedFile(request);
  if (HELPER_PATH.test(rel)) return answerHelper(base, rel, request);
  if (API_PATH.test(`/${rel}`) || LIST_FILE_NAMES.has(rel)) return answerApi(request);
  if (rel.startsWith('covers/')) return cacheFirst(request, () => offline(request.method, NOT_SAVED_FILE));
  // Any other extensionless /api/ path: the server's JSON 404, offline too (never the app
  // shell). A path with an extension may be a file of the build (api/openapi.yaml).
  if (rel.startsWith('api/') && !/\.[\w]+$/.test(rel)) {
    const unknown = unknownApi(`/${rel}`);
    if (unknown) {
      const body = request.method === 'HEAD' ? null : JSON.stringify(unknown.body);
      return Promise.resolve(new Response(body, { status: unknown.status, headers: headers(false, { [SOURCE_HEADER]: 'worker' }) }));
    }
  }
  if (rel === 'docs') return Promise.resolve(Response.redirect(`${base}docs/${new URL(request.url).search}`, 301));
  if (rel.startsWith('docs/')) {
    warmDocs(base);
    return cacheFirst(request, () => offline(request.method, NOT_SAVED_FILE));
  }
  return undefined;
}

/** After a new catalog: its side files. */
const renew = (old: string | undefined) =>
  void current().then((c) => c && renewFiles(base, new Set(c.api.books.map((b) => b.coverUrl)), old !== undefined).catch(() => undefined));

/** The catalog stored for offline use (at the first visit), with its side files, as a first answer would store it. */
export const storeCatalog = (): Promise<void> =>
  Promise.all([current().then((c) => (c ? undefined : refresh(base, renew))), saveHelpers(base)]).then(() => undefined);

function headers(stored: boolean, extra: Record<string, string> = {}): Record<string, string> {
  return {
    'Content-Type': JSON_TYPE,
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
    ...CORS,
    ...storage.mark({ [SOURCE_HEADER]: stored ? 'idb' : 'network' }),
    ...extra,
  };
}

const NOT_SAVED_CATALOG = 'Offline, and the textbook catalog is not saved on this device yet';
const NOT_SAVED_FILE = 'Offline, and this file was not saved on this device';

const offline = (method: string, error = NOT_SAVED_CATALOG) =>
  new Response(method === 'HEAD' ? null : JSON.stringify({ success: false, error }), {
    status: 503,
    headers: headers(false),
  });

async function answerApi(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const raw = url.pathname.slice(scope.pathname.length);
  let path = `/${raw}`;
  let params = url.searchParams;
  let l = await current();
  if (l) checkOnce(base, renew);

  if (isStaticFile(raw) && !(l && raw.startsWith('api/books/') && l.api.has(safeDecode(raw.slice(10)) ?? ''))) {
    if (raw === FILES.catalog || raw.endsWith('.txt')) return fromNetwork(request, () => storedFile(raw));
    if (!l) return fromNetwork(request);
    // The file holds the answer of a REST path: answer that.
    params = new URLSearchParams();
    path = listPathOf(raw) ?? bookPathOfFile(l, raw);
  }
  if (!l) {
    // Nothing stored yet: the network answers while the catalog is fetched and stored. A
    // static host cannot answer a query or an id (a 404, or its app page): then the catalog,
    // once here, does.
    const loading = refresh(base, renew).then(
      () => true,
      () => false,
    );
    const res = await fromNetwork(request);
    const api = res.ok && res.headers.get('Content-Type')?.startsWith('application/json');
    if (api || !(await loading) || !(l = await current())) return res;
  }
  const t = performance.now();
  const answer: ApiResponse = l.api.handle(request.method, path, params) ?? { status: 404, body: { success: false, error: 'Not found' } };
  const body = request.method === 'HEAD' ? null : JSON.stringify(answer.body);
  // For the benchmark: this answer's query time, and the last catalog load's steps.
  const timings = `query;dur=${(performance.now() - t).toFixed(2)}, fetch;dur=${timing.fetchMs.toFixed(1)}, parse;dur=${timing.parseMs.toFixed(1)}, store;dur=${timing.storeMs.toFixed(1)}`;
  return new Response(body, {
    status: answer.status,
    headers: headers(l.stored, { 'Server-Timing': timings, ...(answer.allow ? { Allow: answer.allow } : {}) }),
  });
}

/** The network's answer (marked with the storage problem, if any), else the fallback, else 503. */
async function fromNetwork(request: Request, fallback?: () => Promise<Response | undefined>): Promise<Response> {
  try {
    const res = await fetch(request);
    const problem = storage.problem();
    if (!problem) return res;
    const h = new Headers(res.headers);
    h.set(STORAGE_HEADER, problem);
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers: h });
  } catch {
    return (await fallback?.()) ?? offline(request.method);
  }
}

/** catalog.json from IndexedDB; LICENSE/NOTICE from Cache Storage. */
async function storedFile(raw: string): Promise<Response | undefined> {
  if (raw.endsWith('.txt')) return cached(base + raw);
  const row = await readCatalog().catch(() => undefined);
  return row && new Response(row.text, { headers: headers(true) });
}

const stems = new WeakMap<CatalogInMemory, Map<string, string>>();

/** api/books/<stem>.json → /api/books/<the id it was written for> (merged and CEHRD short ids have files too). */
function bookPathOfFile(l: CatalogInMemory, raw: string): string {
  let m = stems.get(l);
  if (!m) {
    m = new Map();
    for (const id of l.api.answerableIds()) m.set(fileStem(id), id);
    stems.set(l, m);
  }
  const id = m.get(raw.slice('api/books/'.length, -'.json'.length));
  return id === undefined ? `/${raw}` : `/api/books/${encodeURIComponent(id)}`;
}

function safeDecode(s: string): string | undefined {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}
