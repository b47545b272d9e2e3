// pdf.js for the reader screen only (a chunk of its own, with the library): opening a saved
// PDF's bytes, and why one cannot be opened. This chunk and the library's worker script are not
// precached (~450 KB brotli that most visitors never use, see vite.config.ts): the first save
// or opening of a PDF stores them (keepForOffline) in a cache of their own, where the service
// worker finds them offline (src/sw/precache.ts).

import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { KhojError } from '../../core/errors.ts';
import { normaliseText } from './pdf-text.ts';

export { normaliseText };

// pdf.js parses and draws in a module worker of its own, started from this script (same origin,
// CSP worker-src 'self'). Offline, the service worker answers it from the copy keepForOffline
// made (src/sw/precache.ts), also for a page it only claimed after loading: tested in
// tests/e2e/books-reader.spec.ts, which fails on pdf.js's "fake worker" warning.
GlobalWorkerOptions.workerSrc = workerUrl;

/** Stores this chunk and pdf.js's worker script for offline use, once each (and drops older builds' copies). */
export async function keepForOffline(cacheName: string): Promise<void> {
  const files = [import.meta.url, new URL(workerUrl, location.href).href];
  const cache = await caches.open(cacheName);
  const mine = (u: string) => /\/assets\/(pdf-doc-[^/]*\.js|pdf\.worker[^/]*\.mjs)$/.test(u);
  for (const old of await cache.keys()) if (mine(old.url) && !files.includes(old.url)) await cache.delete(old);
  for (const url of files) {
    if (await cache.match(url)) continue;
    const res = await fetch(url);
    if (res.ok) await cache.put(url, res);
  }
}

export type { PDFDocumentProxy };
/** Why a PDF did not open, as the reader screen says it (src/app/books/pdf-reader.tsx). */
export type OpenProblem = 'damaged' | 'password' | 'failed';

/**
 * Opens a PDF from its bytes. Our CSP allows no eval, so pdf.js is told not to try. A locked or
 * broken file throws KhojError "pdf-password" or "damaged" with pdf.js's words; anything else, its own error.
 */
export async function openPdf(bytes: ArrayBuffer): Promise<PDFDocumentProxy> {
  try {
    return await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, stopAtErrors: false }).promise;
  } catch (e) {
    const name = (e as Error)?.name;
    const detail = String((e as Error)?.message ?? e);
    if (name === 'PasswordException') throw new KhojError('pdf-password', detail, { cause: e });
    if (name === 'InvalidPDFException') throw new KhojError('damaged', detail, { cause: e });
    throw e;
  }
}

/** One page's text as a reader would search it: items joined, spaces collapsed, lower case. */
export async function pageText(doc: PDFDocumentProxy, page: number): Promise<string> {
  const content = await (await doc.getPage(page)).getTextContent();
  return normaliseText(content.items.map((i) => ('str' in i ? i.str : '')).join(' '));
}
