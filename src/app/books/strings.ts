// The textbook screens' interface text, in Nepali and English (the language the reader
// chose in the app's header: LangContext in ../i18n.ts).

import { useLang } from '../i18n.ts';

const DEVANAGARI_DIGITS = '०१२३४५६७८९';
/** A number in the interface's digits (१२३ or 123). */
export const digits = (n: number | string, lang: 'ne' | 'en'): string =>
  lang === 'ne' ? String(n).replace(/\d/g, (d) => DEVANAGARI_DIGITS[Number(d)]!) : String(n);

const ne = {
  heading: 'पाठ्यपुस्तक',
  searchLabel: 'पाठ्यपुस्तक खोज्नुहोस्',
  searchHint: 'शीर्षक, विषय, लेखक — नेपाली वा अंग्रेजीमा',
  search: 'खोज्नुहोस्',
  byGrade: 'कक्षा अनुसार',
  grade: (g: string) => `कक्षा ${g}`,
  allBooks: 'सबै पुस्तक',
  allOfGrade: (g: string) => `कक्षा ${g} का सबै पुस्तक`,
  subjects: 'विषय',
  noSubject: 'विषय नखुलेको',
  sources: 'स्रोत',
  count: (n: string) => `${n} पुस्तक`,
  filters: 'छान्नुहोस्',
  any: 'सबै',
  subject: 'विषय',
  source: 'स्रोत',
  language: 'भाषा',
  gradeLabel: 'कक्षा',
  clear: 'सबै हटाउनुहोस्',
  noBooks: 'यस्तो पुस्तक भेटिएन',
  pageOf: (p: string, n: string) => `पृष्ठ ${p} / ${n}`,
  previous: '← अघिल्लो',
  next: 'अर्को →',
  primary: 'मुख्य स्रोत',
  secondary: 'सहायक स्रोत',
  supplementary: 'थप स्रोत',
  other: 'अन्य स्रोत',
  read: 'अनलाइन पढ्नुहोस्',
  download: 'PDF डाउनलोड',
  sourcePage: 'स्रोतमा हेर्नुहोस्',
  sample: 'नमुना रेकर्ड: खोज टोलीले ढाँचा देखाउन लेखेको, साँचो पुस्तक होइन',
  fields: 'विवरण',
  alternates: 'अरू स्रोतमा पनि',
  bookNotFound: 'यो पुस्तक सूचीमा छैन',
  // Saving PDFs
  savePdf: 'PDF यो यन्त्रमा साँच्नुहोस्',
  savingPdf: 'साँच्दै',
  saved: 'यो यन्त्रमा साँचिएको',
  openSaved: 'साँचिएको प्रति खोल्नुहोस्',
  openOriginal: 'मूल PDF खोल्नुहोस्',
  opaqueNote: 'यो PDF अर्को साइटको हो र त्यसले एपलाई फाइल पढ्न दिँदैन: आकार थाहा छैन, र इन्टरनेटबिना सबै ब्राउजरमा नखुल्न सक्छ।',
  failed: 'साँच्न सकिएन',
  failedNetwork: 'इन्टरनेट वा साइटसम्म पुग्न सकिएन',
  failedNotPdf: 'फाइल PDF होइन',
  failedQuota: 'यन्त्रमा ठाउँ पुगेन',
  failedMissing: 'साँचिएको प्रति अब यो यन्त्रमा छैन',
  retry: 'फेरि प्रयास',
  cancel: 'रोक्नुहोस्',
  remove: 'मेट्नुहोस्',
  sizeUnknown: 'आकार थाहा छैन',
  // Downloads page
  downloads: 'मेरा डाउनलोड',
  noDownloads: 'अहिलेसम्म कुनै PDF साँचिएको छैन। पुस्तकको पृष्ठमा “PDF यो यन्त्रमा साँच्नुहोस्” थिच्नुहोस्।',
  storage: (used: string, free: string) => `यो एपले ${used} प्रयोग गरेको छ; ${free} बाँकी`,
  savedTotal: (n: string, size: string) => `${n} PDF, ${size}`,
  // Shelves
  shelves: 'मेरो दराज',
  shelf: 'दराज',
  shelfNone: 'कुनै होइन',
  want: 'पढ्न चाहेको',
  reading: 'पढ्दै',
  done: 'पढिसकेको',
  emptyShelf: 'खाली',
  shelfProblem: 'यो यन्त्रमा साँच्न सकिएन',
  // Whole section
  storageProblem: 'यो यन्त्रमा पाठ्यपुस्तक सूची साँच्न सकिएन; इन्टरनेटबाट हेर्दैछौं',
  credit: 'पाठ्यपुस्तक सूची',
  apiDocs: 'API विवरण',
};

