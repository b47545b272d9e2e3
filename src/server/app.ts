// Everything `npm start` answers: the REST APIs first, then the static files of dist/.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { booksApi } from './books-api.ts';
import { type Handler, staticHandler } from './static.ts';

export function appHandler(root: string): Handler {
  const books = booksApi(root);
  const files = staticHandler(root);
  return async (req: IncomingMessage, res: ServerResponse) => {
    if (await books(req, res)) return;
    await files(req, res);
  };
}
