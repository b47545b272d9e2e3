// The sections of the page, one line each, in navigation order (their paths and databases:
// src/core/sections.ts; what each plugs in: page-section.ts).

import { booksPage } from './books/books-page.tsx';
import { dictionaryPage } from './dictionary/dictionary-page.tsx';
import { marketPage } from './market/market-page.tsx';
import type { PageSection } from './page-section.ts';
import type { Route } from './router.ts';

export const PAGE_SECTIONS: readonly PageSection[] = [dictionaryPage, booksPage, marketPage];

const HOME = PAGE_SECTIONS.find((s) => s.routes === 'root')!;

/** The section whose frame the route is drawn in: its own, or the home section's for the shell's screens (the reader's data, storage, packs). */
export const frameOf = (route: Route): PageSection => (route.name === 'section' && PAGE_SECTIONS.find((s) => s.id === route.section)) || HOME;
