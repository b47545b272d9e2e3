// The watchlist: the reader's symbols with their latest prices.

import { useLang } from '../i18n.ts';
import { Loading } from '../ui/status.tsx';
import { useMarketFile } from './api.ts';
import { PriceTable } from './prices.tsx';
import { PRICE_KINDS } from './screen-kinds.ts';
import { useS } from './strings.ts';
import { DataStatus, Problem } from './ui.tsx';
import { setWatched, useWatchlist } from './watchlist.ts';
import { heldSymbols, useHoldings } from './holding.tsx';
import { ScreenHeading } from '../ui/focus.tsx';
import { href } from '../router.ts';
import { useAS } from './alerts-strings.ts';

export function Watchlist() {
  const s = useS();
  const as = useAS();
  const lang = useLang();
  const watched = useWatchlist();
  const held = heldSymbols(useHoldings());
  // Holdings join the watchlist (after the watched symbols); only watched ones can be removed here.
  const list = watched && [...watched, ...held.filter((x) => !watched.includes(x))];
  const stocks = useMarketFile('stocks');
  if (stocks.error && !stocks.file) return <Problem error={stocks.error} />;
  if (!list || !stocks.file) return <Loading />;
  const bySymbol = new Map(stocks.file.value.map((r) => [r.symbol, r]));
  const rows = list.map((x) => bySymbol.get(x)).filter((r) => r !== undefined);
  return (
    <div class="market-watchlist">
      <ScreenHeading>{s.watchlist}</ScreenHeading>
      <DataStatus metas={[stocks.file.meta]} kinds={PRICE_KINDS} />
      <p>
        <a href={href.section('market', ['alerts'])} id="watchlist-alerts">
          {as.alertsTitle}
        </a>
      </p>
      {list.length === 0 ? (
        <p class="muted" id="watch-empty">
          {s.emptyWatch}
        </p>
      ) : (
        <>
          <PriceTable rows={rows} lang={lang} />
          <ul class="chips">
            {(watched ?? []).map((x) => (
              <li key={x}>
                <button type="button" class="unwatch" aria-label={`${s.remove} ${x}`} onClick={() => void setWatched(x, false)}>
                  {x} ×
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
