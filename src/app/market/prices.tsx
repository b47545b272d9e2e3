// The live price table: every security, sortable by any column, filtered by sector and text;
// open-ended mutual funds are marked (their price is the NAV, their change against last week's).
// The sort and filters live in the URL (#/market/prices?sector=…&q=…&sort=…&dir=…).

import { textLang } from '../../core/text-lang.ts';
import { Component } from 'preact';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { bsFirstAsOf } from '../../core/market/dates.ts';
import { formatNumber, isOpenEndedFund, type Lang, NAIVE_ZONE, type StockRow } from '../../core/market/index.ts';
import { useLang } from '../i18n.ts';
import { SearchField } from '../ui/search-field.tsx';
import { href } from '../router.ts';
import { Loading } from '../ui/status.tsx';
import { useMarketFile } from './api.ts';
import { newestUpdate } from './select.ts';
import { useS } from './strings.ts';
import { filterRows, isSortKey, nextSort, rowWindow, SORT_KEYS, type SortDir, type SortKey, sectorIndex, sectorsOf, sortRows } from './table.ts';
import { DataStatus, Problem, symbolHref } from './ui.tsx';
import { ScreenHeading, scrollRegion, selectProps } from '../ui/focus.tsx';
import { PRICE_KINDS } from './screen-kinds.ts';

