// Making a content pack on this phone (core/packs/ is the format): the whole dictionary (its
// blocks made by the worker from what it stores: dictionary-part.ts), the catalog, the chosen saved books and
// audio (Cache Storage: their blob() stays on disk) with pdf.js when a PDF goes (app-file-part.ts), the market's stored files and the reader's
// data, each read once as a stream for its SHA-256, then laid out as one Blob of those Blobs and
// the small headers, so the page never holds the pack. Shared with the phone's share sheet
// where the browser shares files, saved as a download otherwise.

import { makeManifest, packLayout, digestOf } from '../../core/packs/pack-writer.ts';
import type { PackPart } from '../../core/packs/manifest.ts';
import type { DownloadRow } from '../books/user-db.ts';
import { PDF_CACHE } from '../books/downloads.ts';
import { marketDb } from '../../databases/market/db.ts';
import { exportFile } from '../data/reader-data-io.ts';
import { streamChunks } from './chunks.ts';
import { dictionaryParts } from './dictionary-part.ts';
import { catalogPart } from './catalog-part.ts';
import { appFileParts } from './app-file-part.ts';
import type { DictionaryPartPlan } from '../../core/dictionary/messages.ts';

declare const __KHOJ_BUILD__: string;

export interface Chosen {
  /** the whole dictionary, as the worker plans its part (offered only when all of it is stored) */
  dictionary?: DictionaryPartPlan | undefined;
  /** the stored catalog */
  catalog?: boolean;
  files: DownloadRow[];
  market: boolean;
  readerData: boolean;
}

export interface Made {
  file: File;
  parts: number;
}

const EXT: Record<string, string> = { pdf: 'pdf', epub: 'epub', audio: 'audio' };

/** A saved file's URL as the pack keeps it: its path on this site (another phone's site may be another host), else whole. */
export const portableUrl = (url: string): string => {
  const u = new URL(url, location.href);
  return u.origin === location.origin ? u.pathname + u.search : u.href;
};

/** The parts' Blobs and what the manifest says of each (its size and digest still to come). */
async function gather(
  chosen: Chosen,
  signal: AbortSignal,
  progress: (bytes: number) => void,
): Promise<Array<{ blob: Blob; part: Omit<PackPart, 'size' | 'sha256'> }>> {
  const out: Array<{ blob: Blob; part: Omit<PackPart, 'size' | 'sha256'> }> = [];
  if (chosen.dictionary?.version) out.push(...(await dictionaryParts(chosen.dictionary, signal, progress)));
  const catalog = chosen.catalog ? await catalogPart() : undefined;
  if (catalog) out.push(catalog);
  const cache = await caches.open(PDF_CACHE);
  for (const [i, row] of chosen.files.entries()) {
    const res = await cache.match(row.pdfUrl);
    if (!res || res.type === 'opaque') continue;
    const meta: Record<string, unknown> = { id: row.id, title: row.title, coverUrl: row.coverUrl, kind: row.kind ?? 'pdf', url: portableUrl(row.pdfUrl) };
    for (const k of ['titleLocal', 'bookId', 'label', 'open'] as const) if (row[k]) meta[k] = row[k];
    out.push({ blob: await res.blob(), part: { name: `books/${i + 1}.${EXT[row.kind ?? 'pdf'] ?? 'pdf'}`, kind: 'book-file', meta } });
  }
  // pdf.js with the PDFs, where this phone stores it: the other phone may never have fetched it.
  if (out.some((o) => o.part.kind === 'book-file' && o.part.meta?.kind === 'pdf')) out.push(...(await appFileParts()));
  if (chosen.market) {
    const tx = (await marketDb()).transaction('files');
    let i = 0;
    for (let c = await tx.store.openCursor(); c; c = await c.continue()) {
      const f = c.value;
      const meta = { path: f.path, layout: f.layout, fetchedAt: f.fetchedAt, source: f.source, ...(f.converted ? { converted: true } : {}) };
      out.push({ blob: new Blob([f.body], { type: 'application/json' }), part: { name: `market/${++i}.json`, kind: 'market-file', meta } });
    }
  }
  if (chosen.readerData) out.push({ blob: new Blob([JSON.stringify(await exportFile())]), part: { name: 'reader-data.json', kind: 'reader-data' } });
  return out;
}

/**
 * The pack as a File (its bytes still where the parts are), after each part's digest is taken.
 * `progress` gets the bytes hashed of all; `signal` stops it between chunks.
 */
export async function makePack(chosen: Chosen, progress: (done: number, total: number) => void, signal: AbortSignal, now = new Date()): Promise<Made> {
  // The dictionary's blocks are made first (its stored bytes the measure), then every part hashed.
  const words = chosen.dictionary?.bytes ?? 0;
  let made = 0;
  const parts = await gather(chosen, signal, (n) => progress((made += n), words));
  const total = parts.reduce((n, p) => n + p.blob.size, 0);
  let done = 0;
  progress(done, total);
  const listed: PackPart[] = [];
  for (const { blob, part } of parts) {
    signal.throwIfAborted();
    const d = await digestOf(streamChunks(blob.stream(), signal), (n) => progress((done += n), total));
    listed.push({ ...part, ...d });
  }
  const manifest = makeManifest(__KHOJ_BUILD__, listed, now);
  const pieces = packLayout(manifest).map((p) => (p instanceof Uint8Array ? p : parts[p.part]!.blob));
  const day = now.toISOString().slice(0, 10);
  return { file: new File(pieces as BlobPart[], `khoj-pack-${day}.tar`, { type: 'application/x-tar' }), parts: listed.length };
}

/** Hands the pack to the share sheet where the browser can share it; else saves it as a download. Resolves with which. */
export async function sendPack(file: File): Promise<'shared' | 'downloaded'> {
  if (navigator.canShare?.({ files: [file] })) {
    try {
      await navigator.share({ files: [file], title: file.name });
      return 'shared';
    } catch (e) {
      if ((e as Error).name === 'AbortError') throw e;
      // The share failed (not allowed now, or the file type after all): the download still works.
    }
  }
  const a = document.createElement('a');
  a.href = URL.createObjectURL(file);
  a.download = file.name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 60_000);
  return 'downloaded';
}
