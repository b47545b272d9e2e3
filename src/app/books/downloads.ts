// "Save for offline": fetches a book's PDF, or any one file of a record (a chapter, a question
// paper, an audio track: saveFile), with progress and keeps it in Cache Storage (keyed by the
// file's URL), with a record in IndexedDB (user-db.ts) that the screens list. The first save
// asks the browser to keep the app's storage (persist.ts). An EPUB is checked to be a ZIP (read by
// epub-reader.tsx); a PDF saved whole stores pdf.js too, so it opens offline (pdf-doc.ts).

//
// - Same-origin and CORS-enabled PDFs are read as a stream (bytes / Content-Length), checked
//   to be a PDF, and stored whole: their size is known and the saved copy opens offline.
// - A cross-origin host without CORS cannot be read: the PDF is fetched with mode "no-cors"
//   and the opaque answer stored as it is. Its size is unknown and what it holds cannot be
//   checked, and the reader screen cannot open it (it says so and links the original).
// - Any failure is recorded and can be retried; a cancelled download leaves nothing behind.

import { useEffect } from 'preact/hooks';
import type { Book } from '../../core/books/types.ts';
import { SECTION } from '../../core/sections.ts';
import { KhojError } from '../../core/errors.ts';
import { createStore, useStore } from '../client/store.ts';
import { allDownloads, type BookRef, deleteDownload, type DownloadRow, putDownload, type SavedKind } from './user-db.ts';
import { noteSaved } from '../client/install.ts';
import type { FileKind } from '../../core/books/files.ts';
import { askPersistOnce } from './persist.ts';
import { local } from './api.ts';

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

/** What a saved file must begin with, where its kind says: a PDF's "%PDF-", an EPUB's ZIP header "PK\x03\x04". */
const FORMAT: Partial<Record<FileKind, { head: string; type: string; error: 'not-pdf' | 'not-epub' }>> = {
  pdf: { head: '%PDF-', type: 'application/pdf', error: 'not-pdf' },
  epub: { head: 'PK\x03\x04', type: 'application/epub+zip', error: 'not-epub' },
};

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
  const url = new URL(local(coverUrl), location.href);
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
  if (KhojError.is(e, 'not-pdf') || KhojError.is(e, 'not-epub')) return e.code;
  const name = (e as Error).name;
  return name === 'QuotaExceededError' ? 'quota' : name === 'TypeError' ? 'network' : String((e as Error).message ?? e);
}

async function fetchFile(url: string, kind: FileKind, job: Running, progress: () => void): Promise<{ bytes: number | null; opaque: boolean }> {
  const signal = job.abort.signal;
  let res: Response;
  try {
    res = await fetch(url, { signal, mode: 'cors', credentials: 'omit' });
  } catch (e) {
    if (signal.aborted || new URL(url).origin === location.origin) throw e;
    // Refused by CORS (or unreachable: then this fails too). An opaque answer can only be stored.
    res = await fetch(url, { signal, mode: 'no-cors', credentials: 'omit' });
    await (await caches.open(PDF_CACHE)).put(url, res);
    return { bytes: null, opaque: true };
  }
  if (!res.ok) throw new KhojError('http', url, { status: res.status });
  const length = Number(res.headers.get('Content-Length'));
  if (length > 0 && !res.headers.get('Content-Encoding')) job.total = length;
  const chunks: Uint8Array[] = [];
  if (res.body) {
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      job.done += value.length;
      progress();
    }
  }
  // A PDF or an EPUB says so in its first bytes; other kinds keep the host's type (the player needs it).
  const format = FORMAT[kind];
  const type = format?.type ?? (res.headers.get('Content-Type') || 'application/octet-stream');
  const blob = new Blob(chunks as BlobPart[], { type });
  if (format && new TextDecoder().decode(await blob.slice(0, format.head.length).arrayBuffer()) !== format.head) throw new KhojError(format.error, url);
  await (await caches.open(PDF_CACHE)).put(url, new Response(blob, { headers: { 'Content-Type': type, 'Content-Length': String(blob.size) } }));
  return { bytes: blob.size, opaque: false };
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
