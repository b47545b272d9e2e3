/// <reference lib="webworker" />
// The textbook catalog offline. The REST paths (query.ts API_PATH: /api, /api/books[/<id>],
// the lists, /api/sources, /api/stats, /api/health) are answered with the Node server's
// answers (the shard reader, core/books/sharded.ts, shares the query module's routing,
// filters, ranking and bodies) from the catalog's shards kept in IndexedDB, with the server's
// status codes, headers and bodies; /covers/<file> and /docs from Cache Storage. Before the
// catalog is stored, requests go to the network while it is being stored; what the network
// cannot answer (a static host has no file for a query) the network's shards do. sw.ts sends navigations
// (a LICENSE or /docs/ opened in a tab) and every method here, so HEAD and 405 work offline.

import { KhojError } from '../../core/errors.ts';
import { FILES, LIST_FILES, listPathOf } from '../../core/books/paths.ts';
import { API_PATH } from '../../core/books/query.ts';
import type { ApiResponse } from '../../core/books/types.ts';
import { unknownApi } from '../../core/books/unknown-api.ts';
import { SOURCE_HEADER, STORAGE_HEADER } from '../../core/answer-headers.ts';
import { JSON_TYPE } from '../respond.ts';
import { checkOnce, current, forget, forgetNetworkShards, networkShards, refresh, storage, timing } from './catalog.ts';
import { cacheFirst, cached, renewFiles, warmDocs } from './cache-files.ts';
import { answerHelper, HELPER_PATH, saveHelpers } from './helper-routes.ts';
import { readFile } from './store.ts';
import type { ShardedBooksApi } from '../../core/books/sharded.ts';
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
export const renew = (old: string | undefined, covers: Set<string>) => void renewFiles(base, covers, old !== undefined).catch(() => undefined);

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

const NOT_FOUND: ApiResponse = { status: 404, body: { success: false, error: 'Not found' } };
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
  const l = await current();
  if (l) checkOnce(base, renew);

  if (isStaticFile(raw) && !(l && raw.startsWith('api/books/') && (await l.api.has(safeDecode(raw.slice(10)) ?? '').catch(() => false)))) {
    if (raw === FILES.catalog || raw.endsWith('.txt')) return fromNetwork(request, () => storedFile(raw));
    if (!l) return fromNetwork(request);
    // The file holds the answer of a REST path: answer that.
    params = new URLSearchParams();
    path = listPathOf(raw) ?? (await bookPathOfFile(l.api, raw).catch(() => `/${raw}`));
  }
  let api: ShardedBooksApi | undefined = l?.api;
  let stored = l?.stored ?? false;
  if (l) {
    const t = performance.now();
    const answer = await l.api.handle(request.method, path, params).then(
      (a) => a ?? NOT_FOUND,
      (e: unknown) => {
        // A stored shard unreadable: say so, and let the network answer while the catalog is stored again.
        forget(e);
        return undefined;
      },
    );
    if (answer) return respond(request, answer, stored, performance.now() - t);
    api = undefined;
    stored = false;
  }
  // Nothing stored yet: the network answers while the catalog is fetched and stored. A
  // static host cannot answer a query or an id (a 404, or its app page): then the network's
  // shards do.
  void refresh(base, renew).catch(() => undefined);
  const res = await fromNetwork(request);
  if (res.ok && res.headers.get('Content-Type')?.startsWith('application/json')) return res;
  const t = performance.now();
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      api ??= await networkShards(base, params);
      const answer = (await api.handle(request.method, path, params)) ?? NOT_FOUND;
      return respond(request, answer, stored, performance.now() - t);
    } catch (e) {
      // A new build while the reader was open: open the network's shards again, once.
      if (!KhojError.is(e, 'other-build')) break;
      forgetNetworkShards();
      api = undefined;
    }
  }
  return res;
}

function respond(request: Request, answer: ApiResponse, stored: boolean, ms: number): Response {
  const body = request.method === 'HEAD' ? null : JSON.stringify(answer.body);
  // For the benchmark: this answer's query time, and the last catalog save's steps.
  const timings = `query;dur=${ms.toFixed(2)}, fetch;dur=${timing.fetchMs.toFixed(1)}, parse;dur=${timing.parseMs.toFixed(1)}, store;dur=${timing.storeMs.toFixed(1)}`;
  return new Response(body, {
    status: answer.status,
    headers: headers(stored, { 'Server-Timing': timings, ...(answer.allow ? { Allow: answer.allow } : {}) }),
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
  const row = await readFile(FILES.catalog).catch(() => undefined);
  return row && new Response(row.text, { headers: headers(true) });
}

/** api/books/<stem>.json → /api/books/<the id it was written for> (merged and CEHRD short ids have files too). */
async function bookPathOfFile(api: ShardedBooksApi, raw: string): Promise<string> {
  const id = await api.idOfFileStem(raw.slice('api/books/'.length, -'.json'.length));
  return id === undefined ? `/${raw}` : `/api/books/${encodeURIComponent(id)}`;
}

function safeDecode(s: string): string | undefined {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}
