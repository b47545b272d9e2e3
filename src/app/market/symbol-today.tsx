// A symbol's day on its page: the intraday chart of the latest trading day (ltp/daily, the day
// the price manifest names last) and, when asked (a day's sheet is megabytes upstream), the
// latest floor sheet: its trades and the top buying and selling brokers, named from the lookups.

import { useMemo, useState } from 'preact/hooks';
import { count } from '../../core/digits.ts';
import {
  brokerNames,
  type BrokerTotal,
  FLOOR_BROKERS_PATH,
  FLOOR_MANIFEST_PATH,
  FLOOR_STOCKS_PATH,
  floorDayPath,
  latestFloorDay,
  readFloorDay,
  stockIdOf,
  topBrokers,
} from '../../core/market/floor-sheet.ts';
import { formatRupees, type Lang } from '../../core/market/format.ts';
import { intradayPoints, latestLtpDay, ltpDayPath, readLtpDay } from '../../core/market/intraday.ts';
import { useLang } from '../i18n.ts';
import { scrollRegion } from '../ui/focus.tsx';
import { Loading } from '../ui/status.tsx';
import { useJson } from './history-api.ts';
import { bsFirstDate as bsFirst } from '../../core/market/dates.ts';
import { useHS } from './history-strings.ts';
import { LineChart } from './line-chart.tsx';
import { price, Problem, MarketCard } from './ui.tsx';
import { digits } from '../../core/digits.ts';

const asIs = (v: unknown) => v;
const LIMIT = 100;

export function Intraday({ symbol }: { symbol: string }) {
  const h = useHS();
  const lang = useLang();
  const day = useJson('ltp/manifest.json', latestLtpDay);
  const file = useJson(day.value ? ltpDayPath(day.value) : null, readLtpDay);
  const points = useMemo(() => (file.value ? intradayPoints(file.value, symbol) : []), [file.value, symbol]);
  const values = useMemo(() => points.map((p) => p.ltp), [points]);
  const err = day.error ?? file.error;
  return (
    <MarketCard title={h.intradayTitle} id="intraday">
      {err || day.value === null ? (
        <p class="muted" id="intraday-none">
          {h.noIntraday}
        </p>
      ) : !file.value ? (
        <Loading />
      ) : !points.length ? (
        <p class="muted" id="intraday-empty">
          {h.noIntraday}
        </p>
      ) : (
        <>
          <LineChart
            id="intraday-chart"
            values={values}
            from={digits(points[0]!.time, lang)}
            to={digits(points.at(-1)!.time, lang)}
            label={h.intradayOf(symbol, bsFirst(file.value.date, lang))}
            describedBy="intraday-caption"
            lang={lang}
          />
          <p id="intraday-caption">{h.intradayOf(symbol, bsFirst(file.value.date, lang))}</p>
          <details>
            <summary>{h.table}</summary>
            <table class="plain" id="intraday-table">
              <thead>
                <tr>
                  <th scope="col">{h.time}</th>
                  <th scope="col" class="num">
                    {h.price}
                  </th>
                  <th scope="col" class="num">
                    {h.qty}
                  </th>
                </tr>
              </thead>
              <tbody>
                {points.map((p) => (
                  <tr key={p.time}>
                    <th scope="row">{digits(p.time, lang)}</th>
                    <td class="num">{price(p.ltp, lang)}</td>
                    <td class="num">{p.volume === undefined ? '—' : count(p.volume, lang)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      )}
    </MarketCard>
  );
}

export function FloorSheet({ symbol }: { symbol: string }) {
  const h = useHS();
  const [asked, setAsked] = useState(false);
  return (
    <MarketCard title={h.floorTitle} id="floor-sheet">
      {asked ? (
        <FloorSheetOf symbol={symbol} />
      ) : (
        <button type="button" id="floor-sheet-show" onClick={() => setAsked(true)}>
          {h.floorTitle}
        </button>
      )}
    </MarketCard>
  );
}

function FloorSheetOf({ symbol }: { symbol: string }) {
  const h = useHS();
  const lang = useLang();
  const day = useJson(FLOOR_MANIFEST_PATH, latestFloorDay);
  const stocks = useJson(FLOOR_STOCKS_PATH, asIs);
  const brokers = useJson(FLOOR_BROKERS_PATH, brokerNames);
  const sheet = useJson(day.value ? floorDayPath(day.value) : null, readFloorDay);
  const err = day.error ?? stocks.error ?? brokers.error ?? sheet.error;
  const trades = useMemo(() => {
    if (!sheet.value || stocks.value === undefined) return undefined;
    const id = stockIdOf(stocks.value, symbol);
    return id === undefined ? [] : (sheet.value.byStock.get(id) ?? []);
  }, [sheet.value, stocks.value, symbol]);
  if (err) return <Problem error={err} />;
  if (!trades || !brokers.value || !sheet.value) return <Loading />;
  const names = brokers.value;
  return (
    <div id="floor-sheet-body" data-date={sheet.value.date}>
      <p>
        {h.floorOf(bsFirst(sheet.value.date, lang))} · {h.tradesOf(count(trades.length, lang))}
      </p>
      {!trades.length ? (
        <p class="muted">{h.noTrades}</p>
      ) : (
        <>
          <BrokerTable id="top-buyers" title={h.topBuyers} rows={topBrokers(trades, 'buyer')} names={names} lang={lang} />
          <BrokerTable id="top-sellers" title={h.topSellers} rows={topBrokers(trades, 'seller')} names={names} lang={lang} />
          <div class="table-wrap" {...scrollRegion(h.floorTitle)}>
            <table class="plain" id="floor-trades">
              <caption>{h.floorTitle}</caption>
              <thead>
                <tr>
                  <th scope="col">{h.contract}</th>
                  <th scope="col">{h.buyer}</th>
                  <th scope="col">{h.seller}</th>
                  <th scope="col" class="num">
                    {h.qty}
                  </th>
                  <th scope="col" class="num">
                    {h.rate}
                  </th>
                  <th scope="col" class="num">
                    {h.amount}
                  </th>
                </tr>
              </thead>
              <tbody>
                {trades.slice(0, LIMIT).map((t) => (
                  <tr key={t.contractId}>
                    <th scope="row">{digits(t.contractId, lang)}</th>
                    <td title={names.get(t.buyer)}>{digits(t.buyer, lang)}</td>
                    <td title={names.get(t.seller)}>{digits(t.seller, lang)}</td>
                    <td class="num">{count(t.qty, lang)}</td>
                    <td class="num">{price(t.rate, lang)}</td>
                    <td class="num">{price(t.amount, lang)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}

function BrokerTable({ id, title, rows, names, lang }: { id: string; title: string; rows: BrokerTotal[]; names: Map<number, string>; lang: Lang }) {
  const h = useHS();
  return (
    <table class="plain brokers-top" id={id}>
      <caption>{title}</caption>
      <thead>
        <tr>
          <th scope="col">{h.broker}</th>
          <th scope="col" class="num">
            {h.qty}
          </th>
          <th scope="col" class="num">
            {h.amount}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((b) => (
          <tr key={b.broker} data-broker={b.broker}>
            <th scope="row">
              {digits(b.broker, lang)} {names.get(b.broker) ?? ''}
            </th>
            <td class="num">{count(b.qty, lang)}</td>
            <td class="num">{formatRupees(b.amount, lang)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
