// What both readers do as a saved book opens (pdf-reader.tsx, epub-reader.tsx): name it from its
// record or its saved row, find where it may be read at its source, keep the reader's place, and
// put it on the "reading" shelf.

import type { Book } from './api.ts';
import { followable } from './file-urls.ts';
import { type BookRef, type PositionRow, putPosition, setShelf, shelfOf } from './user-db.ts';

type Named = Pick<BookRef, 'title' | 'coverUrl' | 'titleLocal'>;

/** The book as the reader names it: the record's title (and a file's label), else the saved row's. */
export function bookRefOf(id: string, book: Book | undefined, row: Named | undefined, label?: string): BookRef | undefined {
  if (!book && !row) return undefined;
  const titleLocal = book?.titleLocal ?? row?.titleLocal;
  return {
    id,
    title: label && book ? `${book.title} · ${label}` : (book?.title ?? row!.title),
    coverUrl: book?.coverUrl ?? row!.coverUrl,
    ...(titleLocal ? { titleLocal } : {}),
  };
}

/** The first address the book may be read at elsewhere: never one into the app's own saved files (file-urls.ts followable). */
export const sourceOf = (...urls: Array<string | null | undefined>): string | undefined => urls.find((u): u is string => !!u && followable(u));

/** The reader's place, kept on the device; a failed write loses only this place. */
export const keepPlace = (place: Omit<PositionRow, 'at'>): void => void putPosition({ ...place, at: Date.now() }).catch(() => undefined);

/** Opening a book puts it on the "reading" shelf, unless the reader has put it elsewhere. */
export async function shelveAsReading(book: BookRef): Promise<void> {
  const shelf = await shelfOf(book.id);
  if (shelf === undefined || shelf === 'want') await setShelf(book, 'reading').catch(() => undefined);
}
