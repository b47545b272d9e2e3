// A symbol's page: latest quote, its sector, a price-history chart drawn from ltp/monthly
// (1M, 3M, 1Y, all; 52-week high and low; volume), its dividends and disclosures, and the
// watchlist button.

import { textLang } from '../../core/text-lang.ts';
import { HoldingMetrics, useHoldings } from './holding.tsx';
import { digits } from '../../core/digits.ts';
import { useMemo, useState } from 'preact/hooks';
import {
  type DividendRecord,
  formatLarge,
  formatNumber,
  isOpenEndedFund,
  type Lang,
  type LtpMonth,
  NAIVE_ZONE,
  type PricePoint,
} from '../../core/market/index.ts';
import { useLang } from '../i18n.ts';
import { href } from '../router.ts';
import { Loading, NotFound } from '../ui/status.tsx';
import { monthPath, useMarketFile, useMarketFiles, useSymbolDividends } from './api.ts';
import { useAfterPaint } from './after-paint.ts';
import { fiftyTwoWeek, geometry, inRange, isRange, monthsFor, type Range, RANGES, rangeStart, seriesOf } from './chart.ts';
import { lazyComponent } from '../ui/lazy-component.tsx';
import { useNearView } from '../ui/near-view.ts';
import { useS } from './strings.ts';
import { aboutSymbol, dividendsOf, recordsOf } from './select.ts';
import { sectorIndex } from './table.ts';
import { actionsOf, adjustForActions, type CorporateAction } from '../../core/market/adjust.ts';
import { bsFirstAsOf, bsFirstDate, bsFirstPublished } from '../../core/market/dates.ts';
import { Change, DataStatus, price, Problem, MarketCard } from './ui.tsx';
import { setWatched, useWatchlist } from './watchlist.ts';
import { ScreenHeading, scrollRegion } from '../ui/focus.tsx';
import { FloorSheet, Intraday } from './symbol-today.tsx';
import { PriceAlertControl } from './alerts-screen.tsx';
import { SYMBOL_KINDS } from './screen-kinds.ts';

/** The reader's holding of this symbol, when there is one (from the portfolio on this device). */
function YourHolding({ symbol }: { symbol: string }) {
  const s = useS();
  const lang = useLang();
  const worked = useHoldings();
  const h = worked && !(worked instanceof Error) ? worked.holdings.get(symbol) : undefined;
  if (!h || h.quantity <= 0) return null;
  return (
    <MarketCard title={s.yourHolding} id="your-holding">
      <HoldingMetrics h={h} s={s} lang={lang} />
    </MarketCard>
  );
}

// The disclosures' HTML needs the sanitiser (news.tsx): loaded when there is one to show, below the fold.
const NewsItem = lazyComponent(() => import('./news.tsx').then((m) => m.NewsItem), null);

