// Upcoming and past IPOs, the last year's dividends, and the brokers.

import { textLang } from '../../core/text-lang.ts';
import { digits } from '../../core/digits.ts';
import { useMemo, useState } from 'preact/hooks';
import { formatNumber, type Ipo, NAIVE_ZONE, nepalTime } from '../../core/market/index.ts';
import { bsFirstAsOf, bsFirstDate, bsFirstRange } from '../../core/market/dates.ts';
import { ipoStatus, parseIpoWindow } from '../../core/market/ipo-window.ts';
import { useLang } from '../i18n.ts';
import { SearchField } from '../ui/search-field.tsx';
import { Loading } from '../ui/status.tsx';
import { useMarketFile } from './api.ts';
import { safeUrl } from './safe-url.ts';
import { latestDividends } from './select.ts';
import { useS } from './strings.ts';
import { DividendTable } from './symbol.tsx';
import { DataStatus, Problem, MarketCard } from './ui.tsx';
import { ScreenHeading, scrollRegion } from '../ui/focus.tsx';

/** A count of shares published as decimal text ("23,20,700.00"): shares are whole, so no ".00". */
const wholeCount = (text: string): string => text.replace(/\.0+$/, '');

/** The window in BS then AD, in the interface's language, with its status today (Nepal's date); the text as published when it cannot be read. */
function IpoWindowText({ text }: { text: string }) {
  const s = useS();
  const lang = useLang();
  const w = parseIpoWindow(text);
  if (!w) return <>{text}</>;
  const status = ipoStatus(w, nepalTime(Date.now()).date);
  const label =
    status.state === 'open'
      ? s.ipoOpen.replace('{n}', digits(String(status.daysLeft), lang))
      : status.state === 'upcoming'
        ? s.ipoUpcoming.replace('{n}', digits(String(status.daysToOpen), lang))
        : s.ipoClosed;
  return (
    <>
      <span class={`badge ipo-status ${status.state}`} data-state={status.state}>
        {label}
      </span>{' '}
      <span class="ipo-days">{bsFirstRange(w.opens, w.closes, lang)}</span>
    </>
  );
}

