// What a section plugs into the Node server (`npm start`): a handler for the requests it answers
// beyond its static files (a REST API); false leaves the request to the next section and then to
// the static files; and the body of its 404 when a file below its prefixes is missing. The list is
// sections.ts.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SectionId } from '../core/sections.ts';

export type SectionRoutes = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

export interface ServerSection {
  id: SectionId;
  /** its routes over the built data tree at `root` */
  routes?(root: string): SectionRoutes;
  /** The JSON body of a 404 for a missing file `rel` (below the prefix that holds it), as its contract says; a plain 404 without. */
  notFound?(rel: string): unknown;
}