type Strings = typeof ne;

const en: Strings = {
  heading: 'Textbooks',
  searchLabel: 'Search textbooks',
  searchHint: 'Title, subject, author — in Nepali or English',
  search: 'Search',
  byGrade: 'By grade',
  grade: (g) => `Grade ${g}`,
  allBooks: 'All books',
  allOfGrade: (g) => `All grade ${g} books`,
  subjects: 'Subjects',
  noSubject: 'No subject given',
  sources: 'Sources',
  count: (n) => `${n} ${n === '1' ? 'book' : 'books'}`,
  filters: 'Filters',
  any: 'Any',
  subject: 'Subject',
  source: 'Source',
  language: 'Language',
  gradeLabel: 'Grade',
  clear: 'Clear all',
  noBooks: 'No books match',
  pageOf: (p, n) => `Page ${p} of ${n}`,
  previous: '← Previous',
  next: 'Next →',
  primary: 'primary source',
  secondary: 'secondary source',
  supplementary: 'supplementary source',
  other: 'other source',
  read: 'Read online',
  download: 'Download PDF',
  sourcePage: 'View at the source',
  sample: 'Sample record written by the Khoj team to show the format: not a real book',
  fields: 'Details',
  alternates: 'Also listed by',
  bookNotFound: 'This book is not in the catalog',
  savePdf: 'Save PDF for offline',
  savingPdf: 'Saving',
  saved: 'Saved on this device',
  openSaved: 'Open the saved copy',
  openOriginal: 'Open the original PDF',
  opaqueNote: 'This PDF is on another site that does not let the app read the file: its size is unknown, and it may not open offline in every browser.',
  failed: 'Could not save',
  failedNetwork: 'could not reach the site or the internet',
  failedNotPdf: 'the file is not a PDF',
  failedQuota: 'not enough space on this device',
  failedMissing: 'the saved copy is no longer on this device',
  retry: 'Try again',
  cancel: 'Cancel',
  remove: 'Delete',
  sizeUnknown: 'size unknown',
  downloads: 'My downloads',
  noDownloads: 'No PDFs saved yet. On a book’s page, press “Save PDF for offline”.',
  storage: (used, free) => `This app uses ${used}; ${free} available`,
  savedTotal: (n, size) => `${n} PDF${n === '1' ? '' : 's'}, ${size}`,
  shelves: 'My shelves',
  shelf: 'Shelf',
  shelfNone: 'None',
  want: 'Want to read',
  reading: 'Reading',
  done: 'Read',
  emptyShelf: 'Empty',
  shelfProblem: 'Could not save this on the device',
  storageProblem: 'Could not store the textbook catalog on this device; reading it from the network',
  credit: 'Textbook catalog',
  apiDocs: 'API documentation',
};

const STRINGS = { ne, en };

export const useBooksT = (): Strings => STRINGS[useLang()];

/** Bytes as KB/MB in the interface's digits. */
export function size(bytes: number, lang: 'ne' | 'en'): string {
  const text = bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1e3))} KB`;
  return digits(text, lang);
}
