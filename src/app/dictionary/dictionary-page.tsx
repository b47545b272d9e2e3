// The dictionary in the page: the home section (its routes are the top of the hash: links.ts), its
// header search and tools, the question about saving it whole, the news of a newer build, the
// tap-to-look-up sheet over every section, and what it starts with the page.

import type { PageSection } from '../page-section.ts';
import { AskWhole } from './ask-whole.tsx';
import { OfflineLine } from './offline-line.tsx';
import { watchWholeSave } from './save-all.ts';
import { watchWanted } from './save-word.ts';
import { DictionaryScreens, HeaderSearch } from './screens.tsx';
import { DICTIONARY_CARD } from './section-strings.ts';
import { TapToLookUp } from './tap-lookup.tsx';
import { DictionaryLinks } from './tools.tsx';
import { UpdatedNotice } from './updated-notice.tsx';
import { watchUpdates } from './updates.ts';

export const dictionaryPage: PageSection = {
  ...DICTIONARY_CARD,
  Screens: DictionaryScreens,
  HeaderStart: HeaderSearch,
  Tools: DictionaryLinks,
  Banner: AskWhole,
  Notice: UpdatedNotice,
  Overlay: TapToLookUp,
  OfflineLine,
  start() {
    watchWholeSave();
    watchWanted();
    watchUpdates();
  },
};
