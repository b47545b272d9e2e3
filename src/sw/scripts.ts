// The worker's on-demand scripts, one line per section that has any (script-declaration.ts).

import { BOOKS_SCRIPTS } from './books/scripts.ts';
import { DICTIONARY_SCRIPTS } from './dictionary/scripts.ts';
import { MARKET_SCRIPTS } from './market/scripts.ts';
import type { OnDemandScript } from './script-declaration.ts';

export const ON_DEMAND_SCRIPTS: readonly OnDemandScript[] = [...DICTIONARY_SCRIPTS, ...BOOKS_SCRIPTS, ...MARKET_SCRIPTS];
