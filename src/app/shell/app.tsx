import { useState } from 'preact/hooks';
import { LettersGrid } from '../dictionary/letters.tsx';
import { WordPage } from '../dictionary/entry.tsx';
import { SavedPage } from '../dictionary/saved.tsx';
import { SearchPage } from '../dictionary/search.tsx';
import { DictionaryLinks, DictionarySearch } from '../dictionary/tools.tsx';
import { LetterWords } from '../dictionary/words.tsx';
import { type Lang, LangContext, savedLang, saveLang, STRINGS } from '../i18n.ts';
import { href, useRoute } from '../router.ts';
import { PAGE_SECTIONS } from '../sections.ts';
import { Banners } from './banners.tsx';
import { SkipLink } from '../ui/focus.tsx';
import { TapToLookUp } from '../dictionary/tap-lookup.tsx';
import { lazyComponent } from '../ui/lazy-component.tsx';

// Export and import of the reader's data: its own chunk, loaded when opened.
const DataScreen = lazyComponent(() => import('../data/data-screen.tsx').then((m) => m.DataScreen));

export function App() {
  const [lang, setLang] = useState<Lang>(savedLang);
  const route = useRoute();
  const t = STRINGS[lang];
  const section = route.name === 'section' ? route.section : 'dictionary';
  const own = PAGE_SECTIONS.find((s) => s.id === section);
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
        {/* The sections: in the header on wide screens, a bottom bar on phones. */}
        <nav class="sections-nav" aria-label={t.sections}>
          <a href={href.home()} aria-current={section === 'dictionary' ? 'page' : undefined}>
            {t.dictionary}
          </a>
          {PAGE_SECTIONS.map((s) => (
            <a key={s.id} href={href.section(s.id)} aria-current={section === s.id ? 'page' : undefined}>
              {s.name(t)}
            </a>
          ))}
        </nav>
        <nav class="tools" aria-label={t.tools}>
          {section === 'dictionary' ? <DictionaryLinks /> : null}
          <button type="button" onClick={toggle} lang={lang === 'ne' ? 'en' : 'ne'}>
            {t.language}
          </button>
        </nav>
      </header>
      <Banners section={section} notes={own ? own.notes(t) : t.notes.dictionary} />
      <main id="main" tabIndex={-1}>
        {route.name === 'letter' ? (
          <LetterWords letter={route.letter} />
        ) : route.name === 'word' ? (
          <WordPage word={route.word} />
        ) : route.name === 'search' ? (
          <SearchPage q={route.q} meanings={route.meanings} mode={route.mode} />
        ) : route.name === 'saved' ? (
          <SavedPage />
        ) : route.name === 'data' ? (
          <DataScreen />
        ) : own && route.name === 'section' ? (
          <own.Screens path={route.path} params={route.params} />
        ) : (
          <LettersGrid />
        )}
      </main>
      <TapToLookUp />
    </LangContext.Provider>
  );
}
