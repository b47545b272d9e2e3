// The dictionary's screens' words in both interface languages (its words for the shell are
// section-strings.ts, its finding tools' finder-strings.ts). The dictionary is the home screen's
// section, so they are in the start-up bundle. Its screens read them with the shell's shared
// words (error, retry, close) in one table: useDictionaryT.

import { type Lang, plural, STRINGS, useStrings } from '../i18n.ts';

const ne = {
  letters: 'अक्षरहरू',
  words: 'शब्द',
  /** a count of words: "४३ शब्द" · "43 words", "1 word" */
  wordsCount: (n: string) => `${n} शब्द`,
  search: 'खोज्नुहोस्',
  /** the header's field: short enough for a 320 px phone's header beside the language button */
  searchHint: 'शब्द, नेपाली वा रोमनमा',
  meanings: 'अर्थमा खोज्नुहोस्',
  noResults: 'केही भेटिएन',
  /** the heading of a search in meanings */
  meaningsOf: (q: string) => `“${q}” अर्थमा`,
  searchWords: 'शब्दमा खोज्नुहोस्',
  searchedAs: 'यसरी खोजियो:',
  fetching: 'ल्याउँदै',
  meaningsFound: (n: string) => `${n} शब्दका अर्थमा भेटियो`,
  meaningsSomeWords: (n: string) => `सबै शब्द एउटै अर्थमा भेटिएनन्; केही शब्द ${n} शब्दका अर्थमा भेटिए`,
  /** a shard of the meaning index failed its check, even fetched again (sw/dictionary/route.ts) */
  meaningsDamaged: 'अर्थ-सूचीको यो भाग बिग्रिएको छ, त्यसैले यो खोज गर्न सकिएन; पछि फेरि प्रयास गर्नुहोस्',
  moreResults: 'अरू नतिजा',
  notFound: 'यो शब्द शब्दकोशमा छैन',
  random: 'कुनै एक शब्द',
  history: 'भर्खर हेरिएका',
  bookmarks: 'साँचिएका शब्द',
  /** the link to the export and import screen (src/app/data/) */
  yourData: 'तपाईंको डाटा: निकाल्ने र ल्याउने',
  keptLink: 'यो फोनमा के छ: भण्डारण र डाटा बचत',
  bookmark: 'चिनो लगाउनुहोस्',
  unbookmark: 'चिनो हटाउनुहोस्',
  copy: 'प्रतिलिपि',
  copied: 'प्रतिलिपि भयो',
  share: 'बाँड्नुहोस्',
  expand: 'पूरा रूप',
  saveAll: 'पूरा शब्दकोश यो यन्त्रमा डाउनलोड गर्नुहोस्',
  cancel: 'रोक्नुहोस्',
  resume: 'फेरि सुरु गर्नुहोस्',
  saveWaiting: 'इन्टरनेट कुर्दै',
  savedAll: 'पूरा शब्दकोश साँचियो',
  /** the whole dictionary's size on the saved page, before it is saved */
  wholeSize: (download: string, storage: string) => `${download} डाउनलोड, यन्त्रमा करिब ${storage}`,
  /** what the save is doing (core/dictionary/messages.ts WholeSaveProgress) */
  saveStep: { letters: 'अक्षरका शब्दसूची बनाउँदै', pack: 'डाउनलोड गर्दै', files: 'डाउनलोड गर्दै', meanings: 'अर्थ-सूची बनाउँदै' },
  background: 'एप स्थापना गरिएको र इन्टरनेट सीमित नभएकाले पूरा शब्दकोश आफैँ पृष्ठभूमिमा साँचिन्छ।',
  backgroundSetting: 'स्थापना गरिएको एपमा, सीमित नभएको इन्टरनेटमा पूरा शब्दकोश आफैँ साँच्नुहोस्',
  /** a letter's list offline: a word whose entry is not on the device (read by screen readers) */
  wordNotSaved: 'साँचिएको छैन',
  /** above a letter's list offline, when some of its words are not saved */
  someNotSaved: 'अर्थ नसाँचिएका शब्द फिक्का देखिन्छन्; शब्द खोलेर एकै थिचाइमा साँच्न सकिन्छ।',
  files: 'फाइल',
  storageUsed: 'प्रयोग भएको ठाउँ',
  storageFree: 'बाँकी ठाउँ',
  persistent: 'ब्राउजरले यो डाटा नमेटाउने वचन दिएको छ',
  notPersistent: 'ठाउँ कम भए ब्राउजरले यो डाटा मेट्न सक्छ',
  dictionaryUpdated: 'शब्दकोश अद्यावधिक भयो',
  /** offline, and what the reader asked for is not on the device: what is missing and what to do (not-saved.tsx) */
  notSaved: {
    word: 'यो शब्द अझै यो यन्त्रमा साँचिएको छैन',
    letter: 'यो अक्षरका शब्द अझै यो यन्त्रमा साँचिएका छैनन्',
    search: 'यो खोजलाई चाहिने शब्दसूची अझै यो यन्त्रमा साँचिएको छैन',
    meanings: 'यो खोजलाई चाहिने अर्थ-सूची अझै यो यन्त्रमा साँचिएको छैन',
    results: 'केही नतिजाका शब्द अझै यो यन्त्रमा साँचिएका छैनन्',
    action: 'पूरा शब्दकोश डाउनलोड गर्नुहोस्',
    /** one tap: this word's part of the dictionary (one chunk file) */
    saveWord: 'यो शब्द डाउनलोड गर्नुहोस्',
    wordQueued: 'इन्टरनेट जोडिनेबित्तिकै यो शब्द डाउनलोड हुन्छ',
  },
  /** the question asked once about the whole dictionary */
  /** said with the question: what was saved without asking, and its size */
  searchSaved: (words: string, size?: string) => `सबै ${words} शब्दमा खोज अब इन्टरनेटबिना पनि चल्छ${size ? ` (${size} डाउनलोड भयो)` : ''}।`,
  /** `download`: exactly what crosses the network (the pack); `storage`: about what the device keeps */
  askWhole: (download: string, storage: string) => `पूरा शब्दकोश इन्टरनेटबिना चलाउन यो यन्त्रमा साँच्ने? ${download} डाउनलोड, यन्त्रमा करिब ${storage}।`,
  /** the same, where the build does not say what the download takes (the dev server) */
  askWholeStorage: (storage: string) => `पूरा शब्दकोश इन्टरनेटबिना चलाउन यो यन्त्रमा साँच्ने? यन्त्रमा करिब ${storage}।`,
  askYes: 'डाउनलोड गर्नुहोस्',
  askNo: 'अहिले होइन',
  metered: 'सीमित डाटा (डाटा बचत) चलिरहेकाले तपाईंले नभनेसम्म केही डाउनलोड हुँदैन।',
};

