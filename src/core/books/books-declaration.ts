// The textbook catalog's declaration (core/section-declaration.ts says what each field means; core/sections.ts lists it).

import { type SectionDeclaration, status } from '../section-declaration.ts';

/** What of the catalog is on the device: books in the stored catalog (0: none stored). */
export type BooksOffline = number;

export const BOOKS = {
  id: 'books',
  // `api`: every other /api/ path (textbooks, teacher guides, and the JSON 404 for paths no source carries);
  // `api/v1`, longer, stays the dictionary's.
  // `files`: the sample catalog's own PDFs, EPUB and audio (empty in a build of other sources).
  prefixes: ['api/books', 'api/sources', 'api/stats', 'covers', 'docs', 'files', 'api'],
  pages: ['docs'],
  // catalog: the stored catalog (worker); user: shelves and downloads (page)
  databases: { catalog: 'khoj-books', user: 'khoj-books-user' },
  // files: covers and docs (worker); pdfs: the books the reader saved (page); pdfjs: pdf.js, kept once a PDF is saved (page)
  caches: { files: 'khoj-books-files', pdfs: 'khoj-books-pdfs', pdfjs: 'khoj-books-pdfjs' },
  // pdf.js (its chunk and worker script, ~450 KB brotli): stored by the page when a PDF is first
  // saved or opened (src/app/books/pdf-doc.ts keepForOffline), not at install.
  assetsOnDemand: ['assets/pdf-doc-*.js', 'assets/pdf.worker*.mjs'],
  storage: { marksEveryAnswer: true },
  offline: status<BooksOffline>(),
} as const satisfies SectionDeclaration<BooksOffline>;
