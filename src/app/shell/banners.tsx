import { useOfflineStatus } from '../client/offline.ts';
import { dismissProblem, useStorageProblem } from '../client/storage.ts';
import { useLang, useT } from '../i18n.ts';
import type { PageSection } from '../page-section.ts';
import { applyUpdate, dismiss, useOnline, usePwa } from '../pwa.ts';
import { PAGE_SECTIONS } from '../sections.ts';
import { OfflineReady } from './offline-ready.tsx';
import { InstallOffer } from './install-notice.tsx';

/** What the reader should know about the app itself (updates) and about the section they are in (offline, storage). */
export function Banners({ section }: { section: PageSection }) {
  const t = useT();
  const notes = section.strings[useLang()].notes;
  const pwa = usePwa();
  const online = useOnline();
  const problem = useStorageProblem(section.id);
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
      {problem ? (
        <p class="banner problem" role="alert">
          {problem === 'quota' ? notes.storageQuota : notes.storageProblem}{' '}
          <button type="button" class="banner-close" aria-label={t.close} onClick={() => dismissProblem(section.id)}>
            ×
          </button>
        </p>
      ) : null}
      <InstallOffer />
      {PAGE_SECTIONS.map((s) => (s.Notice ? <s.Notice key={s.id} /> : null))}
    </div>
  );
}

/**
 * The section's own banner (the dictionary's one question), after the page: it comes once the
 * worker has answered, seconds after the first paint, and above the page it pushed the page down
 * (270 px on a phone's dictionary home) under the reader's finger.
 */
export function SectionBanner({ section }: { section: PageSection }) {
  const online = useOnline();
  if (!section.Banner || !online) return null;
  return (
    <aside class="section-banner" aria-live="polite">
      <section.Banner />
    </aside>
  );
}
