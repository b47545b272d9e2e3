// The sections of the page, one line each, in navigation order (their paths and databases:
// src/core/sections.ts; what each plugs in: page-section.ts).

import { booksPage } from './books/section.tsx';
import { dictionaryPage } from './dictionary/section.tsx';
import { marketPage } from './market/section.tsx';
import type { PageSection } from './page-section.ts';

export const PAGE_SECTIONS: readonly PageSection[] = [dictionaryPage, booksPage, marketPage];
