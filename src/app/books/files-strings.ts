// Interface text of a record's files, the audio player and My downloads' kinds, in Nepali and
// English (beside strings.ts, which holds the rest of the section's).

import { useStrings } from '../i18n.ts';
import type { FileKind } from '../../core/books/files.ts';

const ne = {
  files: 'फाइलहरू',
  filesCount: (n: string) => `${n} फाइल`,
  kinds: { pdf: 'PDF', epub: 'EPUB', audio: 'अडियो', archive: 'सङ्कुचित फाइल', 'web-page': 'वेब पृष्ठ', other: 'फाइल' } as Record<FileKind, string>,
  readFile: 'पढ्नुहोस्',
  listen: 'सुन्नुहोस्',
  openLink: 'खोल्नुहोस्',
  saveFile: 'साँच्नुहोस्',
  sizeAsk: (size: string) => `डाटा बचत खुला छ: यो ${size} डाउनलोड हो। साँच्ने हो?`,
  sizeAskUnknown: 'डाटा बचत खुला छ: यसको आकार थाहा छैन। साँच्ने हो?',
  sizeYes: 'हो, साँच्नुहोस्',
  sizeNo: 'अहिले होइन',
  saveFileOf: (label: string) => `${label}: यो यन्त्रमा साँच्नुहोस्`,
  saveAll: 'सबै साँच्नुहोस्',
  saveAllAsk: (n: string, size: string, unknown: string) =>
    `${n} फाइल साँचिनेछ: जम्मा ${size}${unknown !== '०' && unknown !== '0' ? `, र ${unknown} फाइलको आकार थाहा छैन` : ''}। साँच्ने?`,
  saveAllYes: 'हो, सबै साँच्नुहोस्',
  allSaved: 'सबै फाइल साँचिएका छन्',
  sizeUnknown: 'आकार थाहा छैन',
  // Player
  player: 'अडियो',
  playlist: 'पाठहरू',
  prevTrack: 'अघिल्लो पाठ',
  nextTrack: 'अर्को पाठ',
  nowPlaying: (i: string, n: string) => `${n} मध्ये ${i}`,
  resumeAt: (t: string) => `${t} बाट सुरु`,
  savedCopy: 'यो यन्त्रमा साँचिएको प्रतिबाट',
  onlineCopy: 'इन्टरनेटबाट',
  gradewiseAudio: 'कक्षा अनुसार अडियो',
  gradewiseNone: 'अडियो सूची पाइएन',
  unitChapter: (u: string, n: string) => `${u} · ${n}`,
  // My downloads
  deleteAll: 'सबै मेट्नुहोस्',
  deleteAllAsk: 'साँचिएका सबै फाइल मेट्ने?',
  deleteAllYes: 'हो, सबै मेट्नुहोस्',
  persistent: 'यो एपको भण्डारण स्थायी छ: ब्राउजरले ठाउँ कम हुँदा यी फाइल आफैँ मेट्दैन।',
  keptLink: 'यो फोनमा के छ: भण्डारण र डाटा बचत',
  notPersistent: 'यो एपको भण्डारण स्थायी छैन: ठाउँ कम हुँदा ब्राउजरले यी फाइल मेट्न सक्छ।',
  savedFiles: (n: string, size: string) => `${n} फाइल, ${size}`,
  noneSaved: 'अहिलेसम्म कुनै फाइल साँचिएको छैन। पुस्तकको पृष्ठमा “साँच्नुहोस्” थिच्नुहोस्।',
};

type Strings = typeof ne;

/** The formats core/books/files.ts names by kind alone, in English: shown as the kind, in the reader's words. */
export const GENERIC_FORMATS = new Set(['Web page', 'Audio', 'Archive', 'File']);

const en: Strings = {
  files: 'Files',
  filesCount: (n) => `${n} file${n === '1' ? '' : 's'}`,
  kinds: { pdf: 'PDF', epub: 'EPUB', audio: 'Audio', archive: 'Archive', 'web-page': 'Web page', other: 'File' },
  readFile: 'Read',
  listen: 'Listen',
  openLink: 'Open',
  saveFile: 'Save',
  sizeAsk: (size) => `Data saver is on: this is a ${size} download. Save it?`,
  sizeAskUnknown: 'Data saver is on: its size is unknown. Save it?',
  sizeYes: 'Yes, save',
  sizeNo: 'Not now',
  saveFileOf: (label) => `Save ${label} for offline`,
  saveAll: 'Save all',
  saveAllAsk: (n, size, unknown) =>
    `This saves ${n} file${n === '1' ? '' : 's'}: ${size} in all${unknown !== '0' ? `, and ${unknown} of size unknown` : ''}. Save them?`,
  saveAllYes: 'Yes, save all',
  allSaved: 'Every file is saved',
  sizeUnknown: 'size unknown',
  player: 'Audio',
  playlist: 'Chapters',
  prevTrack: 'Previous chapter',
  nextTrack: 'Next chapter',
  nowPlaying: (i, n) => `${i} of ${n}`,
  resumeAt: (t) => `Resumes at ${t}`,
  savedCopy: 'From the copy saved on this device',
  onlineCopy: 'From the internet',
  gradewiseAudio: 'Audio by grade',
  gradewiseNone: 'No audio list found',
  unitChapter: (u, n) => `${u} · ${n}`,
  deleteAll: 'Delete all',
  deleteAllAsk: 'Delete every saved file?',
  deleteAllYes: 'Yes, delete all',
  persistent: 'This app’s storage is persistent: the browser will not clear these files when space runs low.',
  keptLink: 'What this phone keeps: storage and data saver',
  notPersistent: 'This app’s storage is not persistent: the browser may clear these files when space runs low.',
  savedFiles: (n, size) => `${n} file${n === '1' ? '' : 's'}, ${size}`,
  noneSaved: 'No files saved yet. On a book’s page, press “Save”.',
};

export const useFilesT = (): Strings => useStrings({ ne, en });

/** m:ss (or h:mm:ss) of a number of seconds. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60));
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${mm.padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
}
