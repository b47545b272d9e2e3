// The install offer's facts (core/install-offer.ts): the browser's prompt, caught from
// `beforeinstallprompt` as soon as the page starts (it fires once, early); the reader's visits
// (one a tab session) and first save, and their answer, remembered in localStorage.

import { type InstallFacts, installOffer, isMenuOnly } from '../../core/install-offer.ts';
import { createStore, useStore } from './store.ts';

/** Chromium's event (not in TypeScript's DOM types). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const VISITS = 'khoj.visits';
const SAVED = 'khoj.saved-something';
const ANSWER = 'khoj.install';

const read = (key: string): string | null => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};
const write = (key: string, value: string): void => {
  try {
    localStorage.setItem(key, value);
  } catch {
    // storage refused (private mode): the offer simply comes again
  }
};

let deferred: BeforeInstallPromptEvent | undefined;
const facts = createStore<InstallFacts>({ canPrompt: false, menuOnly: false, installed: false, visits: 0, saved: false, answered: false });
const set = (patch: Partial<InstallFacts>) => facts.set((f) => ({ ...f, ...patch }));

export function startInstallOffer(): void {
  addEventListener('beforeinstallprompt', (e) => {
    // Ours to show at a good moment, not the browser's mini-bar now.
    e.preventDefault();
    deferred = e as BeforeInstallPromptEvent;
    set({ canPrompt: true });
  });
  addEventListener('appinstalled', () => answer('installed'));
  let visits = Number(read(VISITS)) || 0;
  try {
    if (!sessionStorage.getItem(VISITS)) {
      sessionStorage.setItem(VISITS, '1');
      write(VISITS, String(++visits));
    }
  } catch {
    visits++;
  }
  set({
    visits,
    saved: read(SAVED) === '1',
    answered: read(ANSWER) !== null,
    installed: isInstalled(),
    menuOnly: isMenuOnly(navigator.userAgent, navigator.platform, navigator.maxTouchPoints),
  });
}

/** The app runs installed (from the home screen, in its own window), not in a browser tab. */
export const isInstalled = (): boolean =>
  matchMedia('(display-mode: standalone)').matches ||
  matchMedia('(display-mode: fullscreen)').matches ||
  (navigator as { standalone?: boolean }).standalone === true;

/** Something was saved (a bookmark, a word, a PDF, the dictionary): a good moment to offer. */
export function noteSaved(): void {
  if (read(SAVED) === '1') return;
  write(SAVED, '1');
  set({ saved: true });
}

/** The reader's answer, never asked again: installed, or not now. */
export function answer(value: 'installed' | 'no'): void {
  write(ANSWER, value);
  set({ answered: true });
}

/** Shows the browser's own prompt; its answer is the reader's. */
export async function promptInstall(): Promise<void> {
  const e = deferred;
  if (!e) return;
  deferred = undefined;
  set({ canPrompt: false });
  await e.prompt();
  const choice = await e.userChoice;
  answer(choice.outcome === 'accepted' ? 'installed' : 'no');
}

export const useInstallOffer = () => installOffer(useStore(facts));
