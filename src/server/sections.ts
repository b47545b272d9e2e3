// The sections with server routes or 404 bodies of their own, one line each (server/section.ts).

import { booksServer } from './books/section.ts';
import { dictionaryServer } from './dictionary/section.ts';
import type { ServerSection } from './section.ts';

export const SERVER_SECTIONS: readonly ServerSection[] = [dictionaryServer, booksServer];
