// The first-install banner says exactly what now works offline, section by section: each
// section's own line (PageSection.OfflineLine, from the worker's offline-status).

import { useOfflineStatus } from '../client/offline.ts';
import { useT } from '../i18n.ts';
import { PAGE_SECTIONS } from '../sections.ts';

/** A line per section that tells what it keeps offline. */
const LINES = PAGE_SECTIONS.filter((s) => s.OfflineLine).length;

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
      {/* Its lines come in while the worker saves: their space is kept from the start (style.css). */}
      <ul class="offline-list" style={{ '--lines': LINES }}>
        {PAGE_SECTIONS.map((s) => (s.OfflineLine ? <s.OfflineLine key={s.id} /> : null))}
      </ul>
    </div>
  );
}
