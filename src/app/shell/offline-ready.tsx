// The first-install banner says exactly what now works offline, section by section (from the
// worker's offline-status), and the one question about the whole dictionary, with its size.

import { digits } from '../../core/digits.ts';
import { megabytes } from '../../core/offline-promise.ts';
import { answers, metered, setWholeAnswer, startNow, useOfflineStatus } from '../client/offline.ts';
import { useStore } from '../client/store.ts';
import { useLang, useT } from '../i18n.ts';
import { href } from '../router.ts';

const useNumber = () => {
  const lang = useLang();
  return (s: string | number) => digits(s, lang);
};

export function OfflineReady({ onDismiss }: { onDismiss: () => void }) {
  const t = useT();
  const n = useNumber();
  const status = useOfflineStatus();
  const d = status?.dictionary;
  const saving = !status || status.saving;
  return (
    <div class="banner ready" id="ready-banner" role="status">
      <p>
        {saving ? t.offline.saving : t.offline.title}{' '}
        <button type="button" aria-label="×" onClick={onDismiss}>
          ×
        </button>
      </p>
      <ul class="offline-list">
        {d?.whole ? (
          <li data-section="dictionary">{t.offline.dictionaryWhole} ✓</li>
        ) : d?.letters ? (
          // Short: a note about the app, not the page (the question about the whole dictionary follows).
          <li data-section="dictionary" title={d.firstWord ? `${d.firstWord} – ${d.lastWord} · ${t.offline.searchNeedsWhole}` : t.offline.searchNeedsWhole}>
            {t.offline.dictionarySample}: {n(d.sampleWords)} {t.words} ✓
          </li>
        ) : null}
        {status?.books ? (
          <li data-section="books">
            {t.offline.books} ({n(status.books)} {t.offline.booksUnit}) ✓
          </li>
        ) : null}
        {status?.market ? <li data-section="market">{t.offline.market} ✓</li> : null}
      </ul>
    </div>
  );
}

/** Asked once (the answer is remembered); on a metered connection it says nothing will be fetched until the reader says so. */
export function AskWhole() {
  const t = useT();
  const n = useNumber();
  const status = useOfflineStatus();
  const answer = useStore(answers);
  const e = status?.dictionary.estimate;
  if (answer || !e || status.dictionary.whole) return null;
  return (
    <div class="banner ask" id="save-dictionary-ask">
      <p>
        {t.askWhole(n(megabytes(e.download)), n(megabytes(e.storage)))}
        {metered() ? ` ${t.metered}` : ''}
      </p>
      <a
        class="button"
        id="save-dictionary-yes"
        href={href.saved()}
        onClick={() => {
          startNow.requested = true;
          setWholeAnswer('yes');
        }}
      >
        {t.askYes}
      </a>{' '}
      <button type="button" id="save-dictionary-no" onClick={() => setWholeAnswer('no')}>
        {t.askNo}
      </button>
    </div>
  );
}
