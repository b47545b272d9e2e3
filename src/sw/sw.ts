/// <reference lib="webworker" />
// The service worker: the precached app shell, and the sections registered in sections.ts, each
// answering its own paths (src/core/sections.ts says which are whose) and its own calls
// (core/worker-protocol.ts), served by one handler (core/rpc/serve.ts).

import { SECTION, sectionOf, type SectionId } from '../core/sections.ts';
import { storageOf } from './storage.ts';
import { precache, type PrecacheEntry } from './precache.ts';
import type { AnyWorkerSection, WorkerContext } from './worker-section.ts';
import { WORKER_SECTIONS } from './sections.ts';
import { shellCalls } from './install-save.ts';
import { serveTestHook } from './test-hooks.ts';
import { broadcast } from './broadcast.ts';
import { serve, type Handlers } from '../core/rpc/serve.ts';
import { WORKER_PROTOCOL, type WorkerProtocol } from '../core/worker-protocol.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: PrecacheEntry[] };
declare const __KHOJ_BUILD__: string;
/** Which app build this worker is (shown in the dictionary status). */
export const BUILD = __KHOJ_BUILD__;

const scope = new URL(self.registration.scope);

/** Each section's context: the shared services, and its own device storage tracker. */
function contextOf(id: SectionId): WorkerContext {
  return { declaration: SECTION[id], base: scope.href, build: BUILD, storage: storageOf(id), broadcast };
}
const sections = WORKER_SECTIONS.map((section) => ({ section, ctx: contextOf(section.id) }));
const byId = new Map<string, { section: AnyWorkerSection; ctx: WorkerContext }>(sections.map((s) => [s.section.id, s]));

// Registered before the precache's listener, so the sections' paths are answered here
// (navigations to them too: a LICENSE or /docs/ opened in a tab is not the app shell),
// and everything else falls through to the precache.
self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method === 'OPTIONS' || url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return;
  let rel: string;
  try {
    rel = decodeURIComponent(url.pathname.slice(scope.pathname.length));
  } catch {
    return;
  }
  const owner = sectionOf(rel);
  const s = owner ? byId.get(owner.section.id) : undefined;
  const answer = owner && s ? s.section.answer(rel, owner.prefix, request, s.ctx) : undefined;
  if (answer) event.respondWith(answer);
});

precache(self.__WB_MANIFEST);

self.addEventListener('install', (event) => {
  try {
    for (const { section, ctx } of sections) section.onInstall?.(ctx);
  } catch (e) {
    event.waitUntil(Promise.reject(e));
  }
});
// The first install takes the open pages at once; updates wait for the reader (skip-waiting).
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('activate', (event) => {
  for (const { section, ctx } of sections) if (section.onActivate) event.waitUntil(section.onActivate(ctx));
});

// Periodic background sync, where the browser grants it (types: not in TypeScript's lib yet).
self.addEventListener('periodicsync' as 'message', (event) => {
  const tag = (event as unknown as { tag: string }).tag;
  for (const { section, ctx } of sections) {
    const done = section.onPeriodicSync?.(tag, ctx);
    if (done) event.waitUntil(done);
  }
});

// Every call this worker answers: the shell's (install-save.ts) and each registered section's.
const handlers: Partial<Handlers<WorkerProtocol>> = Object.assign(
  { 'skip-waiting': () => self.skipWaiting().then(() => null) },
  shellCalls(sections),
  ...sections.map(({ section, ctx }) => section.calls?.(ctx) ?? {}),
);

self.addEventListener('message', (event) => {
  if (serveTestHook(event.data, event.ports[0])) return;
  // What pages of builds before the skip-waiting call send (workbox-window's messageSkipWaiting):
  // a tab left open since then still takes the update.
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') return void self.skipWaiting();
  const done = serve(WORKER_PROTOCOL, handlers, event.data, event.ports[0]);
  if (done) event.waitUntil(done);
});
