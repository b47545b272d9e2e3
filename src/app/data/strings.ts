// The "Your data" screen's text, Nepali and English (chosen with useStrings()).

import type { PartName } from '../../core/reader-data/format.ts';
import { useStrings } from '../i18n.ts';

const ne = {
  title: 'तपाईंको डाटा',
  intro:
    'साँचिएका शब्द, भर्खर हेरिएका शब्द, किताबका दराज, पढेको र सुनेको ठाउँ, मेरो सूची, मूल्य सूचना, पोर्टफोलियो र सेटिङ एउटै फाइलमा। अर्को फोनमा त्यो फाइल ल्याउँदा यहाँ भएको केही हराउँदैन: दुवै मिलाइन्छ।',
  export: 'फाइलमा निकाल्नुहोस्',
  keptLink: 'यो फोनमा के छ: भण्डारण र डाटा बचत',
  import: 'फाइलबाट ल्याउनुहोस्',
  exported: (name: string) => `${name} डाउनलोड भयो`,
  imported: 'फाइल ल्याइयो:',
  failed: 'यो फाइल ल्याउन सकिएन; यो यन्त्रमा केही बदलिएन।',
  storage: 'यो यन्त्रको भण्डारण पढ्न वा लेख्न सकिएन:',
  importing: 'फाइल ल्याइँदै',
  progress: (done: string, total: string) => `${total} मध्ये ${done} लेखियो`,
  askSource: 'यो फाइलले बजारको डाटा अर्कै ठेगानाबाट ल्याउन भन्छ। यसो गरे एपले बजारका फाइलहरू यही ठेगानाबाट ल्याउनेछ। तपाईंले चिनेको ठेगाना हो भने मात्र प्रयोग गर्नुहोस्:',
  useSource: 'यो ठेगाना प्रयोग गर्नुहोस्',
  keepSource: 'अहिलेकै स्रोत राख्नुहोस्',
  line: (added: string, updated: string, kept: string) => `${added} थपियो, ${updated} नयाँ संस्करणले बदलियो, ${kept} पहिल्यै थियो`,
  parts: {
    bookmarks: 'साँचिएका शब्द',
    history: 'भर्खर हेरिएका',
    shelves: 'किताबका दराज',
    positions: 'पढेको ठाउँ',
    listening: 'सुनेको ठाउँ',
    watchlist: 'मेरो सूची (सेयर)',
    alerts: 'मूल्य सूचना',
    portfolio: 'पोर्टफोलियो',
    settings: 'सेटिङ',
  } satisfies Record<PartName, string>,
};

const en: typeof ne = {
  title: 'Your data',
  intro:
    'Your bookmarks, history, shelves, reading and listening places, watchlist, price alerts, portfolio and settings in one file. Bring it to another phone: nothing already there is lost, the two are merged.',
  export: 'Export to a file',
  keptLink: 'What this phone keeps: storage and data saver',
  import: 'Import a file',
  exported: (name: string) => `Downloaded ${name}`,
  imported: 'Imported:',
  failed: 'This file could not be imported; nothing on this device changed.',
  storage: 'Could not read or write this device’s storage:',
  importing: 'Importing the file',
  progress: (done: string, total: string) => `${done} of ${total} written`,
  askSource: 'This file sets where the market data comes from. The app would then fetch every market file from this address. Use it only if you know it:',
  useSource: 'Use this address',
  keepSource: 'Keep the current source',
  line: (added: string, updated: string, kept: string) => `${added} added, ${updated} replaced by a newer version, ${kept} already here`,
  parts: {
    bookmarks: 'Bookmarks',
    history: 'History',
    shelves: 'Shelves',
    positions: 'Reading places',
    listening: 'Listening places',
    watchlist: 'Watchlist',
    alerts: 'Price alerts',
    portfolio: 'Portfolio',
    settings: 'Settings',
  },
};

export const useDataStrings = () => useStrings({ ne, en });