export function SymbolPage({ symbol, params }: { symbol: string; params: URLSearchParams }) {
  const s = useS();
  const lang = useLang();
  const stocks = useMarketFile('stocks');
  // The company and its last price come from the small quote file alone; everything else (the
  // securities list for the sector, the price months, dividends, disclosures: hundreds of KB) is
  // asked for once they are painted (after-paint.ts).
  // Once the price is on screen (its element timing), not only drawn: see first-paint.ts afterShown.
  const quoted = !!stocks.file?.value.some((r) => r.symbol === symbol);
  const later = useAfterPaint(!!stocks.file, quoted ? QUOTE_SHOWN : undefined);
  const codes = useMarketFile('sectorCodes', undefined, later);
  const securities = useMarketFile('securities', undefined, later);
  const watch = useWatchlist();
  const range: Range = isRange(params.get('range')) ? (params.get('range') as Range) : '3m';
  if (stocks.error && !stocks.file) return <Problem error={stocks.error} />;
  if (!stocks.file) return <Loading />;
  const row = stocks.file.value.find((r) => r.symbol === symbol);
  const security = securities.file?.value.find((x) => x.symbol === symbol);
  // A security with no quote row (not traded today) is known only from the securities list.
  if (!row && (!later || (securities.loading && !securities.file))) return <Loading />;
  if (!row && !security) return <NotFound what={symbol} why={s.unknownSymbol} />;
  const sector = sectorIndex(codes.file?.value, securities.file?.value).get(symbol);
  const on = watch?.includes(symbol) ?? false;
  return (
    <article class="market-symbol" data-symbol={symbol}>
      <header class="market-head">
        <ScreenHeading title={symbol}>
          {symbol}{' '}
          {row && isOpenEndedFund(row) ? (
            <abbr class="fund" title={s.fundTitle}>
              {s.fund}
            </abbr>
          ) : null}
        </ScreenHeading>
        <button type="button" id="watch-toggle" aria-pressed={on} disabled={watch === undefined} onClick={() => void setWatched(symbol, !on)}>
          {on ? s.unwatch : s.watch}
        </button>
      </header>
      <p class="company">
        <span lang={textLang(row?.name ?? security?.companyName ?? security?.securityName)}>
          {row?.name ?? security?.companyName ?? security?.securityName}
        </span>
        {/* A line of its own, kept from the first paint: the sector comes a moment later (securities) and moves nothing. */}
        <span class="sector-slot">
          {sector ? (
            <a href={href.section('market', ['prices'], { sector })} class="sector" lang={textLang(sector)}>
              {sector}
            </a>
          ) : null}
        </span>
      </p>
      <DataStatus
        metas={[stocks.file.meta]}
        asOf={row?.lastUpdated ? bsFirstAsOf(row.lastUpdated, NAIVE_ZONE['stocks.lastUpdated']!, lang) : undefined}
        kinds={SYMBOL_KINDS}
      />
      {row ? <Quote row={row} lang={lang} /> : null}
      <YourHolding symbol={symbol} />
      {row ? <PriceAlertControl symbol={symbol} ltp={row.ltp} /> : null}
      {row && isOpenEndedFund(row) ? <p class="muted">{s.fundNote}</p> : null}
      {later ? (
        <>
          <History symbol={symbol} range={range} />
          <Intraday symbol={symbol} />
          <FloorSheet symbol={symbol} />
          <BelowTheFold symbol={symbol} />
        </>
      ) : null}
    </article>
  );
}

/** The quote's Element Timing name: the large files wait until it is on screen. */
const QUOTE_SHOWN = 'symbol-quote';

