// The reader's own textbook data on this device (IndexedDB "khoj-books-user"): shelves
// (want to read, reading, read), the record of each saved or failed PDF download (the
// PDF itself is in Cache Storage, see downloads.ts) and where the reader is in each book
// (page and zoom, for "Continue reading"). If storage is unavailable, reads give
// nothing and writes throw, so the screens can say so.

import type { DBSchema } from 'idb';
import { lazyDb } from '../../shared/open-db.ts';
import { SECTION } from '../../core/sections.ts';

export type Shelf = 'want' | 'reading' | 'read';
export const SHELVES: readonly Shelf[] = ['want', 'reading', 'read'];

/** What a list needs to show a book without asking the catalog. */
export interface BookRef {
  id: string;
  title: string;
  titleLocal?: string;
  coverUrl: string;
}

export interface ShelfRow extends BookRef {
  shelf: Shelf;
  at: number;
}

export interface DownloadRow extends BookRef {
  /** absolute URL of the saved file (a PDF, or an EPUB when `kind` says so): also its key in Cache Storage */
  pdfUrl: string;
  /** the saved file's kind; rows saved before EPUBs could be saved have none: a PDF */
  kind?: SavedKind;
  state: 'saved' | 'failed';
  /** bytes stored; null when the host hid them (an opaque cross-origin answer) */
  bytes: number | null;
  opaque: boolean;
  at: number;
  /** for a failure: 'network' | 'http 404' | 'not-pdf' | 'quota' | … */
  error?: string;
}

/** The kinds of file the reader screens open from a saved copy. */
export type SavedKind = 'pdf' | 'epub';

/** Where the reader is in one book's file, as the reader screen last left it. */
export interface PositionRow extends BookRef {
  kind: SavedKind;
  /** 1-based page (an EPUB: its chapter, in reading order) */
  page: number;
  /** the file's page count, when known (an EPUB: its chapter count) */
  pages: number;
  /** zoom as a factor of "fit to width" (1 = the page's width fills the screen); an EPUB: the text size, 1 = the app's */
  zoom: number;
  /** an EPUB: how far down the chapter, 0 (its start) to 1 (its end) */
  fraction?: number;
  at: number;
}

interface Schema extends DBSchema {
  shelves: { key: string; value: ShelfRow };
  downloads: { key: string; value: DownloadRow };
  positions: { key: string; value: PositionRow };
}

// Version 2 adds positions; each store is made only if missing, so any older version upgrades.
export const booksUserDb = lazyDb<Schema>(SECTION.books.databases.user, 2, (d) => {
  for (const store of ['shelves', 'downloads', 'positions'] as const) if (!d.objectStoreNames.contains(store)) d.createObjectStore(store, { keyPath: 'id' });
});

const orEmpty = async <T>(op: () => Promise<T>, empty: T): Promise<T> => {
  try {
    return await op();
  } catch {
    return empty;
  }
};

export const shelfOf = (id: string) => orEmpty(async () => (await (await booksUserDb()).get('shelves', id))?.shelf, undefined);
export const allShelved = () => orEmpty(async () => (await (await booksUserDb()).getAll('shelves')).sort((a, b) => b.at - a.at), [] as ShelfRow[]);

export async function setShelf(book: BookRef, shelf: Shelf | undefined): Promise<void> {
  const d = await booksUserDb();
  if (shelf)
    await d.put('shelves', {
      id: book.id,
      title: book.title,
      ...(book.titleLocal ? { titleLocal: book.titleLocal } : {}),
      coverUrl: book.coverUrl,
      shelf,
      at: Date.now(),
    });
  else await d.delete('shelves', book.id);
}

export const allDownloads = () => orEmpty(async () => (await booksUserDb()).getAll('downloads'), [] as DownloadRow[]);
export const putDownload = async (row: DownloadRow) => void (await (await booksUserDb()).put('downloads', row));
export const deleteDownload = async (id: string) => (await booksUserDb()).delete('downloads', id);

export const positionOf = (id: string) => orEmpty(async () => (await booksUserDb()).get('positions', id), undefined);
/** Every book with a remembered position, the most recently read first. */
export const allPositions = () => orEmpty(async () => (await (await booksUserDb()).getAll('positions')).sort((a, b) => b.at - a.at), [] as PositionRow[]);
export const putPosition = async (row: PositionRow) => void (await (await booksUserDb()).put('positions', row));