function IpoList({ rows }: { rows: readonly Ipo[] }) {
  const s = useS();
  const lang = useLang();
  return (
    <ul class="ipos">
      {rows.map((r, i) => {
        const url = safeUrl(r.url);
        return (
          <li key={i} class="market-card">
            <h3 lang={textLang(r.company)}>{r.company}</h3>
            <dl class="metrics">
              {r.units ? (
                <div>
                  <dt>{s.units}</dt>
                  <dd>{digits(wholeCount(r.units), lang)}</dd>
                </div>
              ) : null}
              {r.dateRange ? (
                <div>
                  <dt>{s.ipoWindow}</dt>
                  <dd class="ipo-window">
                    <IpoWindowText text={r.dateRange} />
                  </dd>
                </div>
              ) : null}
              {r.announcementDate ? (
                <div>
                  <dt>{s.announced}</dt>
                  <dd>{bsFirstDate(r.announcementDate, lang)}</dd>
                </div>
              ) : null}
              {r.reservedFor ? (
                <div>
                  <dt>{s.reservedFor}</dt>
                  <dd lang={textLang(r.reservedFor)}>{r.reservedFor}</dd>
                </div>
              ) : null}
            </dl>
            {url ? (
              <a href={url} target="_blank" rel="noopener noreferrer">
                {s.link}
              </a>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

export function Ipos() {
  const s = useS();
  const lang = useLang();
  const upcoming = useMarketFile('ipoUpcoming');
  const old = useMarketFile('ipoOld');
  const scraped = upcoming.file?.value
    .map((r) => r.scrapedAt)
    .filter((t): t is string => !!t)
    .sort()
    .at(-1);
  return (
    <div class="market-ipo">
      <ScreenHeading>{s.ipo}</ScreenHeading>
      <DataStatus
        metas={[upcoming.file?.meta, old.file?.meta]}
        asOf={scraped ? bsFirstAsOf(scraped, NAIVE_ZONE['ipo.scrapedAt']!, lang) : undefined}
        kinds={['ipoUpcoming', 'ipoOld']}
      />
      <MarketCard title={s.upcomingIpo} id="ipo-upcoming">
        {upcoming.error ? <Problem error={upcoming.error} /> : upcoming.file ? <IpoList rows={upcoming.file.value} /> : <Loading />}
      </MarketCard>
      {old.file?.value.length ? (
        <details class="market-card">
          <summary>
            {s.pastIpo} ({formatNumber(old.file.value.length, lang)})
          </summary>
          <IpoList rows={old.file.value} />
        </details>
      ) : null}
    </div>
  );
}

export function Dividends() {
  const s = useS();
  const lang = useLang();
  const d = useMarketFile('dividendHistory');
  const [q, setQ] = useState('');
  const rows = useMemo(() => (d.file ? latestDividends(d.file.value, q) : []), [d.file?.value, q]);
  return (
    <div class="market-dividends">
      <ScreenHeading>{s.latestDividends}</ScreenHeading>
      <DataStatus
        metas={[d.file?.meta]}
        asOf={d.file?.value.scrapedAt ? bsFirstAsOf(d.file.value.scrapedAt, NAIVE_ZONE['dividends.scrapedAt']!, lang) : undefined}
        kinds={['dividendHistory']}
      />
      <div class="filters">
        <SearchField value={q} placeholder={s.filter} aria-label={s.filter} onText={setQ} />
      </div>
      {d.error && !d.file ? <Problem error={d.error} /> : d.file ? <DividendTable rows={rows} lang={lang} withSymbol /> : <Loading />}
    </div>
  );
}

export function Brokers() {
  const s = useS();
  const lang = useLang();
  const b = useMarketFile('brokers');
  const [q, setQ] = useState('');
  const rows = useMemo(() => {
    const t = q.trim().toLowerCase();
    return (b.file?.value ?? []).filter(
      (r) => !t || r.memberName.toLowerCase().includes(t) || String(r.memberCode) === t || r.districts.some((x) => x.toLowerCase().includes(t)),
    );
  }, [b.file?.value, q]);
  return (
    <div class="market-brokers">
      <ScreenHeading>{s.brokers}</ScreenHeading>
      <DataStatus metas={[b.file?.meta]} kinds={['brokers']} />
      <div class="filters">
        <SearchField value={q} placeholder={`${s.name} / ${s.districts}`} aria-label={s.name} onText={setQ} />
      </div>
      {b.error && !b.file ? (
        <Problem error={b.error} />
      ) : !b.file ? (
        <Loading />
      ) : (
        <div class="table-wrap" {...scrollRegion(s.brokers)}>
          <table class="plain">
            <thead>
              <tr>
                <th scope="col" class="num">
                  {s.memberCode}
                </th>
                <th scope="col">{s.name}</th>
                <th scope="col">{s.phone}</th>
                <th scope="col">{s.districts}</th>
                <th scope="col">{s.tms}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => {
                const tms = safeUrl(r.tmsLink && !/^https?:/i.test(r.tmsLink) ? `https://${r.tmsLink}` : r.tmsLink);
                return (
                  <tr key={r.memberCode}>
                    <td class="num">{formatNumber(r.memberCode, lang)}</td>
                    <th scope="row" lang={textLang(r.memberName)}>
                      {r.memberName}
                    </th>
                    <td>{r.phone ? digits(r.phone, lang) : '—'}</td>
                    <td lang={textLang(r.districts.join())}>{r.districts.join(', ')}</td>
                    <td>
                      {tms ? (
                        <a href={tms} target="_blank" rel="noopener noreferrer">
                          {s.tms}
                        </a>
                      ) : (
                        '—'
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
