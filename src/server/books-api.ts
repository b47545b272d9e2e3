// The textbook catalog REST API (issue 4): not built yet. Answers nothing, so every
// request falls through to the static files.

import type { IncomingMessage, ServerResponse } from 'node:http';

/** Returns true when it answered the request. */
export function booksApi(_root: string): (req: IncomingMessage, res: ServerResponse) => Promise<boolean> {
  return async () => false;
}
