// The dictionary in the page: the home section (its routes are the top of the hash: links.ts), its
// header search and tools, the question about saving it whole, the news of a newer build, the
// tap-to-look-up sheet over every section, and what it starts with the page.
// Its screens, header parts and question are one chunk (screens.tsx), loaded on its routes as the
// page starts (main.tsx), and on the first visit elsewhere: every other section's first visit
// evaluated them in the start-up bundle, a long task on a phone's CPU (issue 38).

import type { PageSection } from '../page-section.ts';
import { lazyPart, lazyScreens } from '../ui/lazy-screens.tsx';
import { OfflineLine } from './offline-line.tsx';
import { watchWholeSave } from './save-all.ts';
import { watchWanted } from './save-word.ts';
import { DICTIONARY_CARD } from './section-strings.ts';
import { TapToLookUp } from './tap-lookup.tsx';
import { UpdatedNotice } from './updated-notice.tsx';
import { watchUpdates } from './updates.ts';

const parts = () => import('./screens.tsx');

export const dictionaryPage: PageSection = {
  ...DICTIONARY_CARD,
  Screens: lazyScreens(() => parts().then((m) => m.DictionaryScreens)),
  HeaderStart: lazyPart(() => parts().then((m) => m.HeaderSearch)),
  Tools: lazyPart(() => parts().then((m) => m.DictionaryLinks)),
  Banner: lazyPart(() => parts().then((m) => m.AskWhole)),
  Notice: UpdatedNotice,
  Overlay: TapToLookUp,
  OfflineLine,
  start() {
    watchWholeSave();
    watchWanted();
    watchUpdates();
  },
};
