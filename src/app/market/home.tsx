// Market home: open or closed (the status file and the Nepal clock, never weekdays), the four
// indices with their change, the day's summary, and the rankings.

import { textLang } from '../../core/text-lang.ts';
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { formatLarge, formatNumber, marketState, NAIVE_ZONE, type SummaryKey, summaryValue, type TopStocks } from '../../core/market/index.ts';
import { bsFirstAsOf } from '../../core/market/dates.ts';
import { useLang } from '../i18n.ts';
import { Loading } from '../ui/status.tsx';
import { useMarketFile } from './api.ts';
import { useS } from './strings.ts';
import { Change, DataStatus, price, Problem, MarketCard, symbolHref } from './ui.tsx';
import { ScreenHeading } from '../ui/focus.tsx';
import { HOME_KINDS } from './screen-kinds.ts';

const SUMMARY: Array<{ key: SummaryKey; money: boolean }> = [
  { key: 'turnover', money: true },
  { key: 'tradedShares', money: false },
  { key: 'transactions', money: false },
  { key: 'tradedScrips', money: false },
  { key: 'marketCap', money: true },
  { key: 'floatMarketCap', money: true },
];

type Tab = 'gainers' | 'losers' | 'topTurnover' | 'topTrade' | 'topTransaction';
const TABS: Tab[] = ['gainers', 'losers', 'topTurnover', 'topTrade', 'topTransaction'];
const TOP = 10;

/** The contract's order: the main index, then Sensitive, Float and Sensitive Float. */
const indexRank = (name: string) => (/sensitive float/i.test(name) ? 3 : /float/i.test(name) ? 2 : /sensitive/i.test(name) ? 1 : 0);

export function Home() {
  const s = useS();
  const lang = useLang();
  const status = useMarketFile('status');
  const indices = useMarketFile('indices');
  const summary = useMarketFile('summary');
  const top = useMarketFile('topStocks');
  // All four at once (they come from the worker's store together): drawn as each arrived, the
  // sections below jumped down (layout shift 0.17–0.25 in Lighthouse).
  if ([status, indices, summary, top].some((f) => f.loading && !f.file)) return <Loading />;
  const st = status.file?.value;
  const state = st ? marketState(st, Date.now()) : undefined;
  const asOf = st ? bsFirstAsOf(st.lastChecked, NAIVE_ZONE['status.lastChecked']!, lang) : undefined;
  return (
    <div class="market-home">
      <header class="market-head">
        <ScreenHeading>{s.market}</ScreenHeading>
        {state ? (
          <span class={`phase ${state.phase}`} id="market-phase" title={s.phaseWhy[state.why]}>
            {state.phase === 'open' ? s.open : state.phase === 'closed' ? s.closed : s.unconfirmed}
          </span>
        ) : null}
      </header>
      <DataStatus metas={[status.file?.meta, indices.file?.meta, summary.file?.meta, top.file?.meta]} asOf={asOf} kinds={HOME_KINDS} />
      {status.error ? <Problem error={status.error} /> : null}
      {st ? (
        <p class="muted">
          {s.exchangeSays}: {st.isOpen ? s.statusOpen : s.statusClosed}
        </p>
      ) : null}

      <MarketCard title={s.indices} id="indices">
        {indices.error ? <Problem error={indices.error} /> : null}
        <ul class="indices">
          {[...(indices.file?.value ?? [])]
            .sort((a, b) => indexRank(a.index) - indexRank(b.index))
            .map((i) => (
              <li key={i.index}>
                <span class="index-name" lang={textLang(i.index)}>
                  {i.index}
                </span>
                <strong class="index-value">{price(i.currentValue ?? i.close, lang)}</strong>
                <Change value={i.change} percent={i.perChange} />
                {i.generatedTime ? <small class="muted">{bsFirstAsOf(i.generatedTime, NAIVE_ZONE['indices.generatedTime']!, lang)}</small> : null}
              </li>
            ))}
        </ul>
      </MarketCard>

      <MarketCard title={s.summary} id="summary">
        {summary.error ? <Problem error={summary.error} /> : null}
        {summary.file ? (
          <dl class="metrics">
            {SUMMARY.map(({ key, money }) => {
              const v = summaryValue(summary.file!.value, key);
              if (v === null) return null;
              return (
                <div key={key}>
                  <dt>{s[key]}</dt>
                  <dd>{money ? `${lang === 'ne' ? 'रु.' : 'Rs'} ${formatLarge(v, lang)}` : formatNumber(v, lang)}</dd>
                </div>
              );
            })}
          </dl>
        ) : null}
      </MarketCard>

      {top.error ? <Problem error={top.error} /> : top.file ? <TopLists top={top.file.value} /> : null}
    </div>
  );
}

function TopLists({ top }: { top: TopStocks }) {
  const s = useS();
  const lang = useLang();
  const [tab, setTab] = useState<Tab>('gainers');
  const rows: Array<{ symbol: string; value: string; extra?: ComponentChildren }> =
    tab === 'gainers' || tab === 'losers'
      ? (tab === 'gainers' ? top.topGainer : top.topLoser)
          .slice(0, TOP)
          .map((r) => ({ symbol: r.symbol, value: price(r.ltp, lang), extra: <Change value={r.pointChange} percent={r.percentageChange} /> }))
      : tab === 'topTurnover'
        ? top.topTurnover.slice(0, TOP).map((r) => ({ symbol: r.symbol, value: formatLarge(r.turnover, lang), extra: price(r.closingPrice, lang) }))
        : tab === 'topTrade'
          ? top.topTrade.slice(0, TOP).map((r) => ({ symbol: r.symbol, value: formatNumber(r.shareTraded, lang), extra: price(r.closingPrice, lang) }))
          : top.topTransaction
              .slice(0, TOP)
              .map((r) => ({ symbol: r.symbol, value: formatNumber(r.totalTrades, lang), extra: price(r.lastTradedPrice, lang) }));
  return (
    <section class="market-card" id="top-stocks">
      <div class="tabs" role="tablist">
        {TABS.map((t) => (
          <button key={t} type="button" role="tab" aria-selected={t === tab} onClick={() => setTab(t)}>
            {s[t]}
          </button>
        ))}
      </div>
      <ol class="top-list">
        {rows.map((r) => (
          <li key={r.symbol}>
            <a href={symbolHref(r.symbol)}>{r.symbol}</a>
            <span class="num">{r.value}</span>
            <span class="num">{r.extra}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
