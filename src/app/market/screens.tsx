// The market section's frame, by path (`#/market/<screen>/…`): the navigation and the screen's
// own chunk (screen-views.tsx). Loaded on first visit to the market, so the dictionary's start-up
// carries none of it.

import { useEffect } from 'preact/hooks';
import { SCREEN_KINDS, screenOf } from './screen-kinds.ts';
import { viewOf } from './screen-views.tsx';
import { setScreenKinds, startTriggers } from './triggers.ts';
import { MarketNav } from './ui.tsx';

export function Market({ path, params }: { path: string[]; params: URLSearchParams }) {
  const [first = '', second] = path;
  const screen = screenOf(first, second);
  useEffect(() => startTriggers(), []);
  useEffect(() => setScreenKinds(SCREEN_KINDS[screen]), [screen]);
  const View = viewOf(screen);
  return (
    <div class="market" data-screen={screen}>
      <MarketNav active={screen} />
      <View second={second} params={params} />
    </div>
  );
}
