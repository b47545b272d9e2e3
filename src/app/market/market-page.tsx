// The market's screens: `#/market/<path…>?<params>`. This entry is all the start-up
// bundle carries; the screens, the market core and the HTML sanitiser load on first visit.

import { useOfflineStatus } from '../client/offline.ts';
import { useLang } from '../i18n.ts';
import { placeholder } from '../shell/offline-placeholder.ts';
import type { PageSection } from '../page-section.ts';
import { lazyScreens } from '../ui/lazy-screens.tsx';
import { MARKET_CARD, MARKET_SHELL } from './section-strings.ts';
import { fetchEarly } from './early.ts';
import { screenOfHash } from './screen-kinds.ts';
import { preloadView } from './screen-views.tsx';
import './market.css';

function OfflineLine() {
  const lang = useLang();
  const status = useOfflineStatus();
  if (status?.market) return <li data-section="market">{MARKET_SHELL[lang].offline}</li>;
  return status && !status.saving ? null : <li data-section="market">{placeholder(MARKET_SHELL[lang].name, lang)}</li>;
}

export const marketPage: PageSection = {
  ...MARKET_CARD,
  // The screen's first files and its own chunk are asked for beside the frame's chunk (early.ts).
  Screens: lazyScreens(() => {
    fetchEarly(location.hash);
    const screen = screenOfHash(location.hash);
    if (screen) preloadView(screen);
    return import('./screens.tsx').then((m) => m.Market);
  }),
  // The worker's snapshot (src/sw/market/offline.ts): the home's files, the quotes, the lists.
  savedByWorker: () =>
    import('../../core/market/snapshot-paths.ts').then(({ marketSnapshotPaths }) => {
      const saved = new Set(marketSnapshotPaths().map((p) => `data/${p}`));
      return (rel: string) => saved.has(rel);
    }),
  OfflineLine,
};
