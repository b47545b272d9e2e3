import { useEffect, useRef, useState } from 'preact/hooks';
import { digits } from '../../core/digits.ts';
import { useLang, useT } from '../i18n.ts';
import { metered, offlineStatus, refreshOfflineStatus, setWholeAnswer, startNow, wholeAnswer } from '../client/offline.ts';
import { useStorageProblem } from '../client/storage.ts';
import { ask } from '../pwa.ts';
import { saveAll, type SaveProgress } from './save-all.ts';

type Phase = 'idle' | 'running' | 'done' | 'cancelled' | 'failed';
const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;

export function SaveOffline() {
  const t = useT();
  const lang = useLang();
  const n = (x: string | number) => digits(x, lang);
  const problem = useStorageProblem('dictionary');
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState<SaveProgress | null>(null);
  const [error, setError] = useState('');
  const [estimate, setEstimate] = useState<{ usage: number; quota: number; persisted: boolean } | null>(null);
  const [stored, setStored] = useState<{ files: number } | null>(null);
  const abort = useRef<AbortController | null>(null);

  const refresh = async () => {
    const e = await navigator.storage?.estimate?.();
    const persisted = (await navigator.storage?.persisted?.()) ?? false;
    if (e) setEstimate({ usage: e.usage ?? 0, quota: e.quota ?? 0, persisted });
    const s = await ask({ type: 'dictionary-status' }, 'dictionary-status');
    if (s) setStored({ files: s.files });
  };
  useEffect(() => {
    void refresh();
    // The reader said yes just now, or said yes once and the save is not complete: carry on,
    // unless the connection is metered (then the button waits for the reader's word).
    if (startNow.requested || (wholeAnswer() === 'yes' && !metered() && offlineStatus.get()?.dictionary.whole === false)) {
      startNow.requested = false;
      void start();
    }
    return () => abort.current?.abort();
  }, []);

  const start = async () => {
    setWholeAnswer('yes');
    abort.current = new AbortController();
    setPhase('running');
    setError('');
    // Asked for on the reader's action, as browsers expect.
    await navigator.storage?.persist?.().catch(() => false);
    try {
      await saveAll(setProgress, abort.current.signal);
      setPhase('done');
    } catch (e) {
      if ((e as Error).name === 'AbortError') setPhase('cancelled');
      else {
        setError((e as Error).message);
        setPhase('failed');
      }
    }
    void refresh();
    void refreshOfflineStatus();
  };

  const pct = progress && progress.total ? Math.round((progress.done / progress.total) * 100) : 0;
  return (
    <section class="save-offline" aria-labelledby="save-h">
      <h2 id="save-h">{t.saveAll}</h2>
      {problem ? (
        <p role="alert" class="alert">
          {problem === 'quota' ? t.notes.dictionary.storageQuota : t.notes.dictionary.storageProblem}
        </p>
      ) : null}
      {phase === 'running' ? (
        <>
          <progress id="save-progress" max={100} value={pct} aria-label={t.saving} />
          <p aria-live="polite">
            {t.saving}: {n(progress?.done ?? 0)} / {progress ? n(progress.total) : '…'} {t.files} · {n(mb(progress?.bytes ?? 0))}
          </p>
          <button type="button" onClick={() => abort.current?.abort()}>
            {t.cancel}
          </button>
        </>
      ) : (
        <>
          {phase === 'done' ? (
            <p role="status" id="save-done">
              {t.savedAll} ✓ ({progress?.total} {t.files})
            </p>
          ) : null}
          {phase === 'failed' ? (
            <p role="alert" class="alert" id="save-error">
              {t.error}: {error}
            </p>
          ) : null}
          <button type="button" id="save-all" onClick={() => void start()}>
            {phase === 'cancelled' || phase === 'failed' ? t.resume : t.saveAll}
          </button>
        </>
      )}
      {estimate ? (
        <p class="muted">
          {t.storageUsed}: {n(mb(estimate.usage))} / {n(mb(estimate.quota))} {t.storageFree} · {stored ? `${n(stored.files)} ${t.files}` : ''} ·{' '}
          {estimate.persisted ? t.persistent : t.notPersistent}
        </p>
      ) : null}
    </section>
  );
}
