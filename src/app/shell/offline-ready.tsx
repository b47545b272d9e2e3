// The first-install banner says exactly what now works offline, section by section: each
// section's own line (PageSection.OfflineLine, from the worker's offline-status).

import { useOfflineStatus } from '../client/offline.ts';
import { useT } from '../i18n.ts';
import { PAGE_SECTIONS } from '../sections.ts';

export function OfflineReady({ onDismiss }: { onDismiss: () => void }) {
  const t = useT();
  const status = useOfflineStatus();
  const saving = !status || status.saving;
  return (
    <div class="banner ready" id="ready-banner" role="status">
      <p>
        {saving ? t.offline.saving : t.offline.title}{' '}
        <button type="button" aria-label="×" onClick={onDismiss}>
          ×
        </button>
      </p>
      <ul class="offline-list">{PAGE_SECTIONS.map((s) => (s.OfflineLine ? <s.OfflineLine key={s.id} /> : null))}</ul>
    </div>
  );
}
