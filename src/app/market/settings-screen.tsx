// Where the market data comes from (the upstream base URL and its layout, kept in IndexedDB
// where the service worker reads them) and how each stored file stands.

import { MARKET_SHELL } from './section-strings.ts';
import { digits } from '../../core/digits.ts';
import { useEffect, useState } from 'preact/hooks';
import { useLang } from '../i18n.ts';
import { readSettings, writeSettings } from '../../databases/market/db.ts';
import type { MarketStatusReply } from '../../core/market/messages.ts';
import { DEFAULT_UPSTREAM, type LayoutSetting, normaliseUpstream } from '../../core/market/settings.ts';
import { askStatus, settingsChanged, useRefreshState, workerAvailable } from './api.ts';
import { reasonDetail, reasonText } from './reason-text.ts';
import { type MarketStrings, useS } from './strings.ts';
import { Loading } from '../ui/status.tsx';
import { fill } from '../ui/fill.tsx';
import { MarketCard, time } from './ui.tsx';
import { ScreenHeading, scrollRegion } from '../ui/focus.tsx';

type Status = MarketStatusReply;

/**
 * The source form's state: the stored settings, read once (the form appears only then, so they never
 * overwrite what is typed), and `save`, which checks, stores and tells the worker.
 */
function useSourceForm(s: MarketStrings) {
  const [upstream, setUpstream] = useState('');
  const [layout, setLayout] = useState<LayoutSetting>('auto');
  const [ready, setReady] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string }>();
  useEffect(() => {
    void readSettings()
      .then(
        (x) => {
          setUpstream(x.upstream);
          setLayout(x.layout);
        },
        () => undefined,
      )
      .finally(() => setReady(true));
  }, []);
  const save = async (value: string, l: LayoutSetting) => {
    const url = value.trim() === '' ? '' : normaliseUpstream(value);
    if (url === undefined) {
      setMessage({ ok: false, text: s.invalidUrl });
      return;
    }
    try {
      await writeSettings({ upstream: url, layout: l });
    } catch (e) {
      setMessage({ ok: false, text: (e as Error).message });
      return;
    }
    setUpstream(url);
    setLayout(l);
    // "Saved" once the worker has the new source; without one, the next worker reads it.
    const taken = await settingsChanged();
    setMessage({ ok: true, text: taken ? s.saved : s.savedForLater });
  };
  return { upstream, setUpstream, layout, setLayout, ready, message, save };
}

export function Settings() {
  const s = useS();
  const { upstream, setUpstream, layout, setLayout, ready, message, save } = useSourceForm(s);
  return (
    <div class="market-settings">
      <ScreenHeading>{s.settings}</ScreenHeading>
      <MarketCard title={s.dataSource}>
        {!ready ? <Loading /> : null}
        <form
          hidden={!ready}
          class="upstream-form"
          onSubmit={(e) => {
            e.preventDefault();
            void save(upstream, layout);
          }}
        >
          <label>
            {s.upstream}
            <input id="upstream-input" type="url" inputMode="url" value={upstream} onInput={(e) => setUpstream(e.currentTarget.value)} />
          </label>
          <small class="muted upstream-hint">{fill(s.upstreamHint, { files: <code>{upstream.trim() || DEFAULT_UPSTREAM}/data/…</code> })}</small>
          <label>
            {s.layout}
            <select id="layout-select" value={layout} onChange={(e) => setLayout(e.currentTarget.value as LayoutSetting)}>
              <option value="auto">{s.layoutAuto}</option>
              <option value="a">{s.layoutA}</option>
              <option value="b">{s.layoutB}</option>
            </select>
          </label>
          <div class="actions">
            <button type="submit" id="upstream-save">
              {s.save}
            </button>
            <button type="button" id="upstream-reset" onClick={() => void save('', 'auto')}>
              {s.reset}
            </button>
          </div>
          {message ? (
            <p role="status" id="settings-message" class={message.ok ? 'muted saved' : 'alert'}>
              {message.text}
            </p>
          ) : null}
        </form>
      </MarketCard>
      <WorkerStatus />
    </div>
  );
}

