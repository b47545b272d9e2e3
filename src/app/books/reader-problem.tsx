// A saved book that does not open, said the same way by both readers (pdf-reader.tsx,
// epub-reader.tsx): what went wrong, and the ways on, to the book at its source and to its page.

import type { ComponentChildren } from 'preact';
import { ScreenHeading } from '../ui/focus.tsx';
import { bookHref } from './cards.tsx';
import { useBooksT } from './strings.ts';
import type { BookRef } from './user-db.ts';

interface Props {
  /** the record's id: its page, and the heading when the book is not known */
  id: string;
  problem: string;
  /** what went wrong, in the interface's language */
  text: string;
  book?: BookRef | undefined;
  source?: string | undefined;
  /** the technical detail, shown on hover */
  title?: string | undefined;
  /** more about it, under the alert */
  children?: ComponentChildren;
}

export function ReaderProblem({ id, problem, text, book, source, title, children }: Props) {
  const t = useBooksT();
  return (
    <section class="reader-problem" aria-labelledby="reader-h">
      <ScreenHeading id="reader-h">{book?.title ?? id}</ScreenHeading>
      <p role="alert" class="alert" id="reader-problem" data-problem={problem} title={title}>
        {text}
      </p>
      {children}
      <p class="actions">
        {source ? (
          <a href={source} class="open-source" target="_blank" rel="noopener noreferrer">
            {t.openAtSource}
          </a>
        ) : null}{' '}
        <a href={bookHref(id)} class="book-page">
          {t.bookPage}
        </a>
      </p>
    </section>
  );
}
