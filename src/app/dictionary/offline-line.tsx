// The dictionary's line in the offline banner: search over every word, and how many entries are on
// the device (the first and last word stored in its title); its name until the worker tells.

import { count } from '../../core/digits.ts';
import { useOfflineStatus } from '../client/offline.ts';
import { useLang } from '../i18n.ts';
import { placeholder } from '../shell/offline-placeholder.ts';
import { DICTIONARY_SHELL } from './section-strings.ts';

export function OfflineLine() {
  const lang = useLang();
  const status = useOfflineStatus();
  const d = status?.dictionary;
  const s = DICTIONARY_SHELL[lang];
  // Until the worker tells, the line is there with the section's name (placeholder.ts).
  if (!d?.letters) return status && !status.saving ? null : <li data-section="dictionary">{placeholder(s.name, lang)}</li>;
  return (
    <li data-section="dictionary" title={d.firstWord ? `${d.firstWord} – ${d.lastWord}` : undefined}>
      {d.search ? s.search(count(d.sampleWords, lang), count(d.entries, lang)) : s.noSearch}
    </li>
  );
}
