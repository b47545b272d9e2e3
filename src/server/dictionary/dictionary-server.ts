// The dictionary in the Node server: static files only, and the contract's JSON 404 for a file
// missing under /api/v1 (the same body as the worker's: core/dictionary/paths.ts).

import { notFoundBody } from '../../core/dictionary/paths.ts';
import type { ServerSection } from '../server-section.ts';

export const dictionaryServer: ServerSection = { id: 'dictionary', notFound: notFoundBody };
