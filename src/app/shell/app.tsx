import { useState } from 'preact/hooks';
import { LettersGrid } from '../dictionary/letters.tsx';
import { WordPage } from '../dictionary/entry.tsx';
import { SavedPage } from '../dictionary/saved.tsx';
import { SearchPage } from '../dictionary/search.tsx';
import { DictionaryLinks, DictionarySearch } from '../dictionary/tools.tsx';
import { LetterWords } from '../dictionary/words.tsx';
import { type Lang, LangContext, savedLang, saveLang, STRINGS } from '../i18n.ts';
import { href, useRoute } from '../router.ts';
import { BooksSection } from '../books/section.tsx';
import { MarketSection } from '../market/section.tsx';
import { Banners } from './banners.tsx';
import { SkipLink } from '../ui/focus.tsx';

export function App() {
  const [lang, setLang] = useState<Lang>(savedLang);
  const route = useRoute();
  const t = STRINGS[lang];
  const section = route.name === 'section' ? route.section : 'dictionary';
  const toggle = () => {
    const next = lang === 'ne' ? 'en' : 'ne';
    saveLang(next);
    document.documentElement.lang = next;
    setLang(next);
  };
  return (
    <LangContext.Provider value={lang}>
      <SkipLink />
      <header class="top">
        <a href={href.home()} class="brand" aria-label={t.appName}>
          खोज
        </a>
        {section === 'dictionary' ? <DictionarySearch initial={route.name === 'search' ? route.q : ''} /> : null}
        <nav>
          <a href={href.home()}>{t.dictionary}</a>
          <a href={href.section('books')}>{t.books}</a>
          <a href={href.section('market')}>{t.market}</a>
          {section === 'dictionary' ? <DictionaryLinks /> : null}
          <button type="button" onClick={toggle} lang={lang === 'ne' ? 'en' : 'ne'}>
            {t.language}
          </button>
        </nav>
      </header>
      <Banners section={section} />
      <main id="main" tabIndex={-1}>
        {route.name === 'letter' ? (
          <LetterWords letter={route.letter} />
        ) : route.name === 'word' ? (
          <WordPage word={route.word} />
        ) : route.name === 'search' ? (
          <SearchPage q={route.q} meanings={route.meanings} />
        ) : route.name === 'saved' ? (
          <SavedPage />
        ) : route.name === 'section' && route.section === 'books' ? (
          <BooksSection path={route.path} params={route.params} />
        ) : route.name === 'section' && route.section === 'market' ? (
          <MarketSection path={route.path} params={route.params} />
        ) : (
          <LettersGrid />
        )}
      </main>
    </LangContext.Provider>
  );
}
