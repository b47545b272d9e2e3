// The whole-dictionary save's own work (src/sw/dictionary/whole/run.ts: the pack read and split,
// the letters' lists and the meaning index made, every file hashed and stored), run on a page's
// main thread so that CDP can throttle it: Chromium throttles pages only (a service worker target
// answers Emulation.setCPUThrottlingRate with "Operation is only supported for pages, not
// workers"). Bundled by bench/pack.ts (esbuild) and evaluated in a page of the app's origin with
// no service worker; storage is IndexedDB, written as the worker writes it (store.ts: a row per
// file with its SHA-256, a transaction per batch, relaxed durability).

import { decodeHeadwords, type HeadwordsFile } from '../src/core/dictionary/headwords.ts';
import type { WholeSaveProgress } from '../src/core/dictionary/messages.ts';
import { runWholeSave } from '../src/sw/dictionary/whole/run.ts';
import type { BuildFiles, SaveDeps } from '../src/sw/dictionary/whole/deps.ts';

export interface HarnessResult {
  end: WholeSaveProgress;
  /** ms from the start: the pack's last byte received by the network stack (its resource timing), each step's start, the end */
  lastByte: number;
  steps: Record<string, number>;
  done: number;
  files: number;
}

function openDb(): Promise<IDBDatabase> {
  return new Promise((ok, fail) => {
    const req = indexedDB.open('khoj-bench-pack', 1);
    req.onupgradeneeded = () => req.result.createObjectStore('files', { keyPath: ['version', 'path'] });
    req.onsuccess = () => ok(req.result);
    req.onerror = () => fail(req.error);
  });
}

const done = (tx: IDBTransaction) =>
  new Promise<void>((ok, fail) => {
    tx.oncomplete = () => ok();
    tx.onerror = tx.onabort = () => fail(tx.error);
  });

async function run(): Promise<HarnessResult> {
  const base = new URL('./', location.href).href;
  const db = await openDb();
  const clear = db.transaction('files', 'readwrite');
  clear.objectStore('files').clear();
  await done(clear);
  const get = async <T>(path: string): Promise<T | undefined> => {
    const res = await fetch(base + path);
    return res.ok ? ((await res.json()) as T) : undefined;
  };
  const metadata = (await get<{ generatedAt: string }>('metadata.json'))!;
  const files: BuildFiles = {
    manifest: await get('manifest.json'),
    letters: await get('letters.json'),
    meanings: await get('meanings/index.json'),
    pack: await get('pack.json'),
    sizes: await get('sizes.json'),
  };
  // The first visit's part, as the worker has it: the headword list, and nothing of the rest.
  const stored = new Set<string>([
    'metadata.json',
    'manifest.json',
    'letters.json',
    'meanings/index.json',
    'pack.json',
    'sizes.json',
    'headwords.json',
    'sample.json',
  ]);
  const words = decodeHeadwords((await get<HeadwordsFile>('headwords.json'))!.words);

  // The worker's write queue (store.ts writeQueued): rows hashed, then one transaction per batch.
  let queue: Array<{ row: { version: string; path: string; body: ArrayBuffer }; ok: () => void; fail: (e: unknown) => void }> = [];
  let writing = false;
  const write = async () => {
    writing = true;
    while (queue.length) {
      const batch = queue;
      queue = [];
      try {
        const rows = await Promise.all(
          batch.map(async ({ row }) => ({
            ...row,
            length: row.body.byteLength,
            digest: await crypto.subtle.digest('SHA-256', row.body),
            storedAt: Date.now(),
          })),
        );
        const tx = db.transaction('files', 'readwrite', { durability: 'relaxed' });
        for (const r of rows) tx.objectStore('files').put(r);
        await done(tx);
        for (const w of batch) w.ok();
      } catch (e) {
        for (const w of batch) w.fail(e);
      }
    }
    writing = false;
  };
  const deps: SaveDeps = {
    base,
    build: async () => metadata.generatedAt,
    stored: async () => new Set(stored),
    files: async () => files,
    text: (version, path) =>
      new Promise((ok, fail) => {
        const req = db.transaction('files').objectStore('files').get([version, path]);
        req.onsuccess = () => ok(req.result ? new TextDecoder().decode((req.result as { body: ArrayBuffer }).body) : undefined);
        req.onerror = () => fail(req.error);
      }),
    put: (version, path, bytes) =>
      new Promise((ok, fail) => {
        const body =
          bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? (bytes.buffer as ArrayBuffer) : (bytes.slice().buffer as ArrayBuffer);
        queue.push({ row: { version, path, body }, ok: () => (stored.add(path), ok()), fail });
        if (!writing) void write();
      }),
    answer: (_path, request) => fetch(request),
    headwords: async () => words,
    retryMs: 1000,
  };
  const start = performance.now();
  const steps: Record<string, number> = {};
  const end = await runWholeSave(deps, new AbortController().signal, (p) => {
    steps[p.step] ??= performance.now() - start;
  });
  const finished = performance.now() - start;
  const pack = performance.getEntriesByType('resource').filter((e) => e.name.includes('/packs/')) as PerformanceResourceTiming[];
  const lastByte = Math.max(...pack.map((e) => e.responseEnd)) - start;
  return { end, lastByte, steps, done: finished, files: stored.size };
}

(globalThis as unknown as { khojPackHarness: () => Promise<HarnessResult> }).khojPackHarness = run;
