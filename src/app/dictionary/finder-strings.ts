// The words of the dictionary's finding tools (pattern search, word of the day, the English-word
// notice, tap to look up, suggest a correction), in both interface languages. Kept beside them,
// not in i18n.ts, so the start-up bundle carries only the few the search screen always shows.

import { type Lang, plural } from '../i18n.ts';

const NE = {
  modeLabel: 'कसरी खोज्ने',
  modes: { best: 'मिल्दो शब्द', starts: 'सुरुमा', ends: 'अन्त्यमा', contains: 'भित्र कतै' },
  patternHelp: '? = एउटा अक्षर, * = जति पनि अक्षर',
  patternFound: (n: string) => `${n} शब्द मिले`,
  patternFirst: (n: string) => `पहिला ${n} देखाइएका`,
  patternNone: 'यो ढाँचामा कुनै शब्द मिलेन',
};
const EN: typeof NE = {
  modeLabel: 'How to search',
  modes: { best: 'Best match', starts: 'Starts with', ends: 'Ends with', contains: 'Contains' },
  patternHelp: '? = one letter, * = any letters',
  patternFound: (n: string) => `${n} ${plural(n, 'word matches', 'words match')}`,
  patternFirst: (n: string) => `the first ${n} shown`,
  patternNone: 'No word fits this pattern',
};

export const finderStrings = (lang: Lang) => (lang === 'ne' ? NE : EN);
