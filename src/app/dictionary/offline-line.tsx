// The dictionary's line in the offline banner: search over every word, and how many entries are on
// the device (the first and last word stored in its title).

import { count } from '../../core/digits.ts';
import { useOfflineStatus } from '../client/offline.ts';
import { useLang } from '../i18n.ts';
import { DICTIONARY_SHELL } from './section-strings.ts';

export function OfflineLine() {
  const lang = useLang();
  const d = useOfflineStatus()?.dictionary;
  if (!d?.letters) return null;
  const s = DICTIONARY_SHELL[lang];
  return (
    <li data-section="dictionary" title={d.firstWord ? `${d.firstWord} – ${d.lastWord}` : undefined}>
      {d.search ? s.search(count(d.sampleWords, lang), count(d.entries, lang)) : s.noSearch}
    </li>
  );
}
