// Opening a content pack on this phone (core/packs/ reads it as it streams and checks each part's
// SHA-256): a book or audio file goes to Cache Storage as a download does (its first bytes must
// be its kind's, it is kept with that kind's type, and it is put there only once its digest held),
// a market file only when it is newer than the stored one and passes the worker's checks,
// the reader's data through the data file's merge, the whole dictionary through the worker's checks
// and its build switch (dictionary-part.ts), the catalog through the worker's check and its switch
// to a newer catalog (catalog-part.ts), pdf.js only as this build's own files (app-file-part.ts).

import { readPack, type PackResult, type PackSink, type PartSink, type Skip } from '../../core/packs/pack-reader.ts';
import { PackError, type PackPart } from '../../core/packs/manifest.ts';
import { MAGIC_BYTES, type SavedFileKind, typeOfBytes } from '../../core/books/file-magic.ts';
import { MAX_SAVED_FILE_BYTES } from '../../core/books/saved-file.ts';
import { MAX_FILE_BYTES } from '../../core/bounded-body.ts';
import type { FileKind } from '../../core/books/files.ts';
import { isSaved, keepImported, PDF_CACHE, fileKey } from '../books/downloads.ts';
import type { DownloadRow } from '../books/user-db.ts';
import { marketDb, type FileBody } from '../../databases/market/db.ts';
import { LIMITS as READER_LIMITS } from '../../core/reader-data/format.ts';
import { streamChunks } from './chunks.ts';
import { dictionaryTaker } from './dictionary-part.ts';
import { CATALOG_PART, catalogSink } from './catalog-part.ts';
import { appFileSink } from './app-file-part.ts';

/** Why a part was read through and not kept (the screen words each). */
export type SkipWhy = 'already-saved' | 'older' | 'not-taken' | 'no-index';

const str = (v: unknown, max: number): v is string => typeof v === 'string' && v.length > 0 && v.length <= max;
const refuse = (p: PackPart, detail: string) => new PackError('not-kind', p.name, detail);
const FILE_KINDS = ['pdf', 'epub', 'audio', 'chapter', 'paper', 'other'];

/** A part held in memory until its digest is checked (small: a market file, the reader's data). */
function collect(p: PackPart, limit: number, take: (bytes: Uint8Array) => Promise<string | void>): PartSink {
  const got: Uint8Array[] = [];
  return {
    write: (c) => void (p.size <= limit && got.push(c.slice())),
    commit: async () => {
      if (p.size > limit) throw new PackError('too-large', p.name, `${p.size} bytes, more than ${limit}`);
      const all = new Uint8Array(p.size);
      got.reduce((at, c) => (all.set(c, at), at + c.length), 0);
      got.length = 0;
      return take(all);
    },
    abort: () => void (got.length = 0),
  };
}

/**
 * A saved book's or audio's file, kept in Cache Storage only when its digest matched. Its bytes are
 * hashed as they stream by; what is put in the cache is the pack file's own slice of them (`pack`
 * from `at`), read by the browser from the file: the page holds none of it, and nothing is written
 * before the digest is known. Only its first bytes are copied, to check its kind.
 */
async function bookSink(p: PackPart, pack: Blob, at: number): Promise<PartSink | Skip> {
  const m = p.meta ?? {};
  if (!str(m.id, 1000) || !str(m.title, 1000) || typeof m.coverUrl !== 'string' || !str(m.url, 2000) || !FILE_KINDS.includes(m.kind as string))
    return failing(refuse(p, 'its record (id, title, URL, kind) is not what a saved file has'));
  const url = new URL(m.url, location.origin);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return failing(refuse(p, `its URL ${JSON.stringify(m.url)} is not a web address`));
  // The worker answers the app's own scripts from any cache (src/sw/precache.ts): no pack names one.
  if (url.origin === location.origin && url.pathname.startsWith(new URL('assets/', document.baseURI).pathname))
    return failing(refuse(p, `its URL ${JSON.stringify(m.url)} is one of the app's own files`));
  if (p.size > MAX_SAVED_FILE_BYTES) return failing(new PackError('too-large', p.name, `${p.size} bytes, more than ${MAX_SAVED_FILE_BYTES}`));
  const bookId = str(m.bookId, 1000) ? m.bookId : undefined;
  const id = bookId ? fileKey(bookId, url.href) : m.id;
  if (await isSaved(id)) return { skip: 'already-saved' satisfies SkipWhy };
  const kind = m.kind as FileKind;
  const saved: SavedFileKind = kind === 'epub' || kind === 'audio' ? kind : 'pdf';
  const first = new Uint8Array(Math.min(MAGIC_BYTES, p.size));
  let headBytes = 0;
  return {
    write(c) {
      // A copy: the chunk's buffer is read into again (chunks.ts).
      if (headBytes < first.length) first.set(c.subarray(0, first.length - headBytes), headBytes);
      headBytes = Math.min(first.length, headBytes + c.length);
    },
    async commit() {
      const type = typeOfBytes(saved, first);
      if (!type) throw refuse(p, `its bytes are not ${saved === 'audio' ? 'audio' : `an ${saved.toUpperCase()}`}`);
      await (await caches.open(PDF_CACHE)).put(url.href, new Response(pack.slice(at, at + p.size), { headers: { 'Content-Type': type } }));
      const row: DownloadRow = {
        id,
        title: m.title as string,
        coverUrl: m.coverUrl as string,
        ...(str(m.titleLocal, 1000) ? { titleLocal: m.titleLocal } : {}),
        ...(kind !== 'pdf' || bookId ? { kind } : {}),
        ...(bookId ? { bookId } : {}),
        ...(str(m.label, 1000) ? { label: m.label } : {}),
        ...(str(m.open, 2000) && m.open.startsWith('#/') ? { open: m.open } : {}),
        pdfUrl: url.href,
        state: 'saved',
        bytes: p.size,
        opaque: false,
        at: Date.now(),
      };
      await keepImported(row);
    },
    abort: () => undefined,
  };
}