function Quote({ row, lang }: { row: import('../../core/market/index.ts').StockRow; lang: Lang }) {
  const s = useS();
  const items: Array<[string, string]> = [
    [s.previousClose, price(row.previousClose, lang)],
    [s.high, price(row.high, lang)],
    [s.low, price(row.low, lang)],
    [s.volume, formatNumber(row.volume, lang)],
    [s.turnover, formatLarge(row.turnover, lang)],
    [s.trades, formatNumber(row.trades, lang)],
    [s.marketCap, formatLarge(row.marketCapNpr, lang)],
  ];
  return (
    <MarketCard title={s.quote} id="quote">
      <p class="quote-main" elementtiming={QUOTE_SHOWN}>
        <strong class="ltp" id="quote-ltp">
          {price(row.ltp, lang)}
        </strong>{' '}
        <Change value={row.change} percent={row.percentChange} />
      </p>
      <dl class="metrics">
        {items.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
    </MarketCard>
  );
}

function History({ symbol, range }: { symbol: string; range: Range }) {
  const s = useS();
  const lang = useLang();
  const manifest = useMarketFile('ltpManifest');
  const m = manifest.file?.value;
  const latest = m?.latestDate ?? m?.availableMonths.at(-1)?.concat('-31');
  // The chart needs only its range's months; the 52-week figures need a year (12 files: on a
  // phone's first screen they only slowed it down), fetched for the 1-year and all ranges, or when asked.
  const [askedYear, setAskedYear] = useState(false);
  const wantYear = askedYear || range === '1y' || range === 'all';
  const span: Range = range === 'all' ? 'all' : wantYear ? '1y' : range;
  const paths = useMemo(() => (m && latest ? monthsFor(span, m.availableMonths, latest).map(monthPath) : []), [m, latest, span]);
  const months = useMarketFiles('ltpMonth', paths);
  const all = useMemo(
    () =>
      months.file
        ? seriesOf(
            months.file.value.map((f) => f.value as LtpMonth),
            symbol,
          )
        : [],
    [months.file, symbol],
  );
  // Earlier prices adjusted for the bonus and right issues the dividend records give (core/market/adjust.ts).
  const dividends = useSymbolDividends(symbol);
  const actions = useMemo(() => (dividends.file ? actionsOf(recordsOf(dividends.file.value, symbol), symbol) : []), [dividends.file?.value, symbol]);
  const start = latest ? rangeStart(range, latest) : null;
  const adjusted = useMemo(() => adjustForActions(inRange(all, start), actions), [all, start, actions]);
  if (manifest.error) return <Problem error={manifest.error} />;
  const points = adjusted.points;
  const year = fiftyTwoWeek(all);
  return (
    <MarketCard title={s.chartTitle} id="history">
      <div class="tabs" role="group" aria-label={s.chartTitle}>
        {RANGES.map((r) => (
          <a key={r} class="tab" href={href.section('market', ['symbol', symbol], { range: r })} aria-current={r === range ? 'true' : undefined} data-range={r}>
            {s.range[r]}
          </a>
        ))}
      </div>
      {months.loading && !months.file ? (
        <Loading />
      ) : months.error ? (
        <Problem error={months.error} />
      ) : (
        <Chart symbol={symbol} points={points} lang={lang} adjusted={adjusted.applied} />
      )}
      {!wantYear ? (
        <button type="button" id="week52-show" onClick={() => setAskedYear(true)}>
          {s.week52High} / {s.week52Low}
        </button>
      ) : null}
      {year && wantYear ? (
        <dl class="metrics" id="week52">
          <div>
            <dt>{s.week52High}</dt>
            <dd>
              {price(year.high.ltp, lang)} <small class="muted">{bsFirstDate(year.high.date, lang)}</small>
            </dd>
          </div>
          <div>
            <dt>{s.week52Low}</dt>
            <dd>
              {price(year.low.ltp, lang)} <small class="muted">{bsFirstDate(year.low.date, lang)}</small>
            </dd>
          </div>
          <div>
            <dt class="muted">{s.closingPrices}</dt>
            <dd />
          </div>
        </dl>
      ) : null}
    </MarketCard>
  );
}

const W = 640;
const PRICE_H = 200;
const H = 260;

/** The chart: an SVG drawn from the points (no chart library). */
export function Chart({
  symbol,
  points,
  lang,
  adjusted = [],
}: {
  symbol: string;
  points: readonly PricePoint[];
  lang: Lang;
  adjusted?: readonly CorporateAction[];
}) {
  const s = useS();
  const g = useMemo(() => geometry(points, W, PRICE_H, H), [points]);
  if (!points.length) return <p class="muted">{s.noHistory}</p>;
  const first = points[0]!;
  const last = points.at(-1)!;
  const up = last.ltp >= first.ltp;
  return (
    <figure class="chart">
      <svg
        viewBox={`-4 -8 ${W + 8} ${H + 12}`}
        role="img"
        aria-label={s.chartLabel(symbol, bsFirstDate(first.date, lang), bsFirstDate(last.date, lang))}
        id="price-chart"
        data-points={points.length}
        data-first-price={first.ltp}
      >
        <path d={g.area} class={`area ${up ? 'up' : 'down'}`} />
        <path d={g.line} class={`line ${up ? 'up' : 'down'}`} fill="none" />
        <g class="bars">
          {g.bars.map((b, i) => (
            <rect key={i} x={b.x} y={b.y} width={b.w} height={b.h} />
          ))}
        </g>
      </svg>
      {/* Axis labels in HTML, at the text size of the page: inside the SVG they shrank with it (4–5 px on a phone). */}
      <span class="axis max">{price(g.max, lang)}</span>
      <span class="axis min">{price(g.min, lang)}</span>
      <p class="axis dates">
        <span>{bsFirstDate(first.date, lang)}</span>
        <span>{bsFirstDate(last.date, lang)}</span>
      </p>
      {adjusted.length ? (
        <p class="chart-note muted" id="chart-adjusted">
          {s.adjustedFor}{' '}
          {adjusted
            .map((a) =>
              a.kind === 'bonus'
                ? s.adjustedBonus(formatNumber(a.percent, lang), bsFirstDate(a.exDate, lang))
                : s.adjustedRight(formatNumber(a.ratio * 100, lang), price(a.issuePrice, lang), bsFirstDate(a.exDate, lang)),
            )
            .join('; ')}
        </p>
      ) : null}
    </figure>
  );
}

/** The dividends and disclosures, drawn when the reader scrolls near them (ui/near-view.ts): the disclosures are asked for only then (the chart has read the dividends already). */
function BelowTheFold({ symbol }: { symbol: string }) {
  const [mark, near] = useNearView<HTMLDivElement>();
  return near ? (
    <>
      <Dividends symbol={symbol} />
      <Disclosures symbol={symbol} />
    </>
  ) : (
    <div ref={mark} class="near-mark" />
  );
}

function Dividends({ symbol }: { symbol: string }) {
  const s = useS();
  const lang = useLang();
  const d = useSymbolDividends(symbol);
  const rows = useMemo(() => (d.file ? dividendsOf(d.file.value, symbol) : []), [d.file?.value, symbol]);
  if (!rows.length) return null;
  return (
    <MarketCard title={s.dividends} id="symbol-dividends">
      <DividendTable rows={rows} lang={lang} withSymbol={false} />
    </MarketCard>
  );
}

export function DividendTable({ rows, lang, withSymbol }: { rows: readonly DividendRecord[]; lang: Lang; withSymbol: boolean }) {
  const s = useS();
  const pct = (t: string | null) => (t === null || t === '' ? '—' : Number.isFinite(Number(t)) ? formatNumber(Number(t), lang, { decimals: 2 }) : t);
  return (
    <div class="table-wrap" {...scrollRegion(s.dividends)}>
      <table class="plain dividends">
        <thead>
          <tr>
            {withSymbol ? <th scope="col">{s.symbol}</th> : null}
            <th scope="col">{s.fiscalYear}</th>
            <th scope="col" class="num">
              {s.bonus}
            </th>
            <th scope="col" class="num">
              {s.cash}
            </th>
            <th scope="col" class="num">
              {s.total}
            </th>
            <th scope="col">{s.bookClose}</th>
            <th scope="col">{s.announced}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i}>
              {withSymbol ? (
                <th scope="row">
                  <a href={href.section('market', ['symbol', r.symbol])}>{r.symbol}</a>
                </th>
              ) : null}
              <td>{r.fiscalYear ? digits(r.fiscalYear, lang) : '—'}</td>
              <td class="num">{pct(r.bonus)}</td>
              <td class="num">{pct(r.cash)}</td>
              <td class="num">{pct(r.total)}</td>
              <td>{r.bookcloseDate ? bsFirstDate(r.bookcloseDate, lang) : '—'}</td>
              <td>{r.announcementDate ? bsFirstPublished(r.announcementDate, 'nepal', lang) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Disclosures({ symbol }: { symbol: string }) {
  const s = useS();
  const disclosures = useMarketFile('disclosures');
  const messages = useMarketFile('messages');
  const own = (disclosures.file?.value ?? []).filter((d) => aboutSymbol(d, symbol)).slice(0, 20);
  const msgs = (messages.file?.value ?? []).filter((m) => m.symbol === symbol).slice(0, 20);
  if (!own.length && !msgs.length) return null;
  return (
    <MarketCard title={s.disclosures} id="symbol-disclosures">
      <ul class="news">
        {own.map((d) => (
          <NewsItem key={`d${d.id}`} title={d.title} body={d.body} when={d.publishedAt} zone="nepal" links={d.documents.map((x) => x.fileUrl)} />
        ))}
        {msgs.map((m) => (
          <NewsItem key={`m${m.id}`} title={m.title} body={m.body} when={m.publishedAt} zone="nepal" links={[m.fileUrl]} />
        ))}
      </ul>
    </MarketCard>
  );
}
