// The textbook catalog's shapes: a Book as served (every contract field, then the
// real upstream extras), the catalog file the server and the service worker load,
// and the API's answers.

import type { BookFile } from './files.ts';

/** Contract fields first (always present; null where the source does not say), then extras (present only when known). */
/** The contract's fields of a book, in the order it lists them (every served book has each, null where unknown). */
export const BOOK_FIELDS = [
  'id',
  'title',
  'author',
  'grade',
  'subject',
  'language',
  'country',
  'curriculum',
  'source',
  'sourceUrl',
  'readUrl',
  'pdfUrl',
  'coverUrl',
  'category',
  'keywords',
] as const;

export interface Book {
  id: string;
  title: string;
  author: string | null;
  /** school grade 1–12, or null when the source gives none */
  grade: number | null;
  /** canonical subject name (see SUBJECTS), or null */
  subject: string | null;
  /** ISO 639-1 where one exists (en, ne, hi…), else the ISO 639-2/3 code (new, sit…), or null */
  language: string | null;
  /** ISO 3166-1 alpha-2, lower case as published (np) */
  country: string | null;
  curriculum: string | null;
  /** source identifier: cehrd-learning, cdc-nepal, pustakalaya, archive-org, openlibrary, or another */
  source: string;
  sourceUrl: string | null;
  readUrl: string | null;
  pdfUrl: string | null;
  /** always a local cover: /covers/<file> */
  coverUrl: string;
  category: string | null;
  keywords: string[];
  // Real extras, kept under their upstream names.
  titleLocal?: string;
  description?: string;
  publishedYear?: string;
  chapters?: string[];
  pageCount?: number;
  scrapedAt?: string;
  /** the cover URL the source published, when it was not a local /covers/ path */
  sourceCoverUrl?: string;
  /** every file of the record, from whatever field the upstream put it in (src/core/books/files.ts) */
  files?: BookFile[];
  /** the value as published of each field served in a form of our own (grade "Grade 12", pageCount "120 pages", coverUrl…), when it differs */
  upstream?: Record<string, unknown>;
  /** records of other sources merged into this one (same document or same title and grade) */
  alternates?: Alternate[];
  /** true for the embedded sample catalog written by the Khoj team */
  sample?: boolean;
  /** other upstream fields, passed through unchanged (strings, numbers, booleans, string arrays) */
  [extra: string]: unknown;
}

/** A duplicate record folded into a higher-priority one: its identity and its links. */
export interface Alternate {
  id: string;
  source: string;
  sourceUrl?: string;
  readUrl?: string;
  pdfUrl?: string;
  /** why it was merged: the shared document URL, or the shared title and grade */
  reason: 'same-id' | 'same-document' | 'same-title-grade';
}

export type SourceRole = 'primary' | 'secondary' | 'supplementary' | 'other';

export interface SourceInfo {
  /** the identifier used in Book.source and ?source= */
  source: string;
  name: string;
  role: SourceRole;
  /** 0 is first in the merged catalog */
  priority: number;
  homepage: string | null;
  count: number;
  grades: number[];
  subjects: string[];
  languages: string[];
}

export interface Stats {
  totalBooks: number;
  byGrade: Record<string, number>;
  bySubject: Record<string, number>;
  bySource: Record<string, number>;
  byLanguage: Record<string, number>;
  byCategory: Record<string, number>;
  withPdf: number;
  withReadUrl: number;
  withoutGrade: number;
  withoutSubject: number;
  duplicatesMerged: number;
  generatedAt: string;
}

/** `api/books/catalog.json`: everything the server and the service worker need to answer every path. */
export interface CatalogFile {
  format: 'khoj-books-catalog';
  version: 1;
  generatedAt: string;
  /** true when built from the embedded sample catalog */
  sample: boolean;
  /** credit line requested by the upstream NOTICE */
  credit: string;
  license: string;
  /** in catalog order: source priority, grade, subject, title, id */
  books: Book[];
  /** id of a merged duplicate → id of the record it was merged into */
  aliases: Record<string, string>;
  sources: SourceInfo[];
}

export interface ListMeta {
  /** the list route that answered: books, search, textbooks, … */
  endpoint: string;
  total: number;
  page: number;
  limit: number;
  pages: number;
  /** compact items (upstream's list fields, the contract's, detailUrl), or whole records (full=true) */
  detail: 'compact' | 'full';
}

export interface ListBody {
  success: true;
  data: Array<Book & { detailUrl: string; questionPaperCount?: number }>;
  meta: ListMeta;
}

export interface ErrorBody {
  success: false;
  error: string;
  /** the query parameter at fault, for 400s */
  parameter?: string;
}

export interface ApiResponse {
  status: number;
  body: unknown;
  /** for 405 */
  allow?: string;
}