/** A part refused whatever its bytes (read through, then refused by name). */
const failing = (e: PackError): PartSink => ({
  write: () => undefined,
  commit: () => Promise.reject(e),
  abort: () => undefined,
});

/** A market file: checked as the worker checks a fetched one, stored only when newer than this phone's. */
function marketSink(p: PackPart): PartSink {
  const m = p.meta ?? {};
  return collect(p, MAX_FILE_BYTES, async (bytes) => {
    if (!str(m.path, 300) || (m.layout !== 'a' && m.layout !== 'b') || !Number.isSafeInteger(m.fetchedAt) || !str(m.source, 2000))
      throw refuse(p, 'its path, layout, time or source is missing');
    const text = new TextDecoder().decode(bytes);
    const { validateMarketFile } = await import('../../core/market/validate.ts');
    const v = validateMarketFile(m.path, text, m.layout);
    if (!v.ok) throw refuse(p, `${m.path}: ${v.problems[0]?.message ?? 'invalid'}`);
    const tx = (await marketDb()).transaction(['files', 'status'], 'readwrite');
    const stored = await tx.objectStore('files').get(m.path);
    if (stored && stored.fetchedAt >= (m.fetchedAt as number)) return 'older' satisfies SkipWhy;
    const row: FileBody = {
      path: m.path,
      body: text,
      layout: m.layout,
      fetchedAt: m.fetchedAt as number,
      source: m.source,
      ...(m.converted === true ? { converted: true } : {}),
    };
    void tx.objectStore('files').put(row);
    const status = (await tx.objectStore('status').get(m.path)) ?? { path: m.path, stale: false };
    void tx.objectStore('status').put({ ...status, stale: false, fetchedAt: row.fetchedAt, source: row.source });
    await tx.done;
  });
}

/** The reader's data, merged as the data file's import merges it. */
const readerDataSink = (p: PackPart): PartSink =>
  collect(p, READER_LIMITS.fileBytes, async (bytes) => {
    const [{ parseReaderData }, { importParts }] = await Promise.all([import('../../core/reader-data/format.ts'), import('../data/reader-data-io.ts')]);
    let data;
    try {
      data = parseReaderData(new TextDecoder().decode(bytes), p.name);
    } catch (e) {
      throw refuse(p, String((e as Error).message));
    }
    await importParts(data.parts, { marketSource: false });
  });

/** Where each part of the pack file `pack` goes (the dictionary's two parts share what the first tells the worker). */
export function packSink(pack: Blob): PackSink {
  const dictionary = dictionaryTaker();
  return { part: (p, at) => partSink(p, at, pack, dictionary) };
}

function partSink(p: PackPart, at: number, pack: Blob, dictionary: ReturnType<typeof dictionaryTaker>): PartSink | Skip | Promise<PartSink | Skip> {
  switch (p.kind) {
    case 'dictionary':
      return dictionary.part(p);
    case 'catalog':
      return p.name === CATALOG_PART ? catalogSink(p) : { skip: 'not-taken' satisfies SkipWhy };
    case 'book-file':
      return bookSink(p, pack, at);
    case 'market-file':
      return marketSink(p);
    case 'reader-data':
      return readerDataSink(p);
    case 'app-file':
      return appFileSink(p);
    default:
      return { skip: 'not-taken' satisfies SkipWhy };
  }
}

/** Reads a pack file into this phone; throws a PackError when the pack as a whole is refused (what was taken before stays). */
export function openPack(file: Blob, progress: (done: number, total: number) => void, signal: AbortSignal): Promise<PackResult> {
  return readPack(streamChunks(file.stream(), signal), packSink(file), {
    progress: (n) => progress(n, file.size),
    cancelled: () => signal.aborted,
  });
}

/** What the screen names a part by: a book's title and label, a market file's path. */
export function partLabel(p: PackPart): string {
  const m = p.meta ?? {};
  if (p.kind === 'book-file' && typeof m.title === 'string') return typeof m.label === 'string' ? `${m.title} · ${m.label}` : m.title;
  if ((p.kind === 'market-file' || p.kind === 'app-file') && typeof m.path === 'string') return m.path.slice(0, 120);
  if (p.kind === 'catalog' && typeof m.generatedAt === 'string') return `catalog · ${m.generatedAt}`;
  if (p.kind === 'dictionary' && typeof m.build === 'string') return `${p.name.endsWith('.json') ? 'index' : 'words'} · ${m.build}`;
  return p.name;
}
