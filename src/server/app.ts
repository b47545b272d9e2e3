// Everything `npm start` answers: the REST APIs first, then the static files of dist/, all
// under the one HTTP policy (headers.ts, policy.ts).

import type { IncomingMessage, ServerResponse } from 'node:http';
import { booksApi } from './books-api.ts';
import { type PolicyOptions, withPolicy } from './headers.ts';
import { type Handler, staticHandler } from './static.ts';

export function appHandler(root: string, options: PolicyOptions = {}): Handler {
  const books = booksApi(root);
  const files = staticHandler(root);
  return withPolicy(async (req: IncomingMessage, res: ServerResponse) => {
    if (await books(req, res)) return;
    await files(req, res);
  }, options);
}
