// The sections of the page, one line each, in navigation order (their paths and databases:
// src/core/sections.ts; what each plugs in: page-section.ts).

import { booksPage } from './books/books-page.tsx';
import { dictionaryPage } from './dictionary/dictionary-page.tsx';
import { marketPage } from './market/market-page.tsx';
import type { PageSection } from './page-section.ts';

export const PAGE_SECTIONS: readonly PageSection[] = [dictionaryPage, booksPage, marketPage];
