// The alerts: the price-alert control on a stock's page, and the alerts screen
// (`#/market/alerts`) to see and remove them, turn on the book-close and IPO alerts and grant the
// browser's notification permission (asked for only from the reader's tap). Checked and shown by
// the service worker (src/sw/market/alerts.ts); nothing leaves the device.

import { useState } from 'preact/hooks';
import { digits, parseTypedNumber } from '../../core/digits.ts';
import { formatNumber } from '../../core/market/format.ts';
import { inRange, RANGES } from '../../core/market/ranges.ts';
import type { Direction } from '../../core/market/alerts/types.ts';
import type { Lang } from '../../core/market/format.ts';
import { useLang } from '../i18n.ts';
import { href } from '../router.ts';
import { ScreenHeading } from '../ui/focus.tsx';
import { Loading } from '../ui/status.tsx';
import { ALERT_STRINGS, useAS } from './alerts-strings.ts';
import { alertOptions, deletePriceAlert, type Permission, setAlertOptions, setPriceAlert, useAlerts, usePermission } from './alerts-db.ts';
import { Problem, price, MarketCard, symbolHref } from './ui.tsx';

type AS = (typeof ALERT_STRINGS)['en'];

/** How far ahead a book close may be told (days). */
const BOOK_CLOSE_DAYS = [1, 3, 7, 15];

/** The notifications are written in the language the reader last used with the alerts. */
async function keepLang(lang: Lang): Promise<void> {
  const o = await alertOptions();
  if (o.lang !== lang) await setAlertOptions({ lang });
}

function PermissionState({ p, s }: { p: { state: Permission; ask: () => Promise<void> }; s: AS }) {
  return (
    <div class="alert-permission" id="alert-permission" data-state={p.state}>
      <p role="status" class={p.state === 'granted' ? 'muted' : undefined}>
        {s[p.state === 'unsupported' ? 'unsupported' : p.state]}
      </p>
      {p.state === 'default' ? (
        <button type="button" id="alert-grant" onClick={() => void p.ask()}>
          {s.grant}
        </button>
      ) : null}
    </div>
  );
}

/** On a stock's page: a price level and a direction, measured from the price shown. */
export function PriceAlertControl({ symbol, ltp }: { symbol: string; ltp: number | null }) {
  const s = useAS();
  const lang = useLang();
  const permission = usePermission();
  const [level, setLevel] = useState(ltp ? digits(ltp, lang) : '');
  const [direction, setDirection] = useState<Direction>('above');
  const [message, setMessage] = useState<{ ok: boolean; text: string }>();
  const save = async () => {
    // Either script's digits (a Nepali keyboard types ०-९); only a price in its range.
    const n = parseTypedNumber(level);
    if (!inRange(n, RANGES.level))
      return setMessage({ ok: false, text: s.badLevel(formatNumber(RANGES.level.min, lang), formatNumber(RANGES.level.max, lang)) });
    try {
      await setPriceAlert(symbol, direction, n, ltp);
      await keepLang(lang);
      setMessage({ ok: true, text: `${s.alertSet}: ${s.alertFor(symbol, direction === 'above' ? s.aboveShort : s.belowShort, price(n, lang))}` });
    } catch (e) {
      setMessage({ ok: false, text: e instanceof Error ? e.message : String(e) });
    }
  };
  return (
    <MarketCard title={s.priceAlert} id="price-alert">
      <form
        class="price-alert-form"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <label>
          {s.level}
          <input id="alert-level" type="text" inputMode="decimal" autoComplete="off" required value={level} onInput={(e) => setLevel(e.currentTarget.value)} />
        </label>
        <label>
          {s.direction}
          <select id="alert-direction" value={direction} onChange={(e) => setDirection(e.currentTarget.value as Direction)}>
            <option value="above">{s.above}</option>
            <option value="below">{s.below}</option>
          </select>
        </label>
        <div class="actions">
          <button type="submit" id="alert-set">
            {s.setAlert}
          </button>
          <a href={href.section('market', ['alerts'])} id="alerts-link">
            {s.seeAlerts}
          </a>
        </div>
        {message ? (
          <p role="status" id="alert-message" class={message.ok ? 'muted saved' : 'alert'}>
            {message.text}
          </p>
        ) : null}
      </form>
      {permission.state !== 'granted' ? <PermissionState p={permission} s={s} /> : null}
      <p class="muted">{s.privacy}</p>
    </MarketCard>
  );
}

export function AlertsScreen() {
  const s = useAS();
  const lang = useLang();
  const state = useAlerts();
  const permission = usePermission();
  if (state instanceof Error) return <Problem error={state} />;
  const options = state?.options;
  const setOption = (o: Partial<NonNullable<typeof options>>) => options && void setAlertOptions({ ...o, lang });
  return (
    <div class="market-alerts">
      <ScreenHeading>{s.alertsTitle}</ScreenHeading>
      <MarketCard title={s.permission} id="alerts-permission">
        <PermissionState p={permission} s={s} />
        <p class="muted">{s.how}</p>
        <p class="muted" id="alerts-privacy">
          {s.privacy}
        </p>
      </MarketCard>
      <MarketCard title={s.priceAlert} id="price-alerts">
        {!state ? (
          <Loading />
        ) : state.alerts.length === 0 ? (
          <p class="muted" id="alerts-empty">
            {s.none}
          </p>
        ) : (
          <ul class="alert-list">
            {state.alerts.map((a) => {
              const what = s.alertFor(a.symbol, a.direction === 'above' ? s.aboveShort : s.belowShort, price(a.level, lang));
              return (
                <li key={a.id} data-alert={a.id}>
                  <a href={symbolHref(a.symbol)}>{a.symbol}</a>{' '}
                  <span>
                    {price(a.level, lang)} {a.direction === 'above' ? s.aboveShort : s.belowShort}
                  </span>
                  {a.lastPrice !== null ? <small class="muted"> · {s.lastChecked(price(a.lastPrice, lang))}</small> : null}{' '}
                  <button type="button" class="alert-remove" aria-label={s.removeAlert(what)} onClick={() => void deletePriceAlert(a.id)}>
                    {s.remove}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </MarketCard>
      <MarketCard title={s.others} id="other-alerts">
        {!options ? (
          <Loading />
        ) : (
          <>
            <label class="check">
              <input type="checkbox" id="alert-bookclose" checked={options.bookClose} onChange={(e) => setOption({ bookClose: e.currentTarget.checked })} />{' '}
              {s.bookClose(digits(options.bookCloseDays, lang))}
            </label>
            <label class="days">
              {s.bookCloseDays}{' '}
              <select
                id="alert-bookclose-days"
                value={String(options.bookCloseDays)}
                onChange={(e) => setOption({ bookCloseDays: Number(e.currentTarget.value) })}
              >
                {BOOK_CLOSE_DAYS.map((d) => (
                  <option key={d} value={String(d)}>
                    {digits(d, lang)}
                  </option>
                ))}
              </select>
            </label>
            <label class="check">
              <input type="checkbox" id="alert-ipo" checked={options.ipo} onChange={(e) => setOption({ ipo: e.currentTarget.checked })} /> {s.ipo}
            </label>
          </>
        )}
      </MarketCard>
    </div>
  );
}
