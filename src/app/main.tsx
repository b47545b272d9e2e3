import { render } from 'preact';
import { startPwa } from './pwa.ts';
import { startInstallOffer } from './client/install.ts';
import { App } from './shell/app.tsx';
import { savedLang } from './i18n.ts';
import { PAGE_SECTIONS } from './sections.ts';
import './fonts.css';
import './style.css';

// First: the browser's install prompt event fires early, once.
startInstallOffer();
document.documentElement.lang = savedLang();
render(<App />, document.getElementById('app')!);
startPwa(PAGE_SECTIONS);
