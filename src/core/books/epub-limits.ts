// How much of an EPUB the reader opens (src/app/books/epub-doc.ts), and the error that says which
// limit a book passed. A 4.2 MB EPUB whose entries inflated hugely took the page to 4.8 GB, a
// chapter of 2 million elements to 8.1 GB, a deeply nested one froze it for 128 s (issue 36).
// The figures leave room for real books: a Standard Ebooks novel inflates to 1–5 MB with its
// longest chapter a few thousand elements and under 30 deep; a picture book's images are a few
// MB each. The memory a refused book can cost stays well under 500 MB (tests/e2e/books-hostile-files.spec.ts).

import { KhojError } from '../errors.ts';

export const EPUB_LIMITS = {
  /** one entry (a chapter, an image, a style sheet), inflated */
  entryBytes: 32_000_000,
  /** every entry the book lists, inflated, together */
  bookBytes: 128_000_000,
  /** entries in the ZIP */
  entries: 10_000,
  /** elements in one chapter (and in the package, the nav and the NCX) */
  elements: 100_000,
  /** how deep one chapter nests */
  depth: 256,
  /** one style sheet of the book: a larger one is left out, not refused */
  cssBytes: 1_000_000,
} as const;

/** Which limit a refused book passed. */
export type EpubLimit = 'entry' | 'book' | 'entries' | 'elements' | 'depth';

/** A book refused for a limit: `which`, the entry it was passed in (a path inside the EPUB), the limit. */
export class EpubRefused extends KhojError {
  constructor(
    readonly which: EpubLimit,
    readonly path: string | undefined,
    limit: number,
  ) {
    super(which === 'entry' || which === 'book' ? 'too-large' : 'too-complex', `${which} limit${path ? ` in ${path}` : ''}`, { limit });
  }
}
