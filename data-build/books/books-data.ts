// The textbook catalog in the data build: `--books SRC` (source files or a live YoBook API) → api/books, covers, docs.

import { dataSection, oneOf } from '../data-section.ts';
import { type BooksOptions, buildBooks } from './build.ts';

export const booksData = dataSection<BooksOptions>({
  id: 'books',
  marker: 'api/books/catalog.json',
  flags: [
    {
      flag: 'books',
      field: 'source',
      schema: {},
      usage: `  --books SRC                textbook source files (folder, file or URL) or a live YoBook
                             API (https://host); default: the embedded sample catalog`,
    },
    {
      flag: 'books-pdfs',
      field: 'pdfs',
      schema: { enum: ['auto', 'local', 'none'] },
      usage: `  --books-pdfs auto|local|none  where PDFs for covers may come from (default auto;
                             $KHOJ_BOOKS_PDFS)`,
    },
  ],
  options(values, { generatedAt }) {
    const o: BooksOptions = {};
    if (values.books !== undefined) o.source = values.books;
    const pdfs = oneOf('books-pdfs', values['books-pdfs'], ['auto', 'local', 'none'] as const);
    if (pdfs) o.pdfs = pdfs;
    if (generatedAt !== undefined) o.generatedAt = generatedAt;
    return o;
  },
  build: (options, out) => buildBooks(options, out),
});
