// The upstream's long and per-day files as the screens read them: fetches of their paths below
// data/ (by the read worker: read-client.ts; the service worker keeps each good one in the market
// store: src/sw/market/route.ts), read by the core's reader for the kind, kept parsed in memory
// while the page lives.

import { useEffect, useState } from 'preact/hooks';
import { encodePath } from '../client/fetch.ts';
import { takeEarly } from './early.ts';
import { fetchJson, jsonOf } from './read-client.ts';

const memo = new Map<string, Promise<unknown>>();

/**
 * Back to the event loop before reading a file: "all" reads about 350 months, and read in one go
 * they were one long task (bench/index-history.ts); each now has its own.
 */
function yieldToMain(): Promise<void> {
  const s = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return s?.yield ? s.yield() : new Promise((ok) => setTimeout(ok, 0));
}

/** One file, read by `read` (which throws naming the file when it is bad). */
export function loadJson<T>(path: string, read: (v: unknown, file: string) => T): Promise<T> {
  let p = memo.get(path) as Promise<T> | undefined;
  if (!p) {
    const url = `data/${encodePath(path)}`;
    // The manifest asked for beside the screen's chunk (early.ts), else fetched now.
    p = takeEarly(path)
      .then((early) => (early ? jsonOf(early, url) : fetchJson('market', url)))
      .then(async (v) => {
        await yieldToMain();
        return read(v, path);
      });
    memo.set(path, p);
    p.catch(() => memo.delete(path));
  }
  return p;
}

/**
 * Files asked for two at a time: "all" asked for 350 in one task (bench/index-history.ts). At
 * CPU 4× a fetch on the page cost 15–23 ms of main thread, and an ask of the read worker (its
 * reply channel, its message) still about 10.
 */
const BATCH = 2;

async function loadAll<T>(paths: readonly string[], read: (v: unknown, file: string) => T): Promise<T[]> {
  const started: Promise<T>[] = [];
  for (let i = 0; i < paths.length; i++) {
    if (i > 0 && i % BATCH === 0) await yieldToMain();
    started.push(loadJson(paths[i]!, read));
  }
  return Promise.all(started);
}

export interface JsonLoad<T> {
  value?: T;
  error?: Error;
  loading: boolean;
}

/** Several files, all or nothing (null: none asked yet). */
export function useJsonFiles<T>(paths: readonly string[] | null, read: (v: unknown, file: string) => T): JsonLoad<T[]> {
  const key = paths?.join('\n') ?? null;
  const [state, setState] = useState<JsonLoad<T[]> & { key?: string | null }>({ loading: true });
  useEffect(() => {
    if (key === null) return;
    let live = true;
    loadAll(paths ?? [], read).then(
      (value) => live && setState({ value, loading: false, key }),
      (error: Error) => live && setState({ error, loading: false, key }),
    );
    return () => {
      live = false;
    };
    // `read` is a module function per call site: the paths alone decide what is loaded.
  }, [key]);
  return key !== null && state.key === key ? state : { loading: key !== null };
}

/** One file (null: not asked yet). */
export function useJson<T>(path: string | null, read: (v: unknown, file: string) => T): JsonLoad<T> {
  const r = useJsonFiles(path === null ? null : [path], read);
  return r.value ? { value: r.value[0]!, loading: false } : r.error ? { error: r.error, loading: false } : { loading: r.loading };
}
