// The sections without their screens, one line each in the navigation's order (sections.ts lists
// the same with their screens), and what the build makes of them: the web manifest's shortcuts.
// The build runs in Node, where no screen can load; the cards are words and routes only.

import { BOOKS_CARD } from './books/section-strings.ts';
import { DICTIONARY_CARD } from './dictionary/section-strings.ts';
import { MARKET_CARD } from './market/section-strings.ts';
import type { SectionCard } from './page-section.ts';

export const SECTION_CARDS: readonly SectionCard[] = [DICTIONARY_CARD, BOOKS_CARD, MARKET_CARD];

/** Where a section's home is, from the app's start URL. */
export const homeUrl = (card: SectionCard): string => (card.routes === 'root' ? './#/' : `./#/${card.id}`);

/** The manifest's shortcuts: each section's home, named in both languages (Nepali first), with its icon (src/vite/app-icons.ts). */
export function manifestShortcuts(cards: readonly SectionCard[]) {
  return cards.map((c) => ({
    name: `${c.strings.ne.name} · ${c.strings.en.name}`,
    short_name: c.strings.ne.name,
    url: homeUrl(c),
    icons: [{ src: `icons/shortcut-${c.id}.png`, sizes: '96x96', type: 'image/png' }],
  }));
}
