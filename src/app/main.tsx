import { render } from 'preact';
import { startPwa } from './pwa.ts';
import { startInstallOffer } from './client/install.ts';
import { App } from './shell/app.tsx';
import { savedLang } from './i18n.ts';
import { frameOf, PAGE_SECTIONS } from './sections.ts';
import { devanagariReady } from './ui/font-ready.ts';
import { preloadScreens } from './ui/lazy-screens.tsx';
import { parseRoute } from './router.ts';
import './fonts.css';
import './style.css';

// The start in two tasks, not one: the start-up bundle's evaluation, then the opening route's
// chunks asked for and the first render. Lighthouse counts each task's time over 50 ms at a
// phone's CPU (4× ours) after the first paint, which the HTML's header makes before any script:
// as one, they were a task of 107–136 ms there on every market route (issue 38).
const nextTask = () => new Promise<void>((next) => setTimeout(next, 0));

// First: the browser's install prompt event fires early, once.
startInstallOffer();
document.documentElement.lang = savedLang();
const route = parseRoute(location.hash, PAGE_SECTIONS);
const opening = frameOf(route);
void nextTask()
  .then(() => {
    // The opening route's screens (a lazy chunk, and the files it draws first; vite's preload
    // helper adds a link for each chunk it needs) asked for before the first render: they waited
    // for it and its effects, one more link in a first visit's chain.
    if (route.name === 'section') void preloadScreens(opening.Screens);
    // Its parts of the header are waited for (the dictionary's search field and tools, in its
    // chunk): drawn later, they would move the header.
    const header = Promise.all([preloadScreens(opening.HeaderStart), preloadScreens(opening.Tools)]);
    // Drawn once the Devanagari font is ready (ui/font-ready.ts): one layout, in the real letters.
    return Promise.all([devanagariReady(), header]);
  })
  .then(() => {
    render(<App />, document.getElementById('app')!);
    startPwa(PAGE_SECTIONS);
  });
