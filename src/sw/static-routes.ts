// The start-up files answered by the browser itself, from the precache, without starting the
// worker (the Service Worker Static Routing API: InstallEvent.addRoutes, Chromium 123+). A
// cold start with the worker stopped otherwise waits for the worker to start (about 85 ms)
// before the page, and again for each of its script, style and font. Elsewhere the worker's
// fetch handler (precache.ts) answers them as before.

declare const self: ServiceWorkerGlobalScope;

/** The routing rule shape Chromium takes (not in TypeScript's lib yet). */
interface RouterRule {
  condition: { urlPattern: { pathname: string; search: string }; requestMode?: 'navigate' };
  source: { cacheName: string };
}
type RoutingInstallEvent = ExtendableEvent & { addRoutes?: (rules: RouterRule[]) => Promise<void> };

/** The same-origin files the shell's HTML loads before its first paint (script, style, preloads), as absolute URLs. */
export function startupFiles(html: string, shellUrl: string): string[] {
  const assets = new URL('assets/', shellUrl).href;
  const found = new Set<string>();
  for (const m of html.matchAll(/<(?:script|link)\b[^>]*?\s(?:src|href)="([^"]+)"/g)) {
    const url = new URL(m[1]!.replaceAll('&amp;', '&'), shellUrl);
    if (url.href.startsWith(assets) && !url.search) found.add(url.href);
  }
  return [...found];
}

/**
 * A copy without `Vary`: the browser looks a routed request up with its own headers (a
 * navigation's Accept, say), which the stored request's need not match.
 */
const unvaried = async (res: Response): Promise<Response> => {
  const headers = new Headers(res.headers);
  headers.delete('vary');
  return new Response(await res.blob(), { status: res.status, statusText: res.statusText, headers });
};

/**
 * Copies the shell (under the scope's own URL, which is what a launch navigates to) and its
 * start-up files into `cacheName`, and routes those requests to it. Only exact URLs with no
 * query are routed: anything else, and every browser without the API, goes to the worker.
 */
export async function routeStartup(event: ExtendableEvent, precache: Cache, shellUrl: string, cacheName: string): Promise<void> {
  const addRoutes = (event as RoutingInstallEvent).addRoutes;
  if (!addRoutes) return;
  const shell = await precache.match(shellUrl);
  if (!shell) return;
  const scope = self.registration.scope;
  const files = startupFiles(await shell.clone().text(), shellUrl);
  const copies = await caches.open(cacheName);
  await copies.put(scope, await unvaried(shell));
  for (const url of files) {
    const res = await precache.match(url);
    // A start-up file missing from the precache is left to the worker, never to the network.
    if (!res) return;
    await copies.put(url, await unvaried(res));
  }
  const pathname = (url: string) => new URL(url).pathname;
  await addRoutes.call(event, [
    { condition: { urlPattern: { pathname: pathname(scope), search: '' }, requestMode: 'navigate' }, source: { cacheName } },
    ...files.map((url) => ({ condition: { urlPattern: { pathname: pathname(url), search: '' } }, source: { cacheName } })),
  ]);
}
