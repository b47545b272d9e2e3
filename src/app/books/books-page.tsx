// The textbook section of the app (#/books/…): its place in the navigation, its line in the
// offline banner and its screens, loaded on the first visit so the dictionary's first screen does
// not carry them.

import { count } from '../../core/digits.ts';
import { useOfflineStatus } from '../client/offline.ts';
import { useLang } from '../i18n.ts';
import { placeholder } from '../shell/offline-placeholder.ts';
import type { PageSection } from '../page-section.ts';
import { lazyScreens } from '../ui/lazy-screens.tsx';
import { BOOKS_CARD, BOOKS_SHELL } from './section-strings.ts';

function OfflineLine() {
  const lang = useLang();
  const status = useOfflineStatus();
  const books = status?.books;
  if (books) return <li data-section="books">{BOOKS_SHELL[lang].offline(count(books, lang))}</li>;
  return status && !status.saving ? null : <li data-section="books">{placeholder(BOOKS_SHELL[lang].name, lang)}</li>;
}

export const booksPage: PageSection = {
  ...BOOKS_CARD,
  Screens: lazyScreens(() => import('./screens.tsx').then((m) => m.BooksScreens)),
  OfflineLine,
};
