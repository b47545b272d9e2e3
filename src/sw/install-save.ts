/// <reference lib="webworker" />
// Saves each section's small part when the worker activates (src/core/offline-promise.ts says
// which), each in its section's own storage, so that after one visit the app keeps what its
// banner promises; and answers `offline-status`, what is on the device per section.

import { DICTIONARY_SAMPLE_PATHS, estimateDictionary, marketSnapshotPaths, type OfflineStatus } from '../core/offline-promise.ts';
import { chunkPath } from '../core/dictionary/paths.ts';
import type { ChunkFile } from '../core/dictionary/types.ts';
import type { FromWorker, StorageProblem } from '../core/sw-protocol.ts';
import { current, refresh } from './books/catalog.ts';
import { answerDictionary } from './dictionary/route.ts';
import { getFile, storedSummary } from './dictionary/store.ts';
import { checkForNewBuild, storedLetters, storedManifest, version } from './dictionary/versions.ts';
import { marketCore } from './market/core.ts';
import { readFile, storeBundled } from './market/store.ts';

declare const self: ServiceWorkerGlobalScope;

let saving: Promise<void> | undefined;

/** Saves what is saved without asking; one run at a time; never fails (each part is best effort). */
export function saveSmallParts(scope: string, reportStorage: (p: StorageProblem) => void): Promise<void> {
  saving ??= (async () => {
    const dictionaryBase = `${scope}api/v1/`;
    await Promise.all([
      (async () => {
        // The index files first (the build is learnt), then the sample through the usual route, which stores it.
        await checkForNewBuild(dictionaryBase).catch(() => undefined);
        for (const path of DICTIONARY_SAMPLE_PATHS) await answerDictionary(path, new Request(dictionaryBase + path), { base: dictionaryBase, reportStorage }).catch(() => undefined);
      })(),
      current().then((c) => (c ? true : refresh(scope, () => undefined))).catch(() => undefined),
      saveMarketSnapshot(scope),
    ]);
    // Sent from inside the run: the status must not say it is still saving.
    await broadcast({ type: 'offline-saved', status: await offlineStatus(false) });
  })().finally(() => (saving = undefined));
  return saving;
}

/** The app's own market snapshot (never the upstream: its rate limit is for refreshes), checked, kept unless a file is there already. */
async function saveMarketSnapshot(scope: string): Promise<void> {
  for (const path of marketSnapshotPaths()) {
    try {
      if ((await readFile(path)).file) continue;
      const res = await fetch(`${scope}data/${path}`);
      if (!res.ok) continue;
      const text = await res.text();
      const v = marketCore().validate(path, text);
      if (v.ok && v.layout) await storeBundled(path, text, v.layout, Date.now());
    } catch {
      // offline or storage trouble: the screen fetches it on first use instead
    }
  }
}

/** What is on the device now, per section. */
export async function offlineStatus(inProgress = saving !== undefined): Promise<OfflineStatus> {
  const status: OfflineStatus = {
    dictionary: { letters: false, sampleWords: 0, whole: false, files: 0, totalFiles: 0 },
    books: 0,
    market: 0,
    ...(inProgress ? { saving: true } : {}),
  };
  await Promise.all([
    (async () => {
      const v = await version();
      if (!v) return;
      const [manifest, letters, summary] = await Promise.all([storedManifest(), storedLetters(), storedSummary(v)]);
      if (!manifest || !letters) return;
      const stored = new Set(summary.paths);
      const d = status.dictionary;
      d.letters = true;
      const chunks = manifest.chunks.filter((c) => stored.has(c.path));
      d.sampleWords = chunks.reduce((n, c) => n + c.count, 0);
      if (chunks.length) {
        d.firstWord = chunks[0]!.firstWord;
        d.lastWord = chunks.at(-1)!.lastWord;
      }
      const all = [...letters.letters.map((l) => l.path), ...manifest.chunks.map((c) => c.path)];
      d.totalFiles = all.length;
      d.files = all.filter((p) => stored.has(p)).length;
      d.whole = d.files === d.totalFiles;
      const first = await getFile(v, chunkPath(0));
      if (first) {
        const words = (JSON.parse(first.body) as ChunkFile).entries.map((e) => e.word);
        d.estimate = estimateDictionary(manifest, letters, first.body, words);
      }
    })().catch(() => undefined),
    current().then((c) => void (status.books = c?.api.books.length ?? 0), () => undefined),
    Promise.all(marketSnapshotPaths().map((p) => readFile(p).then((r) => (r.file ? 1 : 0), () => 0))).then((n) => void (status.market = n.reduce((a, b) => a + b, 0 as number))),
  ]);
  return status;
}

async function broadcast(message: FromWorker): Promise<void> {
  for (const client of await self.clients.matchAll({ includeUncontrolled: true })) client.postMessage(message);
}

/** The page asks what is saved, or to save it: true when the message was this module's. */
export function onOfflineMessage(event: ExtendableMessageEvent, scope: string, reportStorage: (p: StorageProblem) => void): boolean {
  const m = event.data as { type?: string; id?: number } | null;
  if (m?.type === 'offline-save') {
    event.waitUntil(saveSmallParts(scope, reportStorage));
    return true;
  }
  if (m?.type !== 'offline-status') return false;
  event.waitUntil(offlineStatus().then((status) => event.source?.postMessage({ type: 'offline-status', ...(m.id !== undefined ? { id: m.id } : {}), status } satisfies FromWorker)));
  return true;
}