const en: typeof ne = {
  letters: 'Letters',
  words: 'words',
  wordsCount: (n: string) => `${n} ${plural(n, 'word', 'words')}`,
  search: 'Search',
  searchHint: 'Nepali or roman word',
  meanings: 'Search in meanings',
  noResults: 'Nothing found',
  meaningsOf: (q: string) => `“${q}” in meanings`,
  searchWords: 'Search in words',
  searchedAs: 'Searched as',
  fetching: 'Fetching',
  meaningsFound: (n: string) => `Found in the meanings of ${n} ${plural(n, 'word', 'words')}`,
  meaningsSomeWords: (n: string) => `No meaning holds every word; the meanings of ${n} ${plural(n, 'word holds', 'words hold')} some of them`,
  meaningsDamaged: 'This part of the meaning index is damaged, so this search could not be made; try again later',
  moreResults: 'More results',
  notFound: 'This word is not in the dictionary',
  random: 'Random word',
  history: 'Recently viewed',
  bookmarks: 'Saved words',
  yourData: 'Your data: export and import',
  keptLink: 'What this phone keeps: storage and data saver',
  bookmark: 'Bookmark',
  unbookmark: 'Remove bookmark',
  copy: 'Copy',
  copied: 'Copied',
  share: 'Share',
  expand: 'Full form',
  saveAll: 'Save the whole dictionary on this device',
  cancel: 'Cancel',
  resume: 'Resume',
  saveWaiting: 'Waiting for the connection',
  savedAll: 'The whole dictionary is saved',
  wholeSize: (download: string, storage: string) => `${download} to download, about ${storage} on the device`,
  saveStep: { letters: 'Making the letters’ word lists', pack: 'Downloading', files: 'Downloading', meanings: 'Making the meaning index' },
  background: 'This app is installed and the connection is not metered, so the whole dictionary is saved in the background.',
  backgroundSetting: 'Save the whole dictionary in the background (installed app, connection not metered)',
  wordNotSaved: 'not saved',
  someNotSaved: 'Words whose meaning is not saved on this device yet are shown faded: open one to save it with one tap.',
  files: 'files',
  storageUsed: 'Storage used',
  storageFree: 'available',
  persistent: 'The browser has promised to keep this data',
  notPersistent: 'The browser may clear this data when space runs low',
  dictionaryUpdated: 'The dictionary was updated',
  notSaved: {
    word: 'This word is not saved on this device yet',
    letter: 'The words of this letter are not saved on this device yet',
    search: 'The word list this search needs is not saved on this device yet',
    meanings: 'The meaning index this search needs is not saved on this device yet',
    results: 'The words of some results are not saved on this device yet',
    action: 'Download the whole dictionary',
    saveWord: 'Download this word',
    wordQueued: 'This word will be downloaded as soon as you are online',
  },
  searchSaved: (words: string, size?: string) => `Search over all ${words} words now works offline too${size ? ` (${size} downloaded)` : ''}.`,
  askWhole: (download: string, storage: string) =>
    `Save the whole dictionary on this device for offline use? ${download} to download, about ${storage} on the device.`,
  askWholeStorage: (storage: string) => `Save the whole dictionary on this device for offline use? About ${storage} on the device.`,
  askYes: 'Save it',
  askNo: 'Not now',
  metered: 'You are saving data (metered connection): nothing is downloaded until you say so.',
};

export const DICTIONARY_STRINGS: Readonly<Record<Lang, typeof ne>> = { ne, en };

const TABLE = { ne: { ...STRINGS.ne, ...ne }, en: { ...STRINGS.en, ...en } };
/** The dictionary's words and the shell's, in the reader's language. */
export const useDictionaryT = (): (typeof TABLE)['ne'] => useStrings(TABLE);
