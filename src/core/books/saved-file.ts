// Where the app reads a file the reader saved (Cache Storage, keyed by the file's absolute URL;
// src/app/books/downloads.ts stores it): a same-origin path the service worker answers from the
// stored copy, Range requests included (src/sw/books/saved-file.ts), so an <audio> element can
// play and seek a saved file offline, and the page's CSP (media-src 'self', src/core/http-policy.ts) lets it.

export const SAVED_FILE_PATH = 'api/books/saved-file';

/** The path (relative to the app's base) that serves the saved copy of `url`. */
export const savedFilePath = (url: string): string => `${SAVED_FILE_PATH}?url=${encodeURIComponent(url)}`;
