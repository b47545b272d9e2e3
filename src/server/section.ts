// What a section plugs into the Node server (`npm start`): a handler for the requests it answers
// beyond its static files (a REST API); false leaves the request to the next section and then to
// the static files. The list is sections.ts.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SectionId } from '../core/sections.ts';

export type SectionRoutes = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

export interface ServerSection {
  id: SectionId;
  /** its routes over the built data tree at `root` */
  routes(root: string): SectionRoutes;
}
