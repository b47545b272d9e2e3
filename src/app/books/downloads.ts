// "Save for offline": fetches a book's PDF, or any one file of a record (a chapter, a question
// paper, an audio track: saveFile), with progress and keeps it in Cache Storage (keyed by the
// file's URL), with a record in IndexedDB (user-db.ts) that the screens list. The first save
// asks the browser to keep the app's storage (persist.ts). A PDF saved whole stores pdf.js too, so
// it opens offline (pdf-doc.ts).
//
// - Same-origin and CORS-enabled files are streamed to Cache Storage (bytes / Content-Length),
//   never held whole in the page: their first bytes must be their kind's (a PDF, an EPUB, audio:
//   core/books/file-magic.ts), which also gives the one type they are kept with (never the
//   host's), and past 200 MB (core/books/saved-file.ts MAX_SAVED_FILE_BYTES) they are refused.
// - A cross-origin host without CORS cannot be read: a PDF is fetched with mode "no-cors" and the
//   opaque answer stored as it is. Its size is unknown and what it holds cannot be checked
//   (only the browser's quota bounds it), and the reader screen cannot open it (it says so and
//   links the original); no other kind is kept unread, as nothing could open it.
// - Any failure is recorded and can be retried; a refused or cancelled download leaves nothing behind.

import { useEffect } from 'preact/hooks';
import type { Book } from '../../core/books/types.ts';
import { SECTION } from '../../core/sections.ts';
import { KhojError } from '../../core/errors.ts';
import { createStore, useStore } from '../client/store.ts';
import { allDownloads, type BookRef, deleteDownload, type DownloadRow, putDownload, type SavedKind } from './user-db.ts';
import { noteSaved } from '../client/install.ts';
import type { FileKind } from '../../core/books/files.ts';
import { askPersistOnce } from './persist.ts';
import { MAGIC_BYTES, NOT_KIND, type SavedFileKind, typeOfBytes } from '../../core/books/file-magic.ts';
import { MAX_SAVED_FILE_BYTES } from '../../core/books/saved-file.ts';
import { coverFor, local } from './api.ts';
import { dataSaver } from '../client/data-saver.ts';

export const PDF_CACHE = SECTION.books.caches.pdfs;
/** pdf.js's chunk and worker script, kept while PDFs are saved (pdf-doc.ts keepForOffline). */
export const PDFJS_CACHE = SECTION.books.caches.pdfjs;

export interface Running {
  done: number;
  /** from Content-Length; undefined when the host does not say */
  total?: number;
  abort: AbortController;
}

type SaveBook = BookRef & Pick<Book, 'pdfUrl'>;

const rows = new Map<string, DownloadRow>();
const running = new Map<string, Running>();
/** Counts changes to `rows` and `running`, so the screens re-render on each. */
const changes = createStore(0);
let loaded: Promise<void> | undefined;

const notify = () => changes.set((n) => n + 1);
const load = () =>
  (loaded ??= allDownloads().then((all) => {
    for (const r of all) rows.set(r.id, r);
    notify();
    // A new build has new pdf.js files: store them while online, so the saved PDFs still open offline.
    if (all.some((r) => r.state === 'saved' && (r.kind ?? 'pdf') === 'pdf') && navigator.onLine) void keepPdfReader();
  }));

/** pdf.js is not precached: stored when a PDF is first saved (and after each update), see pdf-doc.ts. */
const keepPdfReader = (): Promise<void> => import('./pdf-doc.ts').then((m) => m.keepForOffline(PDFJS_CACHE)).catch(() => undefined);

/** Re-renders on any change; returns every record and download under way. */
export function useDownloads(): { rows: DownloadRow[]; running: Map<string, Running> } {
  useStore(changes);
  useEffect(() => void load(), []);
  return { rows: [...rows.values()].sort((a, b) => b.at - a.at), running };
}

/** The PDF's URL, absolute (a relative pdfUrl is relative to the site). */
export const pdfLocation = (pdfUrl: string): string => new URL(pdfUrl, location.href).href;

/** Fetches and stores one book's PDF (or, with kind 'epub', its EPUB at `pdfUrl`); resolves when it is saved, failed or cancelled. */
export async function savePdf(book: SaveBook, kind: SavedKind = 'pdf'): Promise<void> {
  if (!book.pdfUrl) return;
  await save(book.id, refOf(book), pdfLocation(book.pdfUrl), kind === 'pdf' ? {} : { kind });
}

const refOf = (book: BookRef): BookRef => ({
  id: book.id,
  title: book.title,
  coverUrl: book.coverUrl,
  ...(book.titleLocal ? { titleLocal: book.titleLocal } : {}),
});

/** The key of one file of a record saved alone (a record's own PDF is keyed by the record's id). */
export const fileKey = (bookId: string, url: string): string => `${bookId} ${pdfLocation(url)}`;

/** One file of a record, as the screens name it. */
export interface SaveFile {
  url: string;
  kind: FileKind;
  label: string;
  /** the app route that opens it (reader or player) */
  open?: string;
}

