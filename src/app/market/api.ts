// The market files as the screens see them: only the contract's paths below data/ (relative to
// the page, so sub-paths work), read into the core's model, with what the service worker says
// about each (fetched when, from where, stale or not). Files are kept parsed in memory until the
// worker reports them changed; every screen showing one then reads it again.

import { useEffect, useState } from 'preact/hooks';
import type { AdapterValue } from '../../core/market/adapters/index.ts';
import { ENDPOINT_OF, type FileKind } from '../../core/market/index.ts';
import { HEADERS, type MarketUpdated } from '../../core/market/messages.ts';
import { readRefreshProblem, type RefreshProblem, sameProblem } from '../../core/market/refresh-problem.ts';
import { encodePath, fetchAnswer } from '../client/fetch.ts';
import { createStore, useStore } from '../client/store.ts';
import { setProblem } from '../client/storage.ts';
import { askWorker, onBroadcast, workerAvailable } from '../client/rpc.ts';
import { takeEarly } from './early.ts';
import { pickKey } from './read-answers.ts';
import { readPick, readText } from './read-client.ts';
import type { StorageProblem } from '../../core/errors.ts';

export interface FileMeta {
  path: string;
  /** when the text was fetched (ms); undefined when the worker did not say */
  fetchedAt?: number;
  checkedAt?: number;
  stale: boolean;
  /** why the last refresh failed, as data: the screens say it (ui.tsx reasonText) */
  problem?: RefreshProblem;
  /** "bundled" (the app's own snapshot) or the upstream's base URL */
  origin: string;
}

export interface MarketFile<T> {
  value: T;
  meta: FileMeta;
}

/** The path the app reads a kind from: layout A's (the current layout), as the upstream publishes it. */
export function appPath(kind: FileKind): string {
  const e = ENDPOINT_OF[kind];
  return e.upstream?.a ?? e.a[0] ?? e.b[0]!;
}

export const monthPath = (month: string) => `ltp/monthly/${month}.json`;

const decode = (s: string | null) => {
  if (s === null) return undefined;
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};
const time = (s: string | null) => (s ? Date.parse(s) : undefined);
const problemOf = (s: string | undefined): RefreshProblem | undefined => {
  try {
    return s ? readRefreshProblem(JSON.parse(s)) : undefined;
  } catch {
    return undefined;
  }
};

export function metaOf(path: string, headers: Headers): FileMeta {
  const m: FileMeta = { path, stale: headers.get(HEADERS.stale) === '1', origin: headers.get(HEADERS.origin) ?? 'bundled' };
  const fetchedAt = time(headers.get(HEADERS.fetchedAt));
  const checkedAt = time(headers.get(HEADERS.checkedAt));
  const problem = problemOf(decode(headers.get(HEADERS.problem)));
  if (fetchedAt !== undefined && Number.isFinite(fetchedAt)) m.fetchedAt = fetchedAt;
  if (checkedAt !== undefined && Number.isFinite(checkedAt)) m.checkedAt = checkedAt;
  if (problem) m.problem = problem;
  return m;
}

/** The file last read per path: read again unchanged (same value, same meta), it is the same object, and no screen draws again. */
const lastFile = new Map<string, MarketFile<unknown>>();
const sameMeta = (a: FileMeta, b: FileMeta) =>
  a.stale === b.stale && a.origin === b.origin && a.fetchedAt === b.fetchedAt && a.checkedAt === b.checkedAt && sameProblem(a.problem, b.problem);

/** A file's text, fetched, read (`read`: the whole value, or a part: readPick) and kept under `key`. */
async function fetchFile<V>(key: string, path: string, read: (text: string) => Promise<V>): Promise<MarketFile<V>> {
  const res = (await takeEarly(path)) ?? (await fetchAnswer('market', `data/${encodePath(path)}`));
  const text = await res.text();
  const value = await read(text);
  const meta = metaOf(path, res.headers);
  // Not the worker's answer (no worker controls the page: a first visit): the app's own copy,
  // fetched now (or when the server answered, from the HTTP cache). Said from the first paint:
  // the line came with the worker's first answer, the screen's largest text, seconds late.
  if (!res.headers.has(HEADERS.origin)) meta.fetchedAt = time(res.headers.get('Date')) || Date.now();
  const was = lastFile.get(key) as MarketFile<V> | undefined;
  if (was && was.value === value && sameMeta(was.meta, meta)) return was;
  const file = { value, meta };
  lastFile.set(key, file);
  return file;
}

/** The reads by key: a file's path, or a part's (the path, a new line and the part's name: read-answers.ts pickKey). */
const cache = new Map<string, Promise<MarketFile<unknown>>>();
/** The keys read from `path`: the file's own and its parts'. */
const keysOf = (path: string) => [...cache.keys()].filter((k) => k === path || k.startsWith(`${path}\n`));
/** What each read in the cache gave, once it has: a read still under way is not marked in place. */
const settled = new WeakMap<Promise<MarketFile<unknown>>, MarketFile<unknown>>();
/** The latest change: the paths the worker reported changed (or all of them). */
const changes = createStore<{ touched: ReadonlySet<string> | 'all' }>({ touched: new Set() });

