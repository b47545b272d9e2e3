// Each market screen as its own chunk: a first visit to one screen fetches and runs that screen's
// code, not all twelve (the screens were one 100 KB chunk with the HTML sanitiser, all on the
// critical path of every market route: issue 38). The start-up bundle names the loaders only.

import type { ComponentType } from 'preact';
import { lazyComponent } from '../ui/lazy-component.tsx';
import type { Screen } from './ui.tsx';

/** What a screen is drawn from: the path's second part (a symbol, an index, a tab) and the query. */
export interface ViewProps {
  second?: string | undefined;
  params: URLSearchParams;
}
type View = ComponentType<ViewProps>;

const LOADERS: Record<Screen, () => Promise<View>> = {
  home: () => import('./home.tsx').then((m) => () => <m.Home />),
  prices: () => import('./prices.tsx').then((m) => (p: ViewProps) => <m.Prices params={p.params} />),
  history: () =>
    import('./index-history.tsx').then((m) => (p: ViewProps) => <m.IndexHistory key={p.second ?? 'NEPSE'} code={p.second || 'NEPSE'} params={p.params} />),
  symbol: () => import('./symbol.tsx').then((m) => (p: ViewProps) => <m.SymbolPage key={p.second} symbol={p.second!} params={p.params} />),
  watchlist: () => import('./watchlist-screen.tsx').then((m) => () => <m.Watchlist />),
  alerts: () => import('./alerts-screen.tsx').then((m) => () => <m.AlertsScreen />),
  portfolio: () => import('./portfolio.tsx').then((m) => () => <m.Portfolio />),
  news: () => import('./news.tsx').then((m) => (p: ViewProps) => <m.News tab={m.isNewsTab(p.second) ? p.second : 'notices'} />),
  ipo: () => import('./listings.tsx').then((m) => () => <m.Ipos />),
  dividends: () => import('./listings.tsx').then((m) => () => <m.Dividends />),
  brokers: () => import('./listings.tsx').then((m) => () => <m.Brokers />),
  settings: () => import('./settings-screen.tsx').then((m) => () => <m.Settings />),
};

/** Starts loading a screen's chunk (beside the market's frame, on the route that opens it). */
export const preloadView = (screen: Screen): void => void LOADERS[screen]().catch(() => undefined);

const views = new Map<Screen, View>();
/** The screen's component: its chunk loaded on first draw, then kept. */
export function viewOf(screen: Screen): View {
  let v = views.get(screen);
  if (!v) views.set(screen, (v = lazyComponent(LOADERS[screen])));
  return v;
}
