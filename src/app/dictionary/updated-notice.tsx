// The notice that a newer dictionary build is in use (updates.ts), in every section.

import { useT } from '../i18n.ts';
import { dismissUpdated, useDictionaryUpdated } from './updates.ts';

export function UpdatedNotice() {
  const t = useT();
  if (!useDictionaryUpdated()) return null;
  return (
    <p class="banner ready">
      {t.dictionaryUpdated}{' '}
      <button type="button" class="banner-close" aria-label={t.close} onClick={dismissUpdated}>
        ×
      </button>
    </p>
  );
}
