// The dictionary's words for the shell (page-section.ts ShellStrings), and its line in the offline
// banner; its screens' texts are strings.ts.

import { type Lang, plural } from '../i18n.ts';
import type { SectionCard, ShellStrings } from '../page-section.ts';

interface DictionaryShellStrings extends ShellStrings {
  /** search over every word works offline; how many entries (meanings) are on the device */
  search: (saved: string, total: string) => string;
  noSearch: string;
}

export const DICTIONARY_SHELL: Readonly<Record<Lang, DictionaryShellStrings>> = {
  ne: {
    name: 'शब्दकोश',
    notes: {
      offline: 'इन्टरनेट छैन — साँचिएका शब्द मात्र',
      storageProblem: 'यो यन्त्रमा शब्द साँच्न सकिएन; इन्टरनेटबाट हेर्दैछौं',
      storageQuota: 'यन्त्रमा ठाउँ पुगेन; इन्टरनेटबाट हेर्दैछौं',
    },
    search: (saved, total) => `खोज: सबै शब्दमा चल्छ; ${total} मध्ये ${saved} शब्दको अर्थ साँचिएको`,
    noSearch: 'खोज: अझै चल्दैन (शब्दसूची साँचिएको छैन)',
  },
  en: {
    name: 'Dictionary',
    notes: {
      offline: 'Offline — showing saved words only',
      storageProblem: 'Could not store words on this device; reading them from the network',
      storageQuota: 'This device is out of storage; reading words from the network',
    },
    search: (saved, total) => `Search: yes; ${saved} of ${total} ${plural(total, 'entry', 'entries')} saved`,
    noSearch: 'Search: not yet (the word list is not saved)',
  },
};

/** The section without its screens (page-section.ts SectionCard): section.tsx and the manifest's shortcut read it. */
export const DICTIONARY_CARD = { id: 'dictionary', routes: 'root', strings: DICTIONARY_SHELL } as const satisfies SectionCard;
