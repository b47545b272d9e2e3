// The market section's screens, by path (`#/market/<screen>/…`). Loaded on first visit to the
// market, so the dictionary's start-up carries none of it.

import { useEffect } from 'preact/hooks';
import type { FileKind } from '../../core/market/index.ts';
import { HOME_KINDS, Home } from './home.tsx';
import { Brokers, Dividends, Ipos } from './listings.tsx';
import { isNewsTab, News } from './news.tsx';
import { PRICE_KINDS, Prices } from './prices.tsx';
import { Settings } from './settings-screen.tsx';
import { SYMBOL_KINDS, SymbolPage } from './symbol.tsx';
import { setScreenKinds, startTriggers } from './triggers.ts';
import { MarketNav, type Screen } from './ui.tsx';
import { Watchlist } from './watchlist-screen.tsx';
import { Portfolio } from './portfolio.tsx';
import { IndexHistory } from './index-history.tsx';
import { AlertsScreen } from './alerts-screen.tsx';

const KINDS: Record<Screen, FileKind[]> = {
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

export function Market({ path, params }: { path: string[]; params: URLSearchParams }) {
  const [first = '', second] = path;
  const screen: Screen = SCREENS.has(first) && (first !== 'symbol' || second) ? (first as Screen) : 'home';
  useEffect(() => startTriggers(), []);
  useEffect(() => setScreenKinds(KINDS[screen]), [screen]);
  return (
    <div class="market" data-screen={screen}>
      <MarketNav active={screen} />
      {screen === 'prices' ? (
        <Prices params={params} />
      ) : screen === 'history' ? (
        <IndexHistory key={second ?? 'NEPSE'} code={second || 'NEPSE'} params={params} />
      ) : screen === 'symbol' ? (
        <SymbolPage key={second} symbol={second!} params={params} />
      ) : screen === 'watchlist' ? (
        <Watchlist />
      ) : screen === 'alerts' ? (
        <AlertsScreen />
      ) : screen === 'portfolio' ? (
        <Portfolio />
      ) : screen === 'news' ? (
        <News tab={isNewsTab(second) ? second : 'notices'} />
      ) : screen === 'ipo' ? (
        <Ipos />
      ) : screen === 'dividends' ? (
        <Dividends />
      ) : screen === 'brokers' ? (
        <Brokers />
      ) : screen === 'settings' ? (
        <Settings />
      ) : (
        <Home />
      )}
    </div>
  );
}
