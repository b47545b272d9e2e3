import { render } from 'preact';
import { startPwa } from './pwa.ts';
import { startInstallOffer } from './client/install.ts';
import { App } from './shell/app.tsx';
import { savedLang } from './i18n.ts';
import { PAGE_SECTIONS } from './sections.ts';
import { devanagariReady } from './ui/font-ready.ts';
import { preloadScreens } from './ui/lazy-screens.tsx';
import { parseRoute } from './router.ts';
import './fonts.css';
import './style.css';

// First: the browser's install prompt event fires early, once.
startInstallOffer();
document.documentElement.lang = savedLang();
// The opening route's screens (a lazy chunk, and the files it draws first) asked for now, before
// the first render: they waited for it and its effects, one more link in a first visit's chain.
{
  const route = parseRoute(location.hash, PAGE_SECTIONS);
  const section = route.name === 'section' ? PAGE_SECTIONS.find((s) => s.id === route.section) : undefined;
  if (section) preloadScreens(section.Screens);
}
// Drawn once the Devanagari font is ready (ui/font-ready.ts): one layout, in the real letters.
void devanagariReady().then(() => {
  render(<App />, document.getElementById('app')!);
  startPwa(PAGE_SECTIONS);
});
