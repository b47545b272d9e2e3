// The textbook catalog's REST API in the Node server (api.ts).

import type { ServerSection } from '../server-section.ts';
import { booksApi } from './api.ts';

export const booksServer: ServerSection = { id: 'books', routes: booksApi };
