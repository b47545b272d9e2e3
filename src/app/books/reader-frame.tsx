// The frame every reader screen shares (PDF, EPUB): the book's title as the screen's heading, and
// a toolbar that starts with the way back to the book's page; each reader adds its own tools.

import type { ComponentChildren } from 'preact';
import { ScreenHeading } from '../ui/focus.tsx';
import { bookHref } from './cards.tsx';
import { useBooksT } from './strings.ts';
import type { BookRef } from './user-db.ts';

export function ReaderFrame({ book, kind, tools, children }: { book: BookRef; kind?: string; tools: ComponentChildren; children: ComponentChildren }) {
  const t = useBooksT();
  return (
    <section class={kind ? `reader ${kind}` : 'reader'} aria-labelledby="reader-h">
      <ScreenHeading id="reader-h" class="reader-title">
        {book.title}
      </ScreenHeading>
      <div class="reader-tools" role="toolbar" aria-label={t.readerTools}>
        <a href={bookHref(book.id)} class="book-page">
          {t.bookPage}
        </a>
        {tools}
      </div>
      {children}
    </section>
  );
}
