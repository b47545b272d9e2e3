// The market's screens: `#/market/<path…>?<params>`. This entry is all the start-up
// bundle carries; the screens, the market core and the HTML sanitiser load on first visit.

import { useOfflineStatus } from '../client/offline.ts';
import { useLang } from '../i18n.ts';
import type { PageSection } from '../page-section.ts';
import { lazyScreens } from '../ui/lazy-screens.tsx';
import { MARKET_SHELL } from './section-strings.ts';
import './market.css';

function OfflineLine() {
  const lang = useLang();
  return useOfflineStatus()?.market ? <li data-section="market">{MARKET_SHELL[lang].offline}</li> : null;
}

export const marketPage: PageSection = {
  id: 'market',
  routes: 'own',
  strings: MARKET_SHELL,
  Screens: lazyScreens(() => import('./screens.tsx').then((m) => m.Market)),
  OfflineLine,
};