export function Prices({ params }: { params: URLSearchParams }) {
  const s = useS();
  const lang = useLang();
  const stocks = useMarketFile('stocks');
  const codes = useMarketFile('sectorCodes');
  const [q, setQ] = useState(params.get('q') ?? '');
  const [sector, setSector] = useState(params.get('sector') ?? '');
  const [sort, setSort] = useState<{ key: SortKey; dir: SortDir }>(() => {
    const key = params.get('sort');
    return isSortKey(key) ? { key, dir: params.get('dir') === 'asc' ? 'asc' : 'desc' } : { key: 'symbol', dir: 'asc' };
  });
  // Linkable without a hashchange on every keystroke (which would re-route).
  useEffect(() => {
    const t = setTimeout(() => {
      // Only while the table is still where the reader is (a link clicked meanwhile wins).
      if (/^#\/market\/prices(\?|$)/.test(location.hash))
        history.replaceState(null, '', href.section('market', ['prices'], { q, sector, sort: sort.key, dir: sort.dir }));
    }, 250);
    return () => clearTimeout(t);
  }, [q, sector, sort]);
  const rows = stocks.file?.value;
  const sectorOf = useMemo(() => sectorIndex(codes.file?.value), [codes.file?.value]);
  const sectors = useMemo(() => (rows ? sectorsOf(rows, sectorOf) : []), [rows, sectorOf]);
  const shown = useMemo(() => (rows ? sortRows(filterRows(rows, { q, sector }, sectorOf), sort.key, sort.dir) : []), [rows, q, sector, sectorOf, sort]);
  if (stocks.error && !rows) return <Problem error={stocks.error} />;
  if (!rows) return <Loading />;
  const updated = newestUpdate(rows);
  return (
    <div class="market-prices">
      <ScreenHeading>{s.prices}</ScreenHeading>
      <DataStatus metas={[stocks.file?.meta]} asOf={updated ? bsFirstAsOf(updated, NAIVE_ZONE['stocks.lastUpdated']!, lang) : undefined} kinds={PRICE_KINDS} />
      <div class="filters">
        <SearchField id="price-filter" value={q} placeholder={s.filter} aria-label={s.filter} onText={setQ} />
        <select id="sector-filter" value={sector} aria-label={s.sector} {...selectProps(setSector)}>
          <option value="">{s.allSectors}</option>
          {sectors.map((x) => (
            <option key={x} value={x} lang={textLang(x)}>
              {x}
            </option>
          ))}
        </select>
        <span class="muted" id="price-count">
          {s.shown(formatNumber(shown.length, lang), formatNumber(rows.length, lang))}
        </span>
      </div>
      <PriceTable rows={shown} sort={sort} onSort={(k) => setSort(nextSort(sort, k))} lang={lang} />
      <p class="muted fund-note">{s.fundNote}</p>
    </div>
  );
}

/** Row height in px (fixed in market.css): the table draws only the rows in view. */
const ROW_HEIGHT = 34;

/**
 * The price table. Sorting and filtering work on every row; only the rows in the viewport (and a
 * margin) are in the DOM, so a render or re-sort lays out ~50 rows, not 350 (measured: laying
 * out all 3,000 cells took 70–190 ms a frame on a 2-core machine).
 */
export function PriceTable({
  rows,
  sort,
  onSort,
  lang,
}: {
  rows: readonly StockRow[];
  sort?: { key: SortKey; dir: SortDir };
  onSort?: (k: SortKey) => void;
  lang: Lang;
}) {
  const s = useS();
  const body = useRef<HTMLTableSectionElement>(null);
  // The first drawing takes the rows a screen holds, without the margin either side: laying out
  // the first rows was the price screen's longest task (61 ms of CPU, 244 ms at 4×: bench/trace.ts,
  // issue 38); the margin comes with the first scroll.
  const [win, setWin] = useState(() => rowWindow(rows.length, 0, typeof innerHeight === 'number' ? innerHeight : 800, ROW_HEIGHT, 0));
  useLayoutEffect(() => {
    const update = (overscan?: number) => {
      const top = body.current?.getBoundingClientRect().top ?? 0;
      const next = rowWindow(rows.length, top, innerHeight, ROW_HEIGHT, overscan);
      setWin((w) => (w.first === next.first && w.last === next.last ? w : next));
    };
    // The rows in view alone until the reader scrolls (each scroll or resize draws the margin too).
    update(0);
    const onMove = () => update();
    addEventListener('scroll', onMove, { passive: true });
    addEventListener('resize', onMove);
    return () => {
      removeEventListener('scroll', onMove);
      removeEventListener('resize', onMove);
    };
  }, [rows.length]);
  const first = Math.min(win.first, rows.length);
  const last = Math.min(win.last, rows.length);
  return (
    <div class="table-wrap" {...scrollRegion(s.prices)}>
      <table id="price-table" class="prices" aria-rowcount={rows.length + 1} data-rows={rows.length}>
        <thead>
          <tr aria-rowindex={1}>
            {SORT_KEYS.map((k) => (
              <th
                key={k}
                scope="col"
                aria-sort={sort?.key === k ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}
                class={k === 'symbol' ? 'text' : 'num'}
              >
                {onSort ? (
                  <button type="button" data-sort={k} onClick={() => onSort(k)}>
                    {s[k]}
                    {sort?.key === k ? (sort.dir === 'asc' ? ' ▲' : ' ▼') : ''}
                  </button>
                ) : (
                  s[k]
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody ref={body}>
          {first > 0 ? (
            <tr class="spacer" aria-hidden="true" style={{ height: `${first * ROW_HEIGHT}px` }}>
              <td colSpan={SORT_KEYS.length} />
            </tr>
          ) : null}
          {rows.slice(first, last).map((r, i) => (
            <Row key={r.symbol} row={r} index={first + i + 2} lang={lang} fundTitle={s.fundTitle} fund={s.fund} />
          ))}
          {last < rows.length ? (
            <tr class="spacer" aria-hidden="true" style={{ height: `${(rows.length - last) * ROW_HEIGHT}px` }}>
              <td colSpan={SORT_KEYS.length} />
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}

const fmt = (n: number | null, lang: Lang, decimals?: number) => formatNumber(n, lang, decimals === undefined ? {} : { decimals });
const trend = (n: number | null) => (n === null || n === 0 ? 'flat' : n > 0 ? 'up' : 'down');

interface RowProps {
  row: StockRow;
  /** aria-rowindex: the row's place in the whole table (the header is 1) */
  index: number;
  lang: Lang;
  fund: string;
  fundTitle: string;
}

/** One row; re-rendered only when its data or the language changes (a re-sort only moves rows). */
class Row extends Component<RowProps> {
  override shouldComponentUpdate(next: RowProps): boolean {
    return next.row !== this.props.row || next.lang !== this.props.lang || next.index !== this.props.index;
  }
  override render({ row: r, index, lang, fund, fundTitle }: RowProps) {
    const t = trend(r.change);
    return (
      <tr data-symbol={r.symbol} aria-rowindex={index}>
        <th scope="row" class="text">
          <a href={symbolHref(r.symbol)} title={r.name} translate={false}>
            {r.symbol}
          </a>
          {isOpenEndedFund(r) ? (
            <abbr class="fund" title={fundTitle}>
              {fund}
            </abbr>
          ) : null}
        </th>
        <td class="num ltp">{fmt(r.ltp, lang, 2)}</td>
        <td class={`num chg ${t}`}>{formatNumber(r.change, lang, { decimals: 2, sign: true })}</td>
        <td class={`num chg ${t}`}>{formatNumber(r.percentChange, lang, { decimals: 2, sign: true })}</td>
        <td class="num">{fmt(r.high, lang, 2)}</td>
        <td class="num">{fmt(r.low, lang, 2)}</td>
        <td class="num">{fmt(r.volume, lang)}</td>
        <td class="num">{fmt(r.turnover, lang, 0)}</td>
        <td class="num">{fmt(r.trades, lang)}</td>
      </tr>
    );
  }
}