/** Fetches and stores one file of a record under `key` (fileKey, or the record's id for its own PDF). */
export async function saveFile(book: BookRef, file: SaveFile, key = fileKey(book.id, file.url)): Promise<void> {
  const extra: Partial<DownloadRow> = { kind: file.kind, label: file.label, ...(file.open ? { open: file.open } : {}) };
  if (key !== book.id) extra.bookId = book.id;
  await save(key, refOf(book), pdfLocation(file.url), extra);
}

async function save(key: string, book: BookRef, url: string, extra: Partial<DownloadRow>): Promise<void> {
  if (running.has(key)) return;
  const job: Running = { done: 0, abort: new AbortController() };
  running.set(key, job);
  notify();
  const ref = { ...book, ...extra, id: key };
  let row: DownloadRow;
  try {
    const kind = extra.kind ?? 'pdf';
    const stored = await fetchFile(url, kind, job, notify);
    row = { ...ref, pdfUrl: url, state: 'saved', bytes: stored.bytes, opaque: stored.opaque, at: Date.now() };
    // Shown as saved once it opens offline: with pdf.js stored too (a failure there leaves the file saved).
    if (kind === 'pdf' && !stored.opaque) await keepPdfReader();
    void keepCover(book.coverUrl);
    noteSaved();
    void askPersistOnce();
  } catch (e) {
    if (job.abort.signal.aborted) {
      running.delete(key);
      notify();
      return;
    }
    const error = failure(e);
    row = { ...ref, pdfUrl: url, state: 'failed', bytes: null, opaque: false, at: Date.now(), error };
  }
  running.delete(key);
  rows.set(key, row);
  notify();
  await putDownload(row).catch(() => undefined);
}

/**
 * A saved book's cover, kept with it: the worker keeps every cover it fetched (sw/books/cache-files.ts,
 * the same cache and key), but a first visit's page fetched its covers before the worker was there,
 * and offline the book then had a stand-in for a cover.
 */
async function keepCover(coverUrl: string): Promise<void> {
  if (!coverUrl) return;
  const url = new URL(local(coverFor(coverUrl, dataSaver.get())), location.href);
  if (url.origin !== location.origin) return;
  url.search = '';
  url.hash = '';
  try {
    const cache = await caches.open(SECTION.books.caches.files);
    if (!(await cache.match(url.href))) await cache.add(url.href);
  } catch {
    // Only the offline copy of a picture is lost.
  }
}

/** A failed save as its record keeps it (user-db.ts DownloadRow `error`, worded by book.tsx). */
function failure(e: unknown): string {
  if (KhojError.is(e, 'http')) return `http ${e.status}`;
  if (KhojError.is(e, 'not-pdf') || KhojError.is(e, 'not-epub') || KhojError.is(e, 'not-audio') || KhojError.is(e, 'too-large')) return e.code;
  const name = (e as Error).name;
  return name === 'QuotaExceededError' ? 'quota' : name === 'TypeError' ? 'network' : String((e as Error).message ?? e);
}

async function fetchFile(url: string, kind: FileKind, job: Running, progress: () => void): Promise<{ bytes: number | null; opaque: boolean }> {
  const signal = job.abort.signal;
  const saved = savedKind(kind);
  let res: Response;
  try {
    res = await fetch(url, { signal, mode: 'cors', credentials: 'omit' });
  } catch (e) {
    // Only a PDF is kept unread (the reader links its host); an opaque audio or EPUB could never be opened.
    if (signal.aborted || new URL(url).origin === location.origin || saved !== 'pdf') throw e;
    // Refused by CORS (or unreachable: then this fails too). An opaque answer can only be stored.
    res = await fetch(url, { signal, mode: 'no-cors', credentials: 'omit' });
    await (await caches.open(PDF_CACHE)).put(url, res);
    return { bytes: null, opaque: true };
  }
  if (!res.ok) throw new KhojError('http', url, { status: res.status });
  const length = Number(res.headers.get('Content-Length'));
  const encoded = !!res.headers.get('Content-Encoding');
  if (length > MAX_SAVED_FILE_BYTES && !encoded) throw tooLarge(url);
  if (length > 0 && !encoded) job.total = length;
  const stored = await storeStream(url, saved, res.body, job, progress);
  return { bytes: stored, opaque: false };
}

const tooLarge = (url: string) => new KhojError('too-large', url, { limit: MAX_SAVED_FILE_BYTES });

/** The kind whose bytes a file must have: a PDF, an EPUB or audio (any other is kept as a PDF would be: it must be one). */
const savedKind = (kind: FileKind): SavedFileKind => (kind === 'epub' || kind === 'audio' ? kind : 'pdf');

/**
 * Streams a body into Cache Storage under `url`, never holding it whole: its first bytes must be
 * what `kind` demands (core/books/file-magic.ts), which also decides the one type it is kept
 * with; past MAX_SAVED_FILE_BYTES it stops. Cache Storage keeps an entry only once its body has
 * ended, so a refused, failed or cancelled download leaves nothing. Resolves with the bytes stored.
 */
