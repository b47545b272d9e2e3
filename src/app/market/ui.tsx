// Pieces every market screen uses: the section's navigation, the data status line (sample data
// label, "as of" in Nepal time, stale badge, refresh button), numbers and changes.

import type { ComponentChildren } from 'preact';
import { digits } from '../../core/digits.ts';
import { bsFirstMoment } from '../../core/market/dates.ts';
import { type FileKind, formatNumber, formatPercent, type Lang, nepalTime } from '../../core/market/index.ts';
import { useLang, useT } from '../i18n.ts';
import { href } from '../router.ts';
import { KhojError } from '../../core/errors.ts';
import { errorMessage } from '../client/fetch.ts';
import { isNotSaved } from '../client/offline.ts';
import { type FileMeta, refreshNow, useMarketFile, useRefreshState, workerAvailable } from './api.ts';
import { useS } from './strings.ts';
import { reasonDetail, reasonText } from './reason-text.ts';

export type Screen = 'home' | 'prices' | 'history' | 'watchlist' | 'alerts' | 'portfolio' | 'news' | 'ipo' | 'dividends' | 'brokers' | 'settings' | 'symbol';

const NAV: Array<Exclude<Screen, 'symbol' | 'alerts'>> = [
  'home',
  'prices',
  'history',
  'watchlist',
  'portfolio',
  'news',
  'ipo',
  'dividends',
  'brokers',
  'settings',
];

export function MarketNav({ active }: { active: Screen }) {
  const s = useS();
  return (
    <nav class="market-nav" aria-label={s.market}>
      {NAV.map((n) => (
        <a key={n} href={href.section('market', n === 'home' ? [] : [n])} aria-current={n === active ? 'page' : undefined}>
          {s[n]}
        </a>
      ))}
    </nav>
  );
}

/** A moment (fetched, next wake): Nepal's date and time, BS first (core/market/dates.ts, the market's one date formatter). */
export const time = (ms: number, lang: Lang) => bsFirstMoment(ms, lang);

/** Is this file the app's own sample (bundled, and the bundled snapshot says it is a sample)? */
export function useSampleOf(metas: ReadonlyArray<FileMeta | undefined>): boolean {
  const about = useMarketFile('about');
  return !!about.file?.value.sample && metas.some((m) => m?.origin === 'bundled');
}

/**
 * The status of the files a screen shows: a "sample data" label while they are the bundled
 * sample, the data's own "as of" time (Nepal time), when they were fetched, a stale badge with
 * the reason when the last refresh failed, and the refresh button (those files, forced).
 */
export function DataStatus({ metas, asOf, kinds }: { metas: ReadonlyArray<FileMeta | undefined>; asOf?: string | undefined; kinds: FileKind[] }) {
  const s = useS();
  const lang = useLang();
  const sample = useSampleOf(metas);
  const known = metas.filter((m): m is FileMeta => !!m);
  const stale = known.filter((m) => m.stale);
  const fetched = known.map((m) => m.fetchedAt).filter((t): t is number => t !== undefined);
  const oldest = fetched.length ? Math.min(...fetched) : undefined;
  const r = useRefreshState();
  return (
    <div class="data-status" aria-live="polite">
      {sample ? (
        <span class="badge sample market-sample" title={s.sampleNote}>
          {s.sample}
        </span>
      ) : null}
      {stale.length ? (
        <span class="badge stale market-stale" title={[...new Set(stale.map((m) => reasonText(s, m.problem)))].join('\n')}>
          {s.stale}
        </span>
      ) : null}
      {asOf ? <span class="as-of">{asOf}</span> : null}
      {oldest !== undefined ? (
        <span class="fetched muted">
          {s.fetched} {time(oldest, lang)}
        </span>
      ) : null}
      {/* While it refreshes the button says so, in its own place: a status line that came and went moved the screen. */}
      <button
        type="button"
        id="market-refresh"
        class="refresh"
        disabled={!workerAvailable()}
        title={workerAvailable() ? undefined : s.noWorker}
        aria-busy={r.busy}
        onClick={() => refreshNow(kinds)}
      >
        ↻ {r.busy ? s.refreshing : s.refresh}
      </button>
      {r.busy ? (
        <span class="visually-hidden" role="status">
          {s.refreshing}
          {r.nextRequestAt !== undefined && r.nextRequestAt > Date.now() ? ` ${s.rateLimit} ${digits(nepalTime(r.nextRequestAt).time, lang)}` : ''}
        </span>
      ) : null}
      {stale.length || sample ? (
        // Why, on demand: a note that arrives late (a refresh failed) must not push the screen down.
        <details class="status-notes">
          <summary>{s.why}</summary>
          {stale.length ? <StaleNote stale={stale} /> : null}
          {sample ? <p class="sample-note">{s.sampleNote}</p> : null}
        </details>
      ) : null}
    </div>
  );
}

/**
 * The first reason in the reader's language; under details each file with its reason, and what
 * the worker or the browser said beyond it ("Failed to fetch", a record's problem) as it was written.
 */
function StaleNote({ stale }: { stale: FileMeta[] }) {
  const s = useS();
  const first = stale[0]?.problem;
  return (
    <div class="stale-note">
      <p>
        {s.staleNote}: {reasonText(s, first)}
        {stale.length > 1 ? ` (${s.moreReasons(stale.length - 1)})` : ''}
      </p>
      {first ? (
        <details class="reason-details">
          <summary>{s.reasonDetails}</summary>
          <ul>
            {stale.map((m, i) => {
              const said = reasonDetail(m.problem);
              return (
                <li key={i} data-reason={m.problem?.code ?? 'other'}>
                  <code>{m.path}</code>: {reasonText(s, m.problem)}
                  {said ? (
                    <>
                      {' '}
                      (<code lang="en">{said}</code>)
                    </>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

export const num = (n: number | null | undefined, lang: Lang, decimals?: number) => formatNumber(n, lang, decimals === undefined ? {} : { decimals });
export const price = (n: number | null | undefined, lang: Lang) => formatNumber(n, lang, { decimals: 2 });

const trend = (n: number | null | undefined) => (n === null || n === undefined || n === 0 ? 'flat' : n > 0 ? 'up' : 'down');

export function Change({ value, percent }: { value?: number | null; percent?: number | null }) {
  const lang = useLang();
  const t = trend(value ?? percent);
  return (
    <span class={`chg ${t}`}>
      {value !== undefined ? formatNumber(value, lang, { decimals: 2, sign: true }) : null}
      {value !== undefined && percent !== undefined ? ' ' : null}
      {percent !== undefined ? `(${formatPercent(percent, lang)})` : null}
    </span>
  );
}

export function Problem({ error }: { error: Error }) {
  const s = useS();
  const t = useT();
  return (
    <p class="alert" role="alert">
      {KhojError.is(error, 'http', 404) ? s.notAvailable : isNotSaved(error) ? t.notSaved.page : errorMessage(error)}
    </p>
  );
}

/** One card of a market screen: a titled block (class market-card), not a section of the app. */
export function MarketCard({ title, children, id }: { title: string; children: ComponentChildren; id?: string }) {
  return (
    <section class="market-card" id={id}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

export const symbolHref = (symbol: string, params?: Record<string, string>) => href.section('market', ['symbol', symbol], params);
