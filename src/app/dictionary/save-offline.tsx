import { useEffect, useState } from 'preact/hooks';
import { count, digits } from '../../core/digits.ts';
import { sizeText } from '../../core/size-text.ts';
import { useLang, useT } from '../i18n.ts';
import { useOfflineStatus } from '../client/offline.ts';
import { useStore } from '../client/store.ts';
import { useStorageProblem } from '../client/storage.ts';
import { askReadyWorker } from '../client/rpc.ts';
import { DICTIONARY_SHELL } from './section-strings.ts';
import { cancelWholeSave, startWholeSave, wholeSave } from './save-all.ts';

/** The whole dictionary's save (save-all.ts runs it in the background): its progress, and the button. */
export function SaveOffline() {
  const t = useT();
  const lang = useLang();
  const n = (x: string | number) => digits(x, lang);
  const problem = useStorageProblem('dictionary');
  const { phase, progress, error } = useStore(wholeSave);
  const whole = useOfflineStatus()?.dictionary?.whole === true;
  const [estimate, setEstimate] = useState<{ usage: number; quota: number; persisted: boolean } | null>(null);
  const [stored, setStored] = useState<{ files: number } | null>(null);

  const refresh = async () => {
    const e = await navigator.storage?.estimate?.();
    const persisted = (await navigator.storage?.persisted?.()) ?? false;
    if (e) setEstimate({ usage: e.usage ?? 0, quota: e.quota ?? 0, persisted });
    const s = await askReadyWorker('dictionary-status', {}).catch(() => undefined);
    if (s) setStored({ files: s.files });
  };
  useEffect(() => void refresh(), [phase]);

  const pct = progress && progress.total ? Math.round((progress.done / progress.total) * 100) : 0;
  return (
    <section class="save-offline" aria-labelledby="save-h">
      <h2 id="save-h">{t.saveAll}</h2>
      {problem ? (
        <p role="alert" class="alert">
          {problem === 'quota' ? DICTIONARY_SHELL[lang].notes.storageQuota : DICTIONARY_SHELL[lang].notes.storageProblem}
        </p>
      ) : null}
      {phase === 'running' || phase === 'waiting' ? (
        <>
          <progress id="save-progress" max={100} value={pct} aria-label={t.saving} />
          <p aria-live="polite">
            {phase === 'waiting' ? t.saveWaiting : t.saving}: {count(progress?.done ?? 0, lang)} / {progress ? count(progress.total, lang) : '…'} {t.files} ·{' '}
            {n(sizeText(progress?.bytes ?? 0))}
          </p>
          {phase === 'running' ? (
            <button type="button" onClick={cancelWholeSave}>
              {t.cancel}
            </button>
          ) : null}
        </>
      ) : (
        <>
          {phase === 'done' ? (
            <p role="status" id="save-done">
              {t.savedAll} ({count(progress?.total ?? 0, lang)} {t.files})
            </p>
          ) : whole ? (
            <p role="status">{t.savedAll}</p>
          ) : null}
          {phase === 'failed' ? (
            <p role="alert" class="alert" id="save-error">
              {t.error}: {error}
            </p>
          ) : null}
          <button type="button" id="save-all" onClick={() => void startWholeSave()}>
            {phase === 'cancelled' || phase === 'failed' ? t.resume : t.saveAll}
          </button>
        </>
      )}
      {estimate ? (
        <p class="muted">
          {t.storageUsed}: {n(sizeText(estimate.usage))} / {n(sizeText(estimate.quota))} {t.storageFree} ·{' '}
          {stored ? `${count(stored.files, lang)} ${t.files}` : ''} · {estimate.persisted ? t.persistent : t.notPersistent}
        </p>
      ) : null}
    </section>
  );
}
