// The page: the header (the section's own header parts, the navigation, the language), the
// banners, the screen of the section the route names, and what sections draw over every page.
// It loops over the sections (sections.ts) and names none.

import { useState } from 'preact/hooks';
import { type Lang, LangContext, savedLang, saveLang, STRINGS } from '../i18n.ts';
import { href, useRoute } from '../router.ts';
import { PAGE_SECTIONS, frameOf } from '../sections.ts';
import { Banners, SectionBanner } from './banners.tsx';
import { SkipLink } from '../ui/focus.tsx';
import { lazyComponent } from '../ui/lazy-component.tsx';

// Export and import of the reader's data: its own chunk, loaded when opened.
const DataScreen = lazyComponent(() => import('../data/data-screen.tsx').then((m) => m.DataScreen));
// What this phone keeps (sizes, deletes, the data saver): its own chunk too.
const StorageScreen = lazyComponent(() => import('../storage/storage-screen.tsx').then((m) => m.StorageScreen));
const PackScreen = lazyComponent(() => import('../packs/pack-screen.tsx').then((m) => m.PackScreen));

const NO_PATH = { path: [], params: new URLSearchParams() };

export function App() {
  const [lang, setLang] = useState<Lang>(savedLang);
  const route = useRoute(PAGE_SECTIONS);
  const t = STRINGS[lang];
  // The shell's own screens (the reader's data, the storage screen) sit in the home section's frame.
  const current = frameOf(route);
  const at = route.name === 'section' ? route : NO_PATH;
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
        {current.HeaderStart ? <current.HeaderStart path={at.path} params={at.params} /> : null}
        {/* The sections: in the header on wide screens, a bottom bar on phones. */}
        <nav class="sections-nav" aria-label={t.sections}>
          {PAGE_SECTIONS.map((s) => (
            <a key={s.id} href={s.routes === 'root' ? href.home() : href.section(s.id)} aria-current={current === s ? 'page' : undefined}>
              {s.strings[lang].name}
            </a>
          ))}
        </nav>
        <nav class="tools" aria-label={t.tools}>
          {current.Tools ? <current.Tools /> : null}
          <button type="button" onClick={toggle} lang={lang === 'ne' ? 'en' : 'ne'}>
            {t.language}
          </button>
        </nav>
      </header>
      <Banners section={current} />
      <main id="main" tabIndex={-1}>
        {route.name === 'data' ? (
          <DataScreen />
        ) : route.name === 'storage' ? (
          <StorageScreen />
        ) : route.name === 'packs' ? (
          <PackScreen />
        ) : (
          <current.Screens path={at.path} params={at.params} />
        )}
      </main>
      <SectionBanner section={current} />
      {PAGE_SECTIONS.map((s) => (s.Overlay ? <s.Overlay key={s.id} /> : null))}
    </LangContext.Provider>
  );
}
