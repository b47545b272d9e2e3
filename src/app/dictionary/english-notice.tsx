// The search screen's notice for an English word ("water"): the dictionary is Nepali–Nepali, and
// the query was read as romanised Nepali, shown as it was read (core/dictionary/search/
// transliterate.ts: "वतेर"). A chunk of its own, with its word list (english-words.ts).

import { transliterate } from '../../core/dictionary/search/transliterate.ts';
import { useLang } from '../i18n.ts';
import { isEnglishWord } from './english-words.ts';

const STRINGS = {
  ne: (q: string, read: string) => `“${q}” अङ्ग्रेजी शब्द जस्तो छ। यो नेपाली–नेपाली शब्दकोश हो: अङ्ग्रेजी अर्थ यहाँ छैन। “${q}” लाई रोमन नेपाली मानेर “${read}” खोजियो।`,
  en: (q: string, read: string) =>
    `“${q}” looks like an English word. This is a Nepali–Nepali dictionary: it has no English meanings. “${q}” was read as romanised Nepali and searched as “${read}”.`,
};

export default function EnglishNotice({ q }: { q: string }) {
  const lang = useLang();
  const word = q.trim();
  if (!isEnglishWord(word)) return null;
  return (
    <p role="status" class="alert english-notice" id="english-notice">
      {STRINGS[lang](word, transliterate(word))}
    </p>
  );
}
