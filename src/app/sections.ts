// The sections with screens of their own, one line each, in navigation order (their paths and
// databases: src/core/sections.ts). The dictionary is the home screen's and not listed here.

import { booksPage } from './books/section.tsx';
import { marketPage } from './market/section.tsx';
import type { PageSection } from './page-section.ts';

export const PAGE_SECTIONS: readonly PageSection[] = [booksPage, marketPage];
