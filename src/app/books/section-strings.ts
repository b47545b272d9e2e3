// The textbook section's words for the shell (page-section.ts ShellStrings), and its line in the
// offline banner: small, in the start-up bundle; the screens' own texts are strings.ts.

import { type Lang, plural } from '../i18n.ts';
import type { SectionCard, ShellStrings } from '../page-section.ts';

interface BooksShellStrings extends ShellStrings {
  /** the offline banner: the catalog and how many books it holds */
  offline: (books: string) => string;
}

export const BOOKS_SHELL: Readonly<Record<Lang, BooksShellStrings>> = {
  ne: {
    name: 'पाठ्यपुस्तक',
    notes: {
      offline: 'इन्टरनेट छैन — यो यन्त्रमा साँचिएको पाठ्यपुस्तक सूची र PDF मात्र',
      storageProblem: 'यो यन्त्रमा पाठ्यपुस्तक सूची साँच्न सकिएन; इन्टरनेटबाट हेर्दैछौं',
      storageQuota: 'यन्त्रमा ठाउँ पुगेन; पाठ्यपुस्तक सूची इन्टरनेटबाट हेर्दैछौं',
    },
    offline: (books) => `पाठ्यपुस्तक सूची (${books} पुस्तक)`,
  },
  en: {
    name: 'Textbooks',
    notes: {
      offline: 'Offline — showing the catalog and the PDFs stored on this device',
      storageProblem: 'Could not store the textbook catalog on this device; reading it from the network',
      storageQuota: 'This device is out of storage; reading the textbook catalog from the network',
    },
    offline: (books) => `The textbook catalog (${books} ${plural(books, 'book', 'books')})`,
  },
};

/** The section without its screens (page-section.ts SectionCard): section.tsx and the manifest's shortcut read it. */
export const BOOKS_CARD = { id: 'books', routes: 'own', strings: BOOKS_SHELL } as const satisfies SectionCard;
