// The first-install banner says exactly what now works offline, section by section: each
// section's own line (PageSection.OfflineLine, from the worker's offline-status). One line on a
// phone until the reader opens it: its lines took about 220 px at the top of every screen.

import { useOfflineStatus } from '../client/offline.ts';
import { useT } from '../i18n.ts';
import { PAGE_SECTIONS } from '../sections.ts';

export function OfflineReady({ onDismiss }: { onDismiss: () => void }) {
  const t = useT();
  const status = useOfflineStatus();
  const saving = !status || status.saving;
  return (
    <div class="banner ready" id="ready-banner" role="status">
      <details class="offline-details">
        <summary>{saving ? t.offline.saving : t.offline.title}</summary>
        <ul class="offline-list">{PAGE_SECTIONS.map((s) => (s.OfflineLine ? <s.OfflineLine key={s.id} /> : null))}</ul>
      </details>
      <button type="button" class="banner-close" aria-label={t.close} onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}
