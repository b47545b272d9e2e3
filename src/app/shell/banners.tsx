import type { SectionId } from '../../core/sections.ts';
import { useOfflineStatus } from '../client/offline.ts';
import { dismissProblem, useStorageProblem } from '../client/storage.ts';
import { type SectionNotes, useT } from '../i18n.ts';
import { applyUpdate, dismiss, useOnline, usePwa } from '../pwa.ts';
import { AskWhole, OfflineReady } from './offline-ready.tsx';
import { InstallOffer } from './install-offer.tsx';

/** What the reader should know about the app itself (updates) and about the section they are in (offline, storage). */
export function Banners({ section, notes }: { section: SectionId; notes: SectionNotes }) {
  const t = useT();
  const pwa = usePwa();
  const online = useOnline();
  const problem = useStorageProblem(section);
  const offline = useOfflineStatus();
  return (
    <div class="banners" aria-live="polite" data-offline-status={offline ? 'known' : 'asking'}>
      {!online ? (
        <p class="banner offline" id="offline-banner">
          {notes.offline}
        </p>
      ) : null}
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
      {pwa.offlineReady ? <OfflineReady onDismiss={() => dismiss('offlineReady')} /> : null}
      {section === 'dictionary' && online ? <AskWhole /> : null}
      {problem ? (
        <p class="banner problem" role="alert">
          {problem === 'quota' ? notes.storageQuota : notes.storageProblem}{' '}
          <button type="button" aria-label="×" onClick={() => dismissProblem(section)}>
            ×
          </button>
        </p>
      ) : null}
      <InstallOffer />
      {pwa.dictionaryUpdated ? (
        <p class="banner ready">
          {t.dictionaryUpdated}{' '}
          <button type="button" aria-label="×" onClick={() => dismiss('dictionaryUpdated')}>
            ×
          </button>
        </p>
      ) : null}
    </div>
  );
}
