// Where the app reads a file the reader saved (Cache Storage, keyed by the file's absolute URL;
// src/app/books/downloads.ts stores it): a same-origin path the service worker answers from the
// stored copy, Range requests included (src/sw/books/saved-file.ts), so an <audio> element can
// play and seek a saved file offline, and the page's CSP (media-src 'self', src/core/http-policy.ts) lets it.

export const SAVED_FILE_PATH = 'api/books/saved-file';

/** The path (relative to the app's base) that serves the saved copy of `url`. */
export const savedFilePath = (url: string): string => `${SAVED_FILE_PATH}?url=${encodeURIComponent(url)}`;

/**
 * The most one saved file may hold: 200 MB. The largest size the real catalog publishes
 * (../shared/data/books: question papers, "13.59 MB"; textbooks carry no size) is well under the
 * build's own limit for one PDF (--max-pdf-bytes, 100 MB, data-build/books/covers.ts); twice that
 * leaves room for a full-colour textbook. A download is streamed to storage and stopped here
 * (an endless answer grew to 10.4 GB in the page before, issue 36).
 */
export const MAX_SAVED_FILE_BYTES = 200_000_000;

/**
 * Whether `url` (as a record gives it, resolved against the app's `base`) names the app's own
 * saved-file path: a record's link there would open a stored file as a page of the app, so the
 * app never follows one (and the build drops them). The path is compared as the worker routes it
 * (src/sw/sw.ts: decoded, below the worker's scope), whatever its case.
 */
export function isSavedFileUrl(url: string, base: string): boolean {
  let u: URL;
  let b: URL;
  try {
    b = new URL(base);
    u = new URL(url.trim(), b);
  } catch {
    return false;
  }
  if (u.origin !== b.origin) return false;
  let path: string;
  try {
    path = decodeURIComponent(u.pathname);
  } catch {
    path = u.pathname;
  }
  const scope = b.pathname.replace(/[^/]*$/, '');
  const rel = path.toLowerCase().startsWith(scope.toLowerCase()) ? path.slice(scope.length) : path.replace(/^\/+/, '');
  return rel.replace(/\/+$/, '').toLowerCase() === SAVED_FILE_PATH || rel.toLowerCase().endsWith(`/${SAVED_FILE_PATH}`);
}
