// The dictionary's own tools in the app's header: a random word and the saved words (its search
// field: search.tsx SearchBox). The shell shows them while the reader is in the dictionary; the other sections bring
// their own search (the catalog's, the market's filter) on their screens.

import { useDictionaryT } from './strings.ts';
import { href } from './links.ts';
import { randomWord } from './random.ts';

export function DictionaryLinks() {
  const t = useDictionaryT();
  return (
    <>
      <button type="button" onClick={() => void randomWord().then((w) => (location.hash = href.word(w)))}>
        {t.random}
      </button>
      <a href={href.saved()}>{t.bookmarks}</a>
    </>
  );
}
