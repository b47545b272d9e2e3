// The sections with server routes of their own, one line each (server/section.ts).

import { booksServer } from './books/section.ts';
import type { ServerSection } from './section.ts';

export const SERVER_SECTIONS: readonly ServerSection[] = [booksServer];