export function loadFile<K extends FileKind>(kind: K, path = appPath(kind)): Promise<MarketFile<AdapterValue<K>>> {
  return loadKeyed(path, path, (text) => readText(kind, path, text));
}

/** `symbol`'s records of the dividend history alone (read-client.ts readPick): what a symbol page draws. */
export function loadSymbolDividends(symbol: string): Promise<MarketFile<AdapterValue<'dividendHistory'>>> {
  const path = appPath('dividendHistory');
  return loadKeyed(pickKey(path, symbol), path, (text) => readPick(path, text, symbol));
}

function loadKeyed<V>(key: string, path: string, read: (text: string) => Promise<V>): Promise<MarketFile<V>> {
  let p = cache.get(key);
  if (!p) {
    const r: Promise<MarketFile<unknown>> = fetchFile(key, path, read);
    cache.set(key, r);
    r.then(
      (f) => settled.set(r, f),
      () => cache.get(key) === r && cache.delete(key),
    );
    p = r;
  }
  return p as Promise<MarketFile<V>>;
}

/** What was forgotten and not yet told to the screens. */
let untold: Set<string> | 'all' | undefined;
/**
 * Changes reported close together are told once: on a first visit the worker takes control and
 * its first refresh reports every file within a few hundred milliseconds, and each report had
 * every screen fetch its files and draw again.
 */
const TELL_AFTER_MS = 250;

/** Forgets files (all of them by default) and tells the screens showing them, a moment later. */
export function invalidate(paths?: Iterable<string>): void {
  const touched = paths ? new Set(paths) : 'all';
  if (touched === 'all') cache.clear();
  else for (const p of touched) for (const k of keysOf(p)) cache.delete(k);
  tell(touched);
}

/**
 * The worker marked files stale without changing their text (a refresh failed): the files held
 * take the new status in place, and are not read again (on a first visit, the worker's first
 * refresh at an unreachable upstream had every screen fetch and draw its files once more).
 */
export function markStale(paths: readonly string[], problem: RefreshProblem | undefined): void {
  const reread: string[] = [];
  const told: string[] = [];
  for (const path of paths) {
    const keys = keysOf(path);
    const held = keys.map((k) => [k, settled.get(cache.get(k)!)] as const);
    if (!held.length || held.some(([, was]) => !was)) {
      reread.push(path);
      continue;
    }
    for (const [key, was] of held) {
      const meta: FileMeta = { ...was!.meta, stale: true };
      if (problem) meta.problem = problem;
      else delete meta.problem;
      const file = { value: was!.value, meta };
      const read = Promise.resolve(file);
      lastFile.set(key, file);
      settled.set(read, file);
      cache.set(key, read);
    }
    told.push(path);
  }
  if (reread.length) invalidate(reread);
  if (told.length) tell(told);
}

/** Tells the screens showing these paths, a moment later (with whatever else changed meanwhile). */
function tell(touched: Set<string> | 'all' | readonly string[]): void {
  const t = touched === 'all' ? 'all' : new Set(touched);
  if (untold === undefined)
    setTimeout(() => {
      const u = untold!;
      untold = undefined;
      changes.set({ touched: u });
    }, TELL_AFTER_MS);
  untold = untold === 'all' || t === 'all' ? 'all' : new Set([...(untold ?? []), ...t]);
}

const onChange = (l: (touched: ReadonlySet<string> | 'all') => void) => changes.subscribe((c) => l(c.touched));

export interface FileLoad<T> {
  file?: MarketFile<T>;
  error?: Error;
  loading: boolean;
}

/** One market file, read again whenever the worker says it changed (the old one stays shown meanwhile). */
export function useMarketFile<K extends FileKind>(kind: K, path: string = appPath(kind), enabled = true): FileLoad<AdapterValue<K>> {
  return useLoaded(path, path, () => loadFile(kind, path), enabled);
}

/** `symbol`'s dividend records (loadSymbolDividends), read again whenever the worker says the file changed. */
export function useSymbolDividends(symbol: string, enabled = true): FileLoad<AdapterValue<'dividendHistory'>> {
  const path = appPath('dividendHistory');
  return useLoaded(pickKey(path, symbol), path, () => loadSymbolDividends(symbol), enabled);
}

