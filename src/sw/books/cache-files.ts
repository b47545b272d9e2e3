// The catalog's files in Cache Storage: every cover fetched (so browsed covers show
// offline), the /docs files (all of them as soon as one is visited), and the upstream
// LICENSE/NOTICE (with each new catalog). Cache failures only cost the offline copy.

import { FILES, largeCoverUrl } from '../../core/books/paths.ts';
import { SECTION } from '../../core/sections.ts';

export const FILES_CACHE = SECTION.books.caches.files;
const DOCS = [
  '',
  'index.html',
  'docs.js',
  'docs.css',
  'swagger-ui.css',
  'swagger-ui-bundle.js',
  'openapi.json',
  'openapi.yaml',
  'favicon-32x32.png',
  'LICENSE.swagger-ui.txt',
  'NOTICE.swagger-ui.txt',
];

const open = () => caches.open(FILES_CACHE);
const key = (url: string) => url.replace(/[?#].*$/, '');

export async function cached(url: string): Promise<Response | undefined> {
  try {
    return await (await open()).match(key(url));
  } catch {
    return undefined;
  }
}

/** Fetches a URL and keeps a good answer; network errors propagate. */
async function fetchAndKeep(request: Request | string): Promise<Response> {
  const res = await fetch(request);
  // Only whole, plain answers: not redirects, partial content or errors.
  if (res.status === 200 && res.type === 'basic') {
    const copy = res.clone();
    await open()
      .then((c) => c.put(key(typeof request === 'string' ? request : request.url), copy))
      .catch(() => undefined);
  }
  return res;
}

/** The stored copy, else the network's (kept for next time), else `offline()`. */
export async function cacheFirst(request: Request, offline: () => Response | Promise<Response>): Promise<Response> {
  const hit = await cached(request.url);
  if (hit) return hit;
  try {
    return await fetchAndKeep(request);
  } catch {
    return offline();
  }
}

let docsWarm = false;

/** After the first visit to /docs, stores every docs file (once per worker start). */
export function warmDocs(base: string): void {
  if (docsWarm) return;
  docsWarm = true;
  void (async () => {
    for (const f of DOCS) if (!(await cached(`${base}docs/${f}`))) await fetchAndKeep(`${base}docs/${f}`);
  })().catch(() => (docsWarm = false));
}

/**
 * With a new catalog: the LICENSE/NOTICE again, the stored covers it still uses fetched
 * again (a new build may redraw them) and the others dropped, stored docs fetched again.
 */
export async function renewFiles(base: string, coverUrls: Set<string>, renew: boolean): Promise<void> {
  await Promise.all([FILES.license, FILES.notice].map((f) => fetchAndKeep(base + f).catch(() => undefined)));
  if (!renew) return;
  const cache = await open();
  for (const req of await cache.keys()) {
    const rel = req.url.slice(base.length);
    if (rel.startsWith('covers/')) {
      if (!coverUrls.has(largeCoverUrl(`/${rel}`))) await cache.delete(req);
      else await fetchAndKeep(req.url).catch(() => undefined);
    } else if (rel.startsWith('docs/')) await fetchAndKeep(req.url).catch(() => undefined);
  }
}
