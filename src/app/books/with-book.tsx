// One record for a screen: loaded by id (offline, the worker answers from the stored catalog), and
// its failure, its progress and an unknown id said the same way on every screen that shows one.

import type { ComponentChildren } from 'preact';
import { Failed, Loading, NotFound } from '../ui/status.tsx';
import { useLoad } from '../ui/use-load.ts';
import { type Book, getBook } from './api.ts';
import { useBooksT } from './strings.ts';

export function WithBook({ id, children }: { id: string; children: (book: Book) => ComponentChildren }) {
  const t = useBooksT();
  const { data: book, error, loading, reload } = useLoad(() => getBook(id), [id]);
  if (error) return <Failed error={error} retry={reload} />;
  if (loading) return <Loading />;
  if (!book) return <NotFound what={id} why={t.bookNotFound} />;
  return <>{children(book)}</>;
}