async function storeStream(url: string, kind: SavedFileKind, body: ReadableStream<Uint8Array> | null, job: Running, progress: () => void): Promise<number> {
  const reader = (body ?? new Response('').body!).getReader();
  // The first bytes, to know what the file is before anything is stored.
  const head: Uint8Array[] = [];
  let headBytes = 0;
  let ended = false;
  while (headBytes < MAGIC_BYTES) {
    const { done, value } = await reader.read();
    if (done) {
      ended = true;
      break;
    }
    head.push(value);
    headBytes += value.length;
  }
  const first = new Uint8Array(headBytes);
  head.reduce((at, c) => (first.set(c, at), at + c.length), 0);
  const type = typeOfBytes(kind, first);
  if (!type) {
    void reader.cancel().catch(() => undefined);
    throw new KhojError(NOT_KIND[kind], url);
  }
  let refused: KhojError | undefined;
  const count = (chunk: Uint8Array, ctl: ReadableStreamDefaultController<Uint8Array>) => {
    job.done += chunk.length;
    if (job.done > MAX_SAVED_FILE_BYTES) {
      refused = tooLarge(url);
      ctl.error(refused);
      void reader.cancel().catch(() => undefined);
      return;
    }
    ctl.enqueue(chunk);
    progress();
  };
  const stream = new ReadableStream<Uint8Array>({
    start(ctl) {
      count(first, ctl);
      if (ended && !refused) ctl.close();
    },
    async pull(ctl) {
      const { done, value } = await reader.read();
      if (done) ctl.close();
      else count(value, ctl);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  try {
    await (await caches.open(PDF_CACHE)).put(url, new Response(stream, { headers: { 'Content-Type': type } }));
  } catch (e) {
    throw refused ?? e;
  }
  return job.done;
}

/**
 * A file's size before it is fetched, for the data saver's question (size-first.tsx): the host's
 * Content-Length for a HEAD request, or null when it does not say (or cannot be asked: no CORS).
 */
export async function sizeBeforeSaving(url: string): Promise<number | null> {
  try {
    const res = await fetch(pdfLocation(url), { method: 'HEAD', mode: 'cors', credentials: 'omit' });
    const length = Number(res.headers.get('Content-Length'));
    return res.ok && length > 0 && !res.headers.get('Content-Encoding') ? length : null;
  } catch {
    return null;
  }
}

export const cancelPdf = (id: string) => running.get(id)?.abort.abort();

export async function deletePdf(id: string): Promise<void> {
  const row = rows.get(id);
  rows.delete(id);
  // The same file may be saved under another key (a record's PDF is also one of its chapters): kept for that one.
  if (row && ![...rows.values()].some((r) => r.pdfUrl === row.pdfUrl && r.state === 'saved'))
    await (await caches.open(PDF_CACHE)).delete(row.pdfUrl).catch(() => false);
  notify();
  await deleteDownload(id).catch(() => undefined);
  // The last saved PDF gone: pdf.js goes too (stored again with the next one).
  if (![...rows.values()].some((r) => r.state === 'saved' && (r.kind ?? 'pdf') === 'pdf')) await caches.delete(PDFJS_CACHE).catch(() => false);
}

/** Whether a file is saved under `id` (a content pack's copy of it is then not taken again). */
export async function isSaved(id: string): Promise<boolean> {
  await load();
  return rows.get(id)?.state === 'saved';
}

/** A file a content pack put in Cache Storage (packs/open-pack.ts): listed as saved, as a download is. */
export async function keepImported(row: DownloadRow): Promise<void> {
  await load();
  rows.set(row.id, row);
  notify();
  await putDownload(row);
  if ((row.kind ?? 'pdf') === 'pdf' && navigator.onLine) await keepPdfReader();
  void keepCover(row.coverUrl);
}

/** Deletes every saved and failed file. */
export async function deleteAll(): Promise<void> {
  await load();
  for (const id of [...rows.keys()]) await deletePdf(id);
}

/** The browser dropped a saved copy (storage pressure, or cleared by hand): say so, and offer to save it again. */
export function markMissing(id: string): void {
  const row = rows.get(id);
  if (!row || row.state !== 'saved') return;
  const failed: DownloadRow = { ...row, state: 'failed', bytes: null, error: 'missing' };
  rows.set(id, failed);
  notify();
  void putDownload(failed).catch(() => undefined);
}

export type SavedCopy = { row: DownloadRow; bytes: ArrayBuffer } | { row?: DownloadRow; problem: 'not-saved' | 'opaque' | 'missing' };

/** A saved PDF's bytes, read from Cache Storage (for the reader screen), or why there are none. */
export async function readSaved(id: string): Promise<SavedCopy> {
  await load();
  const row = rows.get(id);
  if (!row || row.state !== 'saved') return { ...(row ? { row } : {}), problem: 'not-saved' };
  if (row.opaque) return { row, problem: 'opaque' };
  const res = await (await caches.open(PDF_CACHE)).match(row.pdfUrl).catch(() => undefined);
  if (!res) {
    markMissing(id);
    return { row, problem: 'missing' };
  }
  return { row, bytes: await res.arrayBuffer() };
}
