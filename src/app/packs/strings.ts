// The content pack screen's text (share what this phone keeps, open a pack), Nepali and English.

import { useStrings } from '../i18n.ts';
import type { PackProblem } from '../../core/packs/manifest.ts';
import type { SkipWhy } from './open-pack.ts';

const ne = {
  title: 'अर्को फोनमा सार्नुहोस्',
  link: 'अर्को फोनमा सार्नुहोस्: प्याक बनाउने वा खोल्ने',
  intro: 'यो फोनमा भएका किताब, अडियो र सेयर बजारको डाटा एउटै फाइलमा राखेर ब्लुटुथ, नियरबाइ सेयर वा अरू एपबाट अर्को फोनमा पठाउनुहोस्। इन्टरनेट चाहिँदैन।',
  make: 'प्याक बनाउनुहोस्',
  choose: 'प्याकमा के राख्ने',
  allFiles: 'साँचिएका सबै किताब र अडियो',
  market: 'सेयर बजारको डाटा (पछिल्लो र इतिहास)',
  readerData: 'मेरो डाटा (बुकमार्क, दराज, पोर्टफोलियो)',
  noFiles: 'कुनै किताब वा अडियो साँचिएको छैन।',
  makeButton: 'प्याक बनाएर पठाउनुहोस्',
  making: 'प्याक बन्दै…',
  cancel: 'रोक्नुहोस्',
  cancelled: 'रोकियो।',
  progress: (done: string, total: string) => `${done} / ${total}`,
  shared: (name: string, size: string) => `${name} (${size}) पठाइयो।`,
  downloaded: (name: string, size: string) => `${name} (${size}) डाउनलोडमा राखियो। फाइल एप वा ब्लुटुथबाट पठाउनुहोस्।`,
  makeFailed: (why: string) => `प्याक बनाउन सकिएन: ${why}`,
  open: 'प्याक खोल्नुहोस्',
  openIntro: 'अर्को फोनबाट आएको प्याक फाइल छान्नुहोस्। हरेक भाग जाँचेर मात्र राखिन्छ।',
  opening: 'प्याक खोलिँदै…',
  openButton: 'प्याक फाइल छान्नुहोस्',
  opened: (taken: string, all: string) => `${all} भागमध्ये ${taken} राखियो।`,
  refusedPack: (why: string) => `यो प्याक खोल्न सकिएन: ${why}`,
  keptBefore: 'यसअघि जाँचिएर राखिएका भाग रहन्छन्; फोनमा पहिलेदेखि भएको केही मेटिएन।',
  taken: 'राखियो',
  skip: { 'already-saved': 'यो फोनमा पहिल्यै छ', older: 'यो फोनमा भएको भन्दा पुरानो: छोडियो', 'not-taken': 'यो संस्करणले अहिले लिँदैन' } satisfies Record<
    SkipWhy,
    string
  >,
  problem: {
    'not-a-pack': 'खोजको प्याक होइन',
    compressed: 'कम्प्रेस गरिएको फाइल: प्याक कम्प्रेस नगरिएको फाइल हुन्छ',
    'bad-manifest': 'प्याकको सूची बिग्रिएको छ',
    'newer-version': 'नयाँ संस्करणको प्याक: एप अद्यावधिक गर्नुहोस्',
    'too-large': 'सीमाभन्दा ठूलो',
    'too-many': 'धेरै भाग',
    'bad-name': 'नमिल्ने नाम',
    mismatch: 'सूचीसँग मिलेन',
    truncated: 'फाइल अधुरो छ',
    digest: 'बिग्रिएको वा बदलिएको (SHA-256 मिलेन)',
    'not-kind': 'भित्रको कुरा मिलेन',
    trailing: 'अन्तिम भागपछि अरू कुरा छ',
  } satisfies Record<PackProblem, string>,
};

type PackStrings = typeof ne;

const en: PackStrings = {
  title: 'Share to another phone',
  link: 'Share to another phone: make or open a pack',
  intro: 'Put the books, audio and market data this phone keeps in one file and send it by Bluetooth, Nearby Share or any file app. No internet needed.',
  make: 'Make a pack',
  choose: 'What goes in the pack',
  allFiles: 'All saved books and audio',
  market: 'Share market data (latest and history)',
  readerData: 'My data (bookmarks, shelves, portfolio)',
  noFiles: 'No book or audio is saved.',
  makeButton: 'Make and send the pack',
  making: 'Making the pack…',
  cancel: 'Stop',
  cancelled: 'Stopped.',
  progress: (done, total) => `${done} of ${total}`,
  shared: (name, size) => `${name} (${size}) sent.`,
  downloaded: (name, size) => `${name} (${size}) is in your downloads. Send it with a file app or Bluetooth.`,
  makeFailed: (why) => `The pack could not be made: ${why}`,
  open: 'Open a pack',
  openIntro: 'Choose a pack (.tar) from another phone. Each part is checked before it is kept.',
  opening: 'Opening the pack…',
  openButton: 'Choose a pack file',
  opened: (taken, all) => `${taken} of ${all} parts kept.`,
  refusedPack: (why) => `This pack could not be opened: ${why}`,
  keptBefore: 'Parts checked and kept before that stay; nothing this phone already had was deleted.',
  taken: 'kept',
  skip: { 'already-saved': 'already on this phone', older: 'older than this phone’s: skipped', 'not-taken': 'not taken by this version yet' },
  problem: {
    'not-a-pack': 'not a Khoj pack',
    compressed: 'a compressed file: a pack is a plain .tar',
    'bad-manifest': 'the pack’s list is damaged',
    'newer-version': 'a pack from a newer version: update the app',
    'too-large': 'larger than the limit',
    'too-many': 'too many parts',
    'bad-name': 'a name that is not allowed',
    mismatch: 'does not match the list',
    truncated: 'the file is cut short',
    digest: 'damaged or altered (its SHA-256 does not match)',
    'not-kind': 'its contents are not what they should be',
    trailing: 'more after the last part',
  },
};

export const usePackStrings = () => useStrings({ ne, en });
