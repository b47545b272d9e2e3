import { render } from 'preact';
import { startPwa } from './pwa.ts';
import { App } from './shell/app.tsx';
import { savedLang } from './i18n.ts';
import './fonts.css';
import './style.css';

document.documentElement.lang = savedLang();
render(<App />, document.getElementById('app')!);
startPwa();
