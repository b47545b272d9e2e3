// The dictionary's screens, by path (links.ts reads it): the letters on the home screen, a
// letter's words, a word, a search, the saved words; and its parts of the header and its banner.
// A chunk of its own (dictionary-page.tsx): the start-up bundle, which every section's first
// visit evaluates, does not carry them; on its routes the first render waits for it (main.tsx).

import type { ScreenProps } from '../ui/lazy-screens.tsx';
import { WordPage } from './entry.tsx';
import { LettersGrid } from './letters.tsx';
import { dictionaryRoute } from './links.ts';
import { SavedPage } from './saved.tsx';
import { SearchPage } from './search.tsx';
import { SearchBox } from './search.tsx';
import { LetterWords } from './words.tsx';

export function DictionaryScreens({ path, params }: ScreenProps) {
  const route = dictionaryRoute(path, params);
  switch (route.name) {
    case 'letter':
      return <LetterWords letter={route.letter} />;
    case 'word':
      return <WordPage word={route.word} />;
    case 'search':
      return <SearchPage q={route.q} meanings={route.meanings} mode={route.mode} />;
    case 'saved':
      return <SavedPage />;
    default:
      return <LettersGrid />;
  }
}

/** The header's search field, filled with the search on screen. */
export function HeaderSearch({ path, params }: ScreenProps) {
  const route = dictionaryRoute(path, params);
  return <SearchBox initial={route.name === 'search' ? route.q : ''} />;
}

export { DictionaryLinks } from './tools.tsx';
export { AskWhole } from './ask-whole.tsx';
