import { errorMessage } from '../client/fetch.ts';
import { isNotSaved } from '../client/offline.ts';
import { useT } from '../i18n.ts';

export function Loading() {
  return (
    <p class="muted" aria-busy="true">
      {useT().loading}
    </p>
  );
}

export function Failed({ error, retry }: { error: Error; retry?: () => void }) {
  const t = useT();
  return (
    <div role="alert" class="alert">
      {/* Offline and not on the device: said in the reader's words, never the worker's text. */}
      <p>{isNotSaved(error) ? t.notSaved.page : `${t.error}: ${errorMessage(error)}`}</p>
      {retry ? <button onClick={retry}>{t.retry}</button> : null}
    </div>
  );
}
