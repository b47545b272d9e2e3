// The sections with server routes or 404 bodies of their own, one line each (server/server-section.ts).

import { booksServer } from './books/books-server.ts';
import { dictionaryServer } from './dictionary/dictionary-server.ts';
import type { ServerSection } from './server-section.ts';

export const SERVER_SECTIONS: readonly ServerSection[] = [dictionaryServer, booksServer];
