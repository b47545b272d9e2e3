// The app shell's precache: the build's file list (injected by vite-plugin-pwa as
// self.__WB_MANIFEST) stored in one cache named after its revisions, the old caches
// removed on activation. Workbox's precaching did this with ~4.5 KB gzip of generality
// the 25 KB worker budget could not afford (measured in the issue notes).

import { routeStartup } from './static-routes.ts';
import { KhojError } from '../core/errors.ts';

declare const self: ServiceWorkerGlobalScope;

export interface PrecacheEntry {
  url: string;
  revision: string | null;
}

const PREFIX = 'khoj-shell-';

/** A short stable name for a file list: changes whenever any file or revision does. */
function nameOf(entries: PrecacheEntry[]): string {
  let h = 0x811c9dc5;
  for (const e of entries) for (const c of `${e.url}\n${e.revision ?? ''}\n`) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
  return PREFIX + h.toString(36);
}

/**
 * A copy of a response that came through a redirect (a host that sends /index.html to /),
 * without the redirected flag: the browser refuses a redirected response as the answer to a
 * navigation, so the shell stored as fetched would not open offline.
 */
const unredirected = (res: Response): Response => new Response(res.body, { status: res.status, statusText: res.statusText, headers: res.headers });

export function precache(entries: PrecacheEntry[], shell = 'index.html'): void {
  const name = nameOf(entries);
  const urls = new Map(entries.map((e) => [new URL(e.url, self.registration.scope).href, e]));
  const shellUrl = new URL(shell, self.registration.scope).href;
  const assets = new URL('assets/', self.registration.scope).href;
  // Opened once per worker start, not per request: a cold start's page, script, style and font
  // each waited for their own open (a round trip to the browser's cache storage) before the match.
  // A failed open or match (storage cleared under the worker) is not kept: the next one opens again.
  let opened: Promise<Cache> | undefined;
  const stored = (key: string): Promise<Response | undefined> =>
    (opened ??= caches.open(name)).then((cache) => cache.match(key)).catch(() => (opened = undefined));

  // The start-up files' copies that the browser answers from without the worker (static-routes.ts).
  const routed = `${name}-start`;

  self.addEventListener('install', (event) => {
    event.waitUntil(
      caches.open(name).then(async (cache) => {
        await Promise.all(
          [...urls].map(async ([url, e]) => {
            // Unrevisioned files carry a hash in their name; revisioned ones are fetched past the HTTP cache.
            const res = await fetch(url, { cache: e.revision ? 'reload' : 'default' });
            if (!res.ok) throw new KhojError('http', `precache: ${url}: HTTP ${res.status}`, { status: res.status });
            await cache.put(url, res.redirected ? unredirected(res) : res);
          }),
        );
        // Only a faster launch: a browser that refuses the routes (an older rule format) still installs.
        await routeStartup(event, cache, shellUrl, routed).catch(() => undefined);
      }),
    );
  });

  self.addEventListener('activate', (event) => {
    const kept = new Set([name, routed]);
    event.waitUntil(caches.keys().then((keys) => Promise.all(keys.filter((k) => k.startsWith(PREFIX) && !kept.has(k)).map((k) => caches.delete(k)))));
  });

  self.addEventListener('fetch', (event) => {
    const { request } = event;
    if (request.method !== 'GET') return;
    const url = new URL(request.url);
    url.hash = '';
    url.search = '';
    // Navigations within the app (hash routes, deep links) all get the shell.
    const key = request.mode === 'navigate' && url.href.startsWith(self.registration.scope) ? shellUrl : urls.has(url.href) ? url.href : undefined;
    // A script the app stores when first used (pdf.js: src/app/books/pdf-doc.ts), else the network.
    if (!key && url.href.startsWith(assets)) event.respondWith(caches.match(url.href).then((r) => r ?? fetch(request)));
    if (!key) return;
    event.respondWith(stored(key).then((res) => res ?? fetch(request)));
  });
}
