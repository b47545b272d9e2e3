// The market's declaration (core/section-declaration.ts says what each field means; core/sections.ts lists it).

import { type SectionDeclaration, status } from '../section-declaration.ts';
import type { MarketOffline } from './snapshot-paths.ts';

export const MARKET = {
  id: 'market',
  // data/: both layouts' files; the two openapi.yaml files describe them.
  prefixes: ['data', 'api/openapi.yaml', 'openapi.yaml'],
  // files, their refresh status and the settings (worker); settings and watchlist (page)
  // market: the files and the watchlist (worker and page); user: the portfolio (page)
  databases: { market: 'khoj-market', user: 'khoj-market-user' },
  storage: { marksEveryAnswer: true },
  offline: status<MarketOffline>(),
} as const satisfies SectionDeclaration<MarketOffline>;
