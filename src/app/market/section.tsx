// The market's screens: `#/market/<path…>?<params>`. This entry is all the start-up
// bundle carries; the screens, the market core and the HTML sanitiser load on first visit.

import type { PageSection } from '../page-section.ts';
import { lazyScreens } from '../ui/lazy-screens.tsx';
import './market.css';

export const marketPage: PageSection = {
  id: 'market',
  name: (t) => t.market,
  notes: (t) => t.notes.market,
  Screens: lazyScreens(() => import('./screens.tsx').then((m) => m.Market)),
};
