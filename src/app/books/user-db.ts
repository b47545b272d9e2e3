// The reader's own textbook data on this device (IndexedDB "khoj-books-user"): shelves
// (want to read, reading, read), the record of each saved or failed PDF download (the
// PDF itself is in Cache Storage, see downloads.ts) and where the reader is in each book
// (page and zoom, for "Continue reading"). If storage is unavailable, reads give
// nothing and writes throw, so the screens can say so.

import type { DBSchema } from 'idb';
import { lazyDb } from '../../databases/open-db.ts';
import { SECTION } from '../../core/sections.ts';
import type { FileKind } from '../../core/books/files.ts';

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
  /**
   * The row's key: the book's id for the book's own PDF; for any other file saved alone (a
   * chapter, a paper, an audio track) downloads.ts fileKey(record id, file URL).
   */
  id: string;
  /** absolute URL of the file (named when only PDFs were saved): also its key in Cache Storage */
  pdfUrl: string;
  /** what the file is (core/books/files.ts FileKind); absent: a PDF */
  kind?: FileKind;
  /** for a file saved alone: its record's id (absent: `id` is the record's) and its label */
  bookId?: string;
  label?: string;
  /** the app route that opens it (the reader or the player), when not the book's own PDF */
  open?: string;
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

/** Where the listener is in one audio file (key: downloads.ts fileKey), as the player last left it. */
export interface AudioPositionRow extends BookRef {
  kind: 'audio';
  /** seconds from the start */
  time: number;
  /** the file's length in seconds, when known */
  duration: number;
  at: number;
}

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
  positions: { key: string; value: PositionRow | AudioPositionRow };
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

/** A reader's place in a PDF or an EPUB (an audio file's place is AudioPositionRow). */
const isReading = (r: PositionRow | AudioPositionRow | undefined): r is PositionRow => r !== undefined && r.kind !== 'audio';
export const positionOf = (id: string) => orEmpty(async () => [await (await booksUserDb()).get('positions', id)].find(isReading), undefined);
/** Every book with a remembered position, the most recently read first. */
export const allPositions = () =>
  orEmpty(async () => (await (await booksUserDb()).getAll('positions')).filter(isReading).sort((a, b) => b.at - a.at), [] as PositionRow[]);
export const putPosition = async (row: PositionRow) => void (await (await booksUserDb()).put('positions', row));
export const audioPositionOf = (id: string) =>
  orEmpty(async () => [await (await booksUserDb()).get('positions', id)].find((r): r is AudioPositionRow => r?.kind === 'audio'), undefined);
/** Every remembered place, read and heard (when each book or track was last opened: the storage screen's suggestions). */
export const allPlaces = () => orEmpty(async () => (await booksUserDb()).getAll('positions'), [] as Array<PositionRow | AudioPositionRow>);
export const putAudioPosition = async (row: AudioPositionRow) => void (await (await booksUserDb()).put('positions', row));