/** The worker's status, asked again after every refresh step, and every few seconds while shown. */
function useWorkerStatus(): Status | undefined {
  const r = useRefreshState();
  const [status, setStatus] = useState<Status>();
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const t = setInterval(() => setTick((x) => x + 1), 5000);
    return () => clearInterval(t);
  }, []);
  useEffect(() => {
    let live = true;
    void askStatus().then((x) => live && x && setStatus(x));
    return () => {
      live = false;
    };
  }, [r, tick]);
  return status;
}

function WorkerStatus() {
  const s = useS();
  const lang = useLang();
  const notes = MARKET_SHELL[lang].notes;
  const status = useWorkerStatus();
  if (!workerAvailable()) return <p class="alert">{s.noWorker}</p>;
  if (!status) return null;
  const files = [...status.files].filter((f) => f.fetchedAt !== undefined || f.checkedAt !== undefined).sort((a, b) => a.path.localeCompare(b.path));
  return (
    <MarketCard title={s.files} id="worker-status">
      <p class="current-source">
        {s.current}:{' '}
        <strong id="current-upstream" translate={false}>
          {status.upstream}
        </strong>
      </p>
      {status.storage ? (
        <p class="alert" id="market-storage">
          {status.storage === 'quota' ? notes.storageQuota : notes.storageProblem}
        </p>
      ) : null}
      <StatusMetrics status={status} />
      {/* The file table is for people checking the data: behind "details". */}
      <FileTable files={files} />
    </MarketCard>
  );
}

/** What the worker knows: the layout it found, the market's phase, its next refresh, its requests in the last minute. */
function StatusMetrics({ status }: { status: Status }) {
  const s = useS();
  const lang = useLang();
  return (
    <dl class="metrics">
      <div>
        <dt>{s.detected}</dt>
        <dd id="current-layout" data-layout={status.layout ?? ''}>
          {status.layout === 'a' ? s.layoutA : status.layout === 'b' ? s.layoutB : '—'}
        </dd>
      </div>
      <div>
        <dt>{s.phase}</dt>
        <dd title={s.phaseWhy[status.why]}>
          {status.phase === 'open' ? s.open : status.phase === 'closed' ? s.closed : status.phase === 'unconfirmed' ? s.unconfirmed : '—'}
        </dd>
      </div>
      <div>
        <dt>{s.nextRefresh}</dt>
        <dd>{status.nextWake ? time(status.nextWake, lang) : '—'}</dd>
      </div>
      <div>
        <dt>{s.requestsLastMinute}</dt>
        <dd>{digits(`${status.sentLastMinute} / 10`, lang)}</dd>
      </div>
    </dl>
  );
}

/** Each stored file: when it was fetched, from where, and whether it is stale (and why). */
function FileTable({ files }: { files: Status['files'] }) {
  const s = useS();
  const lang = useLang();
  return (
    <details class="files-details">
      <summary>{s.files}</summary>
      <div class="table-wrap" {...scrollRegion(s.files)}>
        <table class="plain files">
          <thead>
            <tr>
              <th scope="col">{s.file}</th>
              <th scope="col">{s.fetched}</th>
              <th scope="col">{s.source}</th>
              <th scope="col">{s.state}</th>
            </tr>
          </thead>
          <tbody>
            {files.map((f) => (
              <tr key={f.path} data-path={f.path} class={f.stale ? 'stale' : undefined}>
                <th scope="row">
                  <code>{f.path}</code>
                </th>
                <td>{f.fetchedAt ? time(f.fetchedAt, lang) : '—'}</td>
                <td translate={f.source === 'bundled' ? undefined : false}>{f.source === 'bundled' ? s.bundled : (f.source ?? '—')}</td>
                <td>
                  {f.stale ? (
                    <>
                      <span class="badge stale">
                        {s.stale}: {reasonText(s, f.problem)}
                      </span>{' '}
                      {/* The worker's own words, beside the files' paths: this table is the technical view. */}
                      <small>
                        <code lang="en">{reasonDetail(f.problem)}</code>
                      </small>
                    </>
                  ) : (
                    s.ok
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
