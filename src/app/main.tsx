import { render } from 'preact';
import { startPwa } from './pwa.ts';
import { startInstallOffer } from './client/install.ts';
import { App } from './shell/app.tsx';
import { savedLang } from './i18n.ts';
import { PAGE_SECTIONS } from './sections.ts';
import { devanagariReady } from './ui/font-ready.ts';
import './fonts.css';
import './style.css';

// First: the browser's install prompt event fires early, once.
startInstallOffer();
document.documentElement.lang = savedLang();
// Drawn once the Devanagari font is ready (ui/font-ready.ts): one layout, in the real letters.
void devanagariReady().then(() => {
  render(<App />, document.getElementById('app')!);
  startPwa(PAGE_SECTIONS);
});
