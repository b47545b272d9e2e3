// Which market screen a path opens and the files each draws from: a table apart from the screens,
// so that the start-up bundle and the market's frame can name a screen without loading it.

import type { FileKind } from '../../core/market/endpoints.ts';
import type { Screen } from './ui.tsx';

export const HOME_KINDS: FileKind[] = ['status', 'indices', 'summary', 'topStocks'];
export const PRICE_KINDS: FileKind[] = ['stocks', 'status'];
export const SYMBOL_KINDS: FileKind[] = ['stocks', 'ltpManifest', 'ltpMonth'];

/** The files each screen shows (the worker refreshes them first: triggers.ts). */
export const SCREEN_KINDS: Record<Screen, FileKind[]> = {
  home: HOME_KINDS,
  prices: PRICE_KINDS,
  history: ['sectorIndices'],
  watchlist: PRICE_KINDS,
  alerts: [],
  portfolio: ['stocks'],
  symbol: SYMBOL_KINDS,
  news: ['notices', 'disclosures', 'messages'],
  ipo: ['ipoUpcoming', 'ipoOld'],
  dividends: ['dividendHistory'],
  brokers: ['brokers'],
  settings: ['status'],
};

const SCREENS = new Set<string>(['prices', 'history', 'watchlist', 'alerts', 'portfolio', 'news', 'ipo', 'dividends', 'brokers', 'settings', 'symbol']);

/** The screen `#/market/<first>/<second>` opens (a symbol needs its name; anything else is the home). */
export const screenOf = (first: string, second: string | undefined): Screen =>
  SCREENS.has(first) && (first !== 'symbol' || second) ? (first as Screen) : 'home';

/** The screen a location's hash opens, or undefined outside the market. */
export function screenOfHash(hash: string): Screen | undefined {
  const m = /^#\/market(?:\/([^/?]*))?(?:\/([^/?]*))?/.exec(hash);
  return m ? screenOf(m[1] ?? '', m[2] || undefined) : undefined;
}
