// The page's side of the market read worker (read.worker.ts): large texts are parsed and checked
// there, off the main thread; small ones (and every one where no worker can start) on the page,
// where the round trip would cost more than the reading. Many small files (the index history's
// months) are fetched there too.

import type { AdapterValue } from '../../core/market/adapters/index.ts';
import type { FileKind } from '../../core/market/index.ts';
import { KhojError } from '../../core/errors.ts';
import { asker } from '../../core/rpc/ask.ts';
import type { SectionId } from '../../core/sections.ts';
import { fetchAnswer } from '../client/fetch.ts';
import { noteAnswer } from '../client/storage.ts';
import { parseFile } from './parse-file.ts';
import { pickKey } from './read-answers.ts';
import { READ_PROTOCOL } from './read-protocol.ts';
import { pickSymbol } from './select.ts';
import { createRereads, isUnchanged, type Unchanged } from './reread.ts';

/**
 * Texts from this size on go to the worker: the dividend history, securities and price months
 * (100–290 KB; 50–250 ms each on a phone's CPU). The quote file (nepse_data.json, ~90 KB), which a
 * symbol page's first content is drawn from, stays on the page: no worker script to fetch first.
 */
export const WORKER_MIN_CHARS = 100_000;

function start(): Worker | null {
  try {
    return typeof Worker === 'function' ? new Worker(new URL('./read.worker.ts', import.meta.url), { type: 'module' }) : null;
  } catch {
    return null;
  }
}

let worker: Worker | null | undefined;
/** The worker was started while the service worker controlled the page. */
let controlled = false;
function getWorker(): Worker | null {
  if (worker === undefined) {
    controlled = !!navigator.serviceWorker?.controller;
    worker = start();
  }
  return worker;
}
const ask = asker(READ_PROTOCOL, getWorker);

/**
 * The worker that fetches: one started under the service worker, so that its fetches go through
 * it (answered offline, kept). A worker started before (a first visit) would pass it by for
 * good: then one of its own. None while no service worker controls the page.
 */
let fetcher: Worker | null | undefined;
function getFetcher(): Worker | null {
  if (fetcher === undefined && navigator.serviceWorker?.controller) fetcher = getWorker() && controlled ? worker! : start();
  return fetcher ?? null;
}
const askFetch = asker(READ_PROTOCOL, getFetcher);
/** The fetch worker's own answers about the file (read.worker.ts fetchJson); any other failure is the worker's not answering. */
const FETCH_FAILURES = ['network', 'http', 'damaged'] as const;

/** Small files read again on the page: the same text gives the same value (reread.ts). */
const onPage = createRereads();
/** The last value the worker read per path (per path and symbol for a pick), with its read's number (reread.ts). */
const fromWorker = new Map<string, { seq: number; value: unknown }>();
let reads = 0;

/**
 * The value `text` holds as a file of `kind` at `path`; rejects with the problem naming the file.
 * Read again with the same text, it is the same value (the same object: no screen draws again).
 */
export async function readText<K extends FileKind>(kind: K, path: string, text: string): Promise<AdapterValue<K>> {
  const here = () => onPage.read(path, text, (t) => parseFile(kind, path, t));
  return readOff(path, text, here, (seq, kept) => ask('read', { kind, path, text, seq, kept }, { timeoutMs: 0 }));
}

/** Per dividend file read on the page, its picks by symbol: the same value gives the same pick. */
const picked = new WeakMap<object, Map<string, AdapterValue<'dividendHistory'>>>();

/**
 * `symbol`'s records of the dividend history at `path` (select.ts pickSymbol): the read worker
 * parses the whole text and answers only these, where it answered the whole file (640 KB of
 * records copied onto the page's thread for a symbol's few). Read again with the same text, the same value.
 */
export async function readPick(path: string, text: string, symbol: string): Promise<AdapterValue<'dividendHistory'>> {
  const here = () => {
    const all = onPage.read(path, text, (t) => parseFile('dividendHistory', path, t));
    let mine = picked.get(all);
    if (!mine) picked.set(all, (mine = new Map()));
    let p = mine.get(symbol);
    if (!p) mine.set(symbol, (p = pickSymbol(all, symbol)));
    return p;
  };
  return readOff(pickKey(path, symbol), text, here, (seq, kept) => ask('pick', { path, text, seq, kept, symbol }, { timeoutMs: 0 }));
}

/**
 * A large text read in the worker (`asked`, numbered and naming the kept read: reread.ts), kept
 * under `key`; small ones, and every one where the worker cannot answer, read by `here` on the page.
 */
async function readOff<V>(key: string, text: string, here: () => V, asked: (seq: number, kept: number) => Promise<V | Unchanged>): Promise<V> {
  if (text.length < WORKER_MIN_CHARS || !getWorker()) return here();
  const kept = fromWorker.get(key);
  const seq = ++reads;
  let read: V | Unchanged;
  try {
    read = await asked(seq, kept?.seq ?? 0);
  } catch (e) {
    // The file's problem, from the worker (parse-file.ts's KhojError, after the message boundary).
    if (KhojError.is(e, 'damaged')) throw e;
    // The worker could not answer (its script failed to load): read here instead.
    return here();
  }
  // UNCHANGED answers only a `kept` that names a read, and that read's value is kept here.
  if (isUnchanged(read)) return kept!.value as V;
  fromWorker.set(key, { seq, value: read });
  return read;
}

/** Not JSON: the problem with the file's name, as parse-file.ts words it. */
const notJsonError = (url: string, message: string) => new KhojError('damaged', `${url}: ${message}`);

/** The JSON of an answer for `url` (fetchAnswer's, or early.ts's), or the problem naming the file. */
export const jsonOf = (res: Response, url: string): Promise<unknown> =>
  res.json().catch((e: unknown) => Promise.reject(notJsonError(url, (e as Error).message)));

/**
 * A section's JSON file (`url` relative to the page), fetched and parsed by the read worker, with
 * fetchAnswer's errors and storage notes. On the page while no service worker controls it (what
 * the page fetched then is fetched again when one does: pwa.ts), or where no worker starts.
 */
export async function fetchJson(section: SectionId, url: string): Promise<unknown> {
  const notJson = (message: string) => notJsonError(url, message);
  const onPage = async (): Promise<unknown> => jsonOf(await fetchAnswer(section, url), url);
  if (!getFetcher()) return onPage();
  let a;
  try {
    a = await askFetch('fetchJson', { url: new URL(url, location.href).href }, { timeoutMs: 0 });
  } catch (e) {
    // The worker could not answer (its script failed to load): fetch here instead.
    if (!FETCH_FAILURES.some((code) => KhojError.is(e, code))) return onPage();
    const failed = e as KhojError;
    if (failed.headers) noteAnswer(section, new Headers(failed.headers));
    throw KhojError.is(failed, 'damaged') ? notJson(failed.detail ?? '') : failed;
  }
  noteAnswer(section, new Headers(a.headers));
  return a.value;
}
