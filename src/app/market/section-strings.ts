// The market section's words for the shell (page-section.ts ShellStrings), and its line in the
// offline banner: small, in the start-up bundle; the screens' own texts are strings.ts.

import type { Lang } from '../i18n.ts';
import type { SectionCard, ShellStrings } from '../page-section.ts';

interface MarketShellStrings extends ShellStrings {
  /** the offline banner: the snapshot is stored */
  offline: string;
}

export const MARKET_SHELL: Readonly<Record<Lang, MarketShellStrings>> = {
  ne: {
    name: 'सेयर बजार',
    notes: {
      offline: 'इन्टरनेट छैन — यो यन्त्रमा साँचिएको बजार डाटा मात्र',
      storageProblem: 'यो यन्त्रमा बजार डाटा साँच्न सकिएन; इन्टरनेटबाट हेर्दैछौं',
      storageQuota: 'यन्त्रमा ठाउँ पुगेन; बजार डाटा इन्टरनेटबाट हेर्दैछौं',
    },
    offline: 'सेयर बजारको पछिल्लो तथ्याङ्क',
  },
  en: {
    name: 'Market',
    notes: {
      offline: 'Offline — showing the market data stored on this device',
      storageProblem: 'Could not store market data on this device; reading it from the network',
      storageQuota: 'This device is out of storage; reading market data from the network',
    },
    offline: 'The latest market snapshot',
  },
};

/** The section without its screens (page-section.ts SectionCard): section.tsx and the manifest's shortcut read it. */
export const MARKET_CARD = { id: 'market', routes: 'own', strings: MARKET_SHELL } as const satisfies SectionCard;
