// When to offer installing the app, and how: a pure decision from what the page knows (the
// browser's own prompt, captured from `beforeinstallprompt`; the platform; the reader's visits
// and saves; an earlier answer). src/app/client/install.ts gathers these; src/app/shell/install-notice.tsx shows it.

export interface InstallFacts {
  /** the browser handed us its install prompt (Chromium's `beforeinstallprompt`) */
  canPrompt: boolean;
  /** a browser that installs only through its own menu and never fires the event (iOS and iPadOS Safari) */
  menuOnly: boolean;
  /** already running as an installed app (display-mode standalone) */
  installed: boolean;
  /** the reader's visits so far, this one included */
  visits: number;
  /** the reader has saved something: a word, a PDF, the dictionary */
  saved: boolean;
  /** an earlier answer: never ask again */
  answered: boolean;
}

/** What to show: the browser's prompt behind a button, the menu's steps in words, or nothing. */
export type InstallOffer = 'prompt' | 'explain' | null;

/** A good moment is a second visit or a first save: the reader has shown they will come back. */
export function installOffer(f: InstallFacts): InstallOffer {
  if (f.installed || f.answered) return null;
  if (f.visits < 2 && !f.saved) return null;
  if (f.canPrompt) return 'prompt';
  return f.menuOnly ? 'explain' : null;
}

/** iOS and iPadOS (which says it is a Mac, but has touch): only Safari's Share menu adds to the Home Screen. */
export const isMenuOnly = (userAgent: string, platform: string, maxTouchPoints: number): boolean =>
  /iPhone|iPad|iPod/.test(userAgent) || (platform === 'MacIntel' && maxTouchPoints > 1);