/** What `load` reads (kept under `key`, read from `path`), read again whenever the worker says `path` changed. */
function useLoaded<V>(key: string, path: string, load: () => Promise<MarketFile<V>>, enabled: boolean): FileLoad<V> {
  const [n, setN] = useState(0);
  const [state, setState] = useState<FileLoad<V> & { key?: string }>({ loading: true });
  useEffect(() => onChange((t) => (t === 'all' || t.has(path)) && setN((x) => x + 1)), [path]);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    load().then(
      // The same file object again (read again, unchanged): the state stays, nothing draws again.
      (file) => live && setState((s) => (s.key === key && s.file === file && !s.error ? s : { file, loading: false, key })),
      (error: Error) => live && setState((s) => (s.key === key && s.file ? { ...s, loading: false } : { error, loading: false, key })),
    );
    return () => {
      live = false;
    };
  }, [key, n, enabled]);
  if (!enabled) return { loading: false };
  return state.key === key ? state : { loading: true };
}

/** Several files of one kind (months of price history), all or nothing. */
export function useMarketFiles<K extends FileKind>(kind: K, paths: readonly string[]): FileLoad<Array<MarketFile<AdapterValue<K>>>> {
  const key = paths.join('\n');
  const [n, setN] = useState(0);
  const [state, setState] = useState<FileLoad<Array<MarketFile<AdapterValue<K>>>> & { key?: string }>({ loading: true });
  useEffect(() => onChange((t) => (t === 'all' || paths.some((p) => t.has(p))) && setN((x) => x + 1)), [key]);
  useEffect(() => {
    let live = true;
    Promise.all(paths.map((p) => loadFile(kind, p))).then(
      (files) =>
        live &&
        setState((s) =>
          s.key === key && s.file && !s.error && files.every((f, i) => f === s.file!.value[i])
            ? s
            : {
                file: { value: files, meta: { path: key, stale: files.some((f) => f.meta.stale), origin: files[0]?.meta.origin ?? 'bundled' } },
                loading: false,
                key,
              },
        ),
      (error: Error) => live && setState({ error, loading: false, key }),
    );
    return () => {
      live = false;
    };
  }, [kind, key, n]);
  return state.key === key ? state : { loading: true };
}

// --- the service worker ---------------------------------------------------------------------

export interface RefreshState {
  /** a refresh is under way */
  busy: boolean;
  pending: number;
  /** waiting for the rate limit until (ms) */
  nextRequestAt?: number;
  /** the next refresh due (ms) */
  nextWake?: number;
  /** the failures of the last refresh */
  failed: MarketUpdated['failed'];
}

const refresh = createStore<RefreshState>({ busy: false, pending: 0, failed: [] });

export const onRefreshState = (l: (s: RefreshState) => void): (() => void) => refresh.subscribe(l);
export const useRefreshState = (): RefreshState => useStore(refresh);

let listening = false;
export function listenToWorker(): void {
  if (listening) return;
  listening = true;
  let failed: RefreshState['failed'] = [];
  let reported: StorageProblem | null = null;
  onBroadcast('market-updated', (m) => {
    // A storage failure of the background refresh reaches the reader like an answer's (once per failure).
    if (m.storage !== undefined && m.storage !== reported) {
      reported = m.storage;
      if (m.storage) setProblem('market', m.storage);
    }
    const marked = new Set(m.markedStale);
    const changed = m.touched.filter((p) => !marked.has(p));
    if (changed.length) invalidate(changed);
    if (marked.size) markStale([...marked], m.failed[0]?.problem);
    const was = refresh.get();
    failed = was.busy ? [...failed, ...m.failed] : m.failed;
    const next: RefreshState = { busy: !m.done, pending: m.pending, failed };
    if (m.nextRequestAt !== undefined) next.nextRequestAt = m.nextRequestAt;
    const wake = m.nextWake ?? was.nextWake;
    if (wake !== undefined) next.nextWake = wake;
    refresh.set(next);
    if (m.done) failed = [];
  });
}

export { workerAvailable };

/**
 * Asks the worker controlling the page to refresh what is due, plus (forced) these kinds or paths;
 * false if no worker controls the page (first visit, no support). Progress comes as `market-updated`.
 */
export function requestRefresh(ask: { kinds?: FileKind[]; paths?: string[]; reason: string }): boolean {
  if (!workerAvailable()) return false;
  void askWorker('market-refresh', ask, { timeoutMs: 0 }).catch(() => undefined);
  return true;
}

/** Refresh these kinds now (and whatever is due). */
export function refreshNow(kinds: FileKind[]): boolean {
  const sent = requestRefresh({ kinds, reason: 'button' });
  if (sent) refresh.set((r) => ({ ...r, busy: true, failed: [] }));
  return sent;
}

/** How the worker's files stand; undefined when no worker answers in time. */
export const askStatus = (timeoutMs = 5000) => askWorker('market-status', {}, { timeoutMs }).catch(() => undefined);

/** Tells the worker the settings in IndexedDB changed; resolves with its status once it has taken them (undefined: no worker answered in time). */
export const settingsChanged = (timeoutMs = 10_000) => askWorker('market-settings', {}, { timeoutMs }).catch(() => undefined);
