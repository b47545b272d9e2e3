import { useT } from '../i18n.ts';
import { applyUpdate, dismiss, useOnline, usePwa } from '../pwa.ts';

/** What the reader should know about the app itself: offline, updates, storage. */
export function Banners() {
  const t = useT();
  const pwa = usePwa();
  const online = useOnline();
  return (
    <div class="banners" aria-live="polite">
      {!online ? <p class="banner offline" id="offline-banner">{t.offline}</p> : null}
      {pwa.updateWaiting ? (
        <p class="banner update" id="update-banner">
          {t.updateReady}{' '}
          <button type="button" id="update-reload" onClick={applyUpdate}>
            {t.reload}
          </button>{' '}
          <button type="button" onClick={() => dismiss('updateWaiting')}>
            {t.dismiss}
          </button>
        </p>
      ) : null}
      {pwa.offlineReady ? (
        <p class="banner ready" id="ready-banner">
          {t.offlineReady} ✓ <button type="button" aria-label="×" onClick={() => dismiss('offlineReady')}>×</button>
        </p>
      ) : null}
      {pwa.storageProblem ? (
        <p class="banner problem" role="alert">
          {pwa.storageProblem === 'quota' ? t.storageQuota : t.storageProblem} <button type="button" aria-label="×" onClick={() => dismiss('storageProblem')}>×</button>
        </p>
      ) : null}
      {pwa.dictionaryUpdated ? (
        <p class="banner ready">
          {t.dictionaryUpdated} <button type="button" aria-label="×" onClick={() => dismiss('dictionaryUpdated')}>×</button>
        </p>
      ) : null}
    </div>
  );
}
