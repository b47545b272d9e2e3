// The index history screen (#/market/history/<code>?range=…): NEPSE or any sub-index from one
// month to all of 1997–today, read from the upstream's indices/monthly files. Only the months a
// range needs are fetched; the worker keeps each, so a range viewed once opens offline. The chart
// has a text summary and a table (by day, month or year) beside it.

import { textLang } from '../../core/text-lang.ts';
import { useMemo } from 'preact/hooks';
import {
  HISTORY_RANGES,
  type HistoryRange,
  historyStart,
  INDEX_MANIFEST_PATH,
  indexCodes,
  indexMonthPath,
  type IndexMonth,
  indexMonthsFor,
  indexPoints,
  isHistoryRange,
  periodOf,
  periodRows,
  readIndexManifest,
  readIndexMonth,
} from '../../core/market/index-history.ts';
import { useLang } from '../i18n.ts';
import { href } from '../router.ts';
import { ScreenHeading, scrollRegion, selectProps } from '../ui/focus.tsx';
import { Loading } from '../ui/status.tsx';
import { fill } from '../ui/fill.tsx';
import { useMarketFile } from './api.ts';
import { useJson, useJsonFiles } from './history-api.ts';
import { bsFirstDate as bsFirst, bsFirstPeriod as periodText } from '../../core/market/dates.ts';
import { useAfterPaint } from './after-paint.ts';
import { useHS } from './history-strings.ts';
import { LineChart } from './line-chart.tsx';
import { price, Problem } from './ui.tsx';

/**
 * Reads a month file and builds its points for the index shown, in that file's own task
 * (history-api.ts reads each file in one): built all at once when the last month came, they were
 * the longest task of a first view of "all" (bench/index-history.ts). Later calls reuse them.
 */
const readMonthFor =
  (code: string) =>
  (v: unknown, file: string): IndexMonth => {
    const m = readIndexMonth(v, file);
    indexPoints([m], code);
    return m;
  };

export function IndexHistory({ code, params }: { code: string; params: URLSearchParams }) {
  const h = useHS();
  const range: HistoryRange = isHistoryRange(params.get('range')) ? (params.get('range') as HistoryRange) : '1y';
  const manifest = useJson(INDEX_MANIFEST_PATH, readIndexManifest);
  const names = useMarketFile('sectorIndices');
  const m = manifest.value;
  const paths = useMemo(() => (m ? indexMonthsFor(range, m).map(indexMonthPath) : null), [m, range]);
  const months = useJsonFiles(paths, readMonthFor(code));
  const start = m ? historyStart(range, m.latestDate) : null;
  const points = useMemo(() => (months.value ? indexPoints(months.value, code, start) : []), [months.value, code, start]);
  const nameOf = (c: string) => names.file?.value?.find((x) => x.indexCode === c)?.indexName ?? c;
  const codes = months.value ? indexCodes(months.value) : [];
  if (!codes.includes(code)) codes.unshift(code);
  const go = (c: string) => (location.hash = href.section('market', ['history', c], { range }));

  return (
    <div class="market-history">
      <ScreenHeading>{h.historyTitle}</ScreenHeading>
      <label class="index-pick">
        {h.indexLabel}{' '}
        <select id="index-code" value={code} {...selectProps(go)}>
          {codes.map((c) => (
            <option key={c} value={c} lang={textLang(nameOf(c))}>
              {nameOf(c)}
            </option>
          ))}
        </select>
      </label>
      <div class="tabs" role="group" aria-label={h.rangesLabel}>
        {HISTORY_RANGES.map((r) => (
          <a key={r} class="tab" href={href.section('market', ['history', code], { range: r })} aria-current={r === range ? 'true' : undefined} data-range={r}>
            {h.range[r]}
          </a>
        ))}
      </div>
      {manifest.error ? (
        <Problem error={manifest.error} />
      ) : months.error ? (
        <Problem error={months.error} />
      ) : !months.value ? (
        <Loading />
      ) : (
        <HistoryChart code={code} name={nameOf(code)} points={points} range={range} months={paths?.length ?? 0} />
      )}
    </div>
  );
}

function HistoryChart({
  code,
  name,
  points,
  range,
  months,
}: {
  code: string;
  name: string;
  points: ReturnType<typeof indexPoints>;
  range: HistoryRange;
  months: number;
}) {
  const h = useHS();
  const lang = useLang();
  const closes = useMemo(() => points.map((p) => p.close), [points]);
  // The table (closed at first) after the chart's first paint: built with it, they were one task
  // over 100 ms on a first view of "all" at CPU 4× (bench/index-history.ts).
  const tableLater = useAfterPaint(points.length > 0);
  const rows = useMemo(() => (tableLater ? periodRows(points, periodOf(range)) : []), [tableLater, points, range]);
  if (!points.length)
    return (
      <p class="muted" id="history-empty">
        {h.noPoints}
      </p>
    );
  const first = points[0]!;
  const last = points.at(-1)!;
  const { hi, lo } = extremes(points);
  // The index's name is the data's (English): said in its own language inside the interface's sentence.
  const named = { name: <span lang={textLang(name)}>{name}</span> };
  const summary = h.summary(
    '{name}',
    bsFirst(first.date, lang),
    price(first.close, lang),
    bsFirst(last.date, lang),
    price(last.close, lang),
    `${price(hi.close, lang)} (${bsFirst(hi.date, lang)})`,
    `${price(lo.close, lang)} (${bsFirst(lo.date, lang)})`,
  );
  return (
    <section aria-labelledby="history-summary" data-code={code} data-range={range} data-months={months}>
      <LineChart
        id="index-chart"
        values={closes}
        from={bsFirst(first.date, lang)}
        to={bsFirst(last.date, lang)}
        labelledBy="index-chart-label"
        describedBy="history-summary"
        lang={lang}
      />
      <p id="index-chart-label" class="visually-hidden">
        {fill(h.chartOf('{name}', bsFirst(first.date, lang), bsFirst(last.date, lang)), named)}
      </p>
      <p id="history-summary">{fill(summary, named)}</p>
      <PeriodTable rows={rows} />
    </section>
  );
}

/** The highest and the lowest close (the first of each when several are equal). */
function extremes(points: ReturnType<typeof indexPoints>) {
  let hi = points[0]!;
  let lo = points[0]!;
  for (const p of points) {
    if (p.close > hi.close) hi = p;
    if (p.close < lo.close) lo = p;
  }
  return { hi, lo };
}

/** The closes by period (week, month or year, by the range), closed at first. */
function PeriodTable({ rows }: { rows: ReturnType<typeof periodRows> }) {
  const h = useHS();
  const lang = useLang();
  return (
    <details id="history-table">
      <summary>{h.table}</summary>
      <div class="table-wrap" {...scrollRegion(h.table)}>
        <table class="plain">
          <thead>
            <tr>
              <th scope="col">{h.period}</th>
              <th scope="col" class="num">
                {h.close}
              </th>
              <th scope="col" class="num">
                {h.high}
              </th>
              <th scope="col" class="num">
                {h.low}
              </th>
              <th scope="col" class="num">
                {h.change}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.period}>
                <th scope="row">{periodText(r.period, r.last, lang)}</th>
                <td class="num">{price(r.close, lang)}</td>
                <td class="num">{price(r.high, lang)}</td>
                <td class="num">{price(r.low, lang)}</td>
                <td class="num">{price(r.change, lang)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
