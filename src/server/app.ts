// Everything `npm start` answers: the routes of the section that owns the path (the longest
// declared prefix wins, as in the worker: core/sections.ts sectionOf; the routes are
// sections.ts's), then the static files of dist/ (a missing one answered as its section says), all under the one HTTP policy (headers.ts, core/http-policy.ts).

import type { IncomingMessage, ServerResponse } from 'node:http';
import { sectionOf } from '../core/sections.ts';
import { type PolicyOptions, withPolicy } from './headers.ts';
import type { SectionRoutes } from './server-section.ts';
import { SERVER_SECTIONS } from './sections.ts';
import { type Handler, staticHandler } from './static.ts';
import { requestUrl } from './target.ts';

export function appHandler(root: string, options: PolicyOptions = {}): Handler {
  const routes = new Map<string, SectionRoutes>(SERVER_SECTIONS.flatMap((s) => (s.routes ? [[s.id, s.routes(root)]] : [])));
  const files = staticHandler(root, missingBody);
  return withPolicy(async (req: IncomingMessage, res: ServerResponse) => {
    const path = requestUrl(req)?.pathname;
    const owner = path ? sectionOf(path.slice(1)) : undefined;
    const answer = owner && routes.get(owner.section.id);
    if (answer && (await answer(req, res))) return;
    await files(req, res);
  }, options);
}

/** The 404 body of the section that owns `path` (absolute, decoded), when it says one. */
function missingBody(path: string): unknown {
  const owner = sectionOf(path.slice(1));
  const notFound = owner && SERVER_SECTIONS.find((s) => s.id === owner.section.id)?.notFound;
  if (!owner || !notFound) return undefined;
  const rel = path.slice(1);
  return notFound(rel === owner.prefix ? '' : rel.slice(owner.prefix.length + 1));
}
