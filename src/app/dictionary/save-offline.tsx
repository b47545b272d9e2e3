import { useEffect, useState } from 'preact/hooks';
import { digits } from '../../core/digits.ts';
import { sizeText } from '../../core/size-text.ts';
import { useLang } from '../i18n.ts';
import { useDictionaryT } from './strings.ts';
import { useOfflineStatus } from '../client/offline.ts';
import { useStore } from '../client/store.ts';
import { useStorageProblem } from '../client/storage.ts';
import { DICTIONARY_SHELL } from './section-strings.ts';
import { backgroundSetting, cancelWholeSave, type SavePhase, savesInBackground, setBackground, startWholeSaveSoon, wholeSave } from './save-all.ts';
import { isInstalled } from '../client/install.ts';

/** The device's storage (used, quota, kept or not), read again as the save's phase changes. */
function useDeviceStorage(phase: SavePhase) {
  const [storage, setStorage] = useState<{ usage: number; quota: number; persisted: boolean } | null>(null);
  useEffect(() => {
    void (async () => {
      const e = await navigator.storage?.estimate?.();
      const persisted = (await navigator.storage?.persisted?.()) ?? false;
      if (e) setStorage({ usage: e.usage ?? 0, quota: e.quota ?? 0, persisted });
    })();
  }, [phase]);
  return storage;
}

/** A bytes figure in the reader's digits. */
function useSize(): (bytes: number) => string {
  const lang = useLang();
  return (bytes: number) => digits(sizeText(bytes), lang);
}

/** The save under way (or waiting for the worker): its step, the bytes so far, the cancel button. */
function SaveProgress() {
  const t = useDictionaryT();
  const size = useSize();
  const { phase, progress } = useStore(wholeSave);
  const total = progress?.total ?? 0;
  const received = progress?.received ?? 0;
  const step =
    progress && (progress.step === 'letters' || progress.step === 'pack' || progress.step === 'files' || progress.step === 'meanings') ? progress.step : 'pack';
  return (
    <>
      <progress id="save-progress" max={total || 1} value={total ? Math.min(received, total) : 0} aria-label={t.saving} />
      <p aria-live="polite" id="save-status">
        {phase === 'waiting' ? t.saveWaiting : t.saveStep[step]}
        {total ? `: ${size(received)} / ${size(total)}` : ''}
      </p>
      {phase === 'running' ? (
        <button type="button" onClick={cancelWholeSave}>
          {t.cancel}
        </button>
      ) : null}
    </>
  );
}

/** No save under way: saved, or what a save takes and the button (to resume after a failure or a cancel). */
function SaveOffer({ whole, estimate }: { whole: boolean; estimate: { download?: number; storage: number } | undefined }) {
  const t = useDictionaryT();
  const size = useSize();
  const { phase, error } = useStore(wholeSave);
  return (
    <>
      {phase === 'done' || whole ? (
        <p role="status" id={phase === 'done' ? 'save-done' : undefined}>
          {t.savedAll}
        </p>
      ) : estimate ? (
        <p id="save-size">
          {estimate.download !== undefined ? t.wholeSize(size(estimate.download), size(estimate.storage)) : t.askWholeStorage(size(estimate.storage))}
        </p>
      ) : null}
      {phase === 'failed' ? (
        <p role="alert" class="alert" id="save-error">
          {t.error}: {error}
        </p>
      ) : null}
      {whole ? null : (
        <button type="button" id="save-all" onClick={startWholeSaveSoon}>
          {phase === 'cancelled' || phase === 'failed' ? t.resume : t.saveAll}
        </button>
      )}
    </>
  );
}

/**
 * The whole dictionary's save (the worker runs it: save-all.ts): what it takes (the download that
 * crosses the network, about what the device keeps), its progress in bytes, the button, the
 * background setting where the app is installed, and the device's storage.
 */
export function SaveOffline() {
  const t = useDictionaryT();
  const lang = useLang();
  const size = useSize();
  const problem = useStorageProblem('dictionary');
  const { phase } = useStore(wholeSave);
  const background = useStore(backgroundSetting);
  const d = useOfflineStatus()?.dictionary;
  const whole = d?.whole === true;
  const storage = useDeviceStorage(phase);
  const running = phase === 'running' || phase === 'waiting';
  return (
    <section class="save-offline" aria-labelledby="save-h">
      <h2 id="save-h">{t.saveAll}</h2>
      {problem ? (
        <p role="alert" class="alert">
          {problem === 'quota' ? DICTIONARY_SHELL[lang].notes.storageQuota : DICTIONARY_SHELL[lang].notes.storageProblem}
        </p>
      ) : null}
      {savesInBackground() && !whole ? (
        <p id="save-background" class="muted">
          {t.background}
        </p>
      ) : null}
      {running ? <SaveProgress /> : <SaveOffer whole={whole} estimate={d?.estimate} />}
      {isInstalled() ? (
        <label class="setting">
          <input type="checkbox" id="save-background-setting" checked={background} onChange={(e) => setBackground((e.target as HTMLInputElement).checked)} />{' '}
          {t.backgroundSetting}
        </label>
      ) : null}
      {storage ? (
        <p class="muted" id="save-storage">
          {t.storageUsed}: {size(storage.usage)} / {size(storage.quota)} {t.storageFree} · {storage.persisted ? t.persistent : t.notPersistent}
        </p>
      ) : null}
    </section>
  );
}
