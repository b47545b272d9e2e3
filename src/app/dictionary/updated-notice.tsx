// The notice that a newer dictionary build is in use (updates.ts), in every section.

import { useDictionaryT } from './strings.ts';
import { dismissUpdated, useDictionaryUpdated } from './updates.ts';

export function UpdatedNotice() {
  const t = useDictionaryT();
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
