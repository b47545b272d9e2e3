/// <reference lib="webworker" />
// The service worker: the precached app shell, each service's paths answered from
// IndexedDB (dictionary /api/v1, catalog /api/books…, market /data), and page messages.

import { SECTION, sectionOf } from '../core/services.ts';
import type { FromWorker, StorageProblem, ToWorker } from '../core/sw-protocol.ts';
import { answerBooks } from './books/route.ts';
import { answerDictionary } from './dictionary/route.ts';
import { onMarketMessage, onPeriodicSync } from './market/refresh.ts';
import { marketCore } from './market/core.ts';
import { answerMarket } from './market/route.ts';
import { classify, storedSummary, writeTime } from './dictionary/store.ts';
import { checkForNewBuild, version } from './dictionary/versions.ts';
import { onOfflineMessage } from './install-save.ts';
import { precache, type PrecacheEntry } from './precache.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: PrecacheEntry[] };
declare const __KHOJ_BUILD__: string;
/** Which app build this worker is (shown in the dictionary status). */
export const BUILD = __KHOJ_BUILD__;

const scope = new URL(self.registration.scope);
const dictionaryBase = new URL(`${SECTION.dictionary.prefixes[0]}/`, scope).href;

// Registered before the precache's listener, so the services' paths are answered here
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
  // Each section answers its own paths (src/core/services.ts says which are whose).
  const owner = sectionOf(rel);
  const get = request.method === 'GET';
  const answer =
    owner?.section.id === 'dictionary'
      ? get && rel.startsWith(`${owner.prefix}/`)
        ? answerDictionary(rel.slice(owner.prefix.length + 1), request, { base: dictionaryBase, reportStorage })
        : undefined
      : owner?.section.id === 'books'
        ? answerBooks(rel, request)
        : owner?.section.id === 'market' && get
          ? answerMarket(rel, request)
          : undefined;
  if (answer) event.respondWith(answer);
});

precache(self.__WB_MANIFEST);
// Imported here so the browser stores the market's validators with the worker; a worker
// without them does not install.
self.addEventListener('install', (event) => {
  try {
    marketCore();
  } catch (e) {
    event.waitUntil(Promise.reject(e));
  }
});
// The first install takes the open pages at once; updates wait for the reader (SKIP_WAITING).
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

// On first activation the dictionary's index files (metadata, manifest, letters) are
// stored, so the build is known before the first lookup; no data file is precached.
self.addEventListener('activate', (event) => event.waitUntil(checkForNewBuild(dictionaryBase).catch(() => undefined)));


async function broadcast(message: FromWorker): Promise<void> {
  for (const client of await self.clients.matchAll({ includeUncontrolled: true })) client.postMessage(message);
}

/** The latest storage failure, for the status the page asks for. */
let lastProblem: StorageProblem | null = null;
const reportStorage = (problem: StorageProblem) => {
  lastProblem = problem;
};

// Periodic background sync, where the browser grants it (types: not in TypeScript's lib yet).
self.addEventListener('periodicsync' as 'message', (event) => {
  const done = onPeriodicSync((event as unknown as { tag: string }).tag);
  if (done) event.waitUntil(done);
});

self.addEventListener('message', (event) => {
  if (onOfflineMessage(event, scope.href, reportStorage)) return;
  const market = onMarketMessage(event.data);
  if (market) {
    event.waitUntil(market);
    return;
  }
  const message = event.data as ToWorker;
  if (message?.type === 'SKIP_WAITING') void self.skipWaiting();
  else if (message?.type === 'dictionary-check') {
    event.waitUntil(
      // The reader (or a test) asked: tried now, whatever the back-off; the asker is told how it went.
      checkForNewBuild(dictionaryBase, true).then(
        async (changed) => {
          const v = await version();
          event.source?.postMessage({ type: 'dictionary-checked', version: v } satisfies FromWorker);
          if (changed) await broadcast({ type: 'dictionary-updated', version: v! });
        },
        // offline or a broken upstream: the old build is kept whole
        async (e: unknown) => event.source?.postMessage({ type: 'dictionary-checked', version: await version().catch(() => null), problem: e instanceof Error ? e.message : String(e) } satisfies FromWorker),
      ),
    );
  } else if (message?.type === 'dictionary-status') {
    event.waitUntil(
      (async () => {
        let reply: FromWorker;
        try {
          const v = await version();
          const s = v ? await storedSummary(v) : { paths: [], chars: 0 };
          reply = { type: 'dictionary-status', id: message.id, build: BUILD, version: v, files: s.paths.length, paths: s.paths, bytes: s.chars, writeMs: Math.round(writeTime.ms), storage: lastProblem };
        } catch (e) {
          reply = { type: 'dictionary-status', id: message.id, build: BUILD, version: null, files: 0, paths: [], bytes: 0, writeMs: Math.round(writeTime.ms), storage: classify(e) };
        }
        event.source?.postMessage(reply);
      })(),
    );
  }
});
