// Everything `npm start` answers: each section's routes first (sections.ts), then the static files
// of dist/, all under the one HTTP policy (headers.ts, policy.ts).

import type { IncomingMessage, ServerResponse } from 'node:http';
import { type PolicyOptions, withPolicy } from './headers.ts';
import { SERVER_SECTIONS } from './sections.ts';
import { type Handler, staticHandler } from './static.ts';

export function appHandler(root: string, options: PolicyOptions = {}): Handler {
  const routes = SERVER_SECTIONS.map((s) => s.routes(root));
  const files = staticHandler(root);
  return withPolicy(async (req: IncomingMessage, res: ServerResponse) => {
    for (const answer of routes) if (await answer(req, res)) return;
    await files(req, res);
  }, options);
}
