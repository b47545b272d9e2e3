// The textbook section of the app (#/books/…): its place in the navigation and its screens,
// loaded on the first visit so the dictionary's first screen does not carry them.

import type { PageSection } from '../page-section.ts';
import { lazyScreens } from '../ui/lazy-screens.tsx';

export const booksPage: PageSection = {
  id: 'books',
  name: (t) => t.books,
  notes: (t) => t.notes.books,
  Screens: lazyScreens(() => import('./screens.tsx').then((m) => m.BooksScreens)),
};
