// The sections the data build writes, one line each, in build order (their paths: src/core/sections.ts).

import { booksData } from './books/books-data.ts';
import type { DataSection } from './data-section.ts';
import { dictionaryData } from './dictionary/dictionary-data.ts';
import { marketData } from './market/market-data.ts';

export const DATA_SECTIONS: readonly DataSection[] = [dictionaryData, booksData, marketData];
