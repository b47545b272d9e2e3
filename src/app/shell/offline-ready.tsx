// The first-install banner says exactly what now works offline, section by section (from the
// worker's offline-status), and the one question about the whole dictionary, with its size and
// the size of what was saved without asking (the headword list: search over every word).

import { count, digits } from '../../core/digits.ts';
import { megabytes, sizeText } from '../../core/offline-promise.ts';
import { answers, metered, setWholeAnswer, useOfflineStatus } from '../client/offline.ts';
import { startWholeSave } from '../dictionary/save-all.ts';
import { useStore } from '../client/store.ts';
import { useLang, useT } from '../i18n.ts';
import { href } from '../router.ts';

const useNumber = () => {
  const lang = useLang();
  return (s: string | number) => digits(s, lang);
};

const useCount = () => {
  const lang = useLang();
  return (n: number) => count(n, lang);
};

export function OfflineReady({ onDismiss }: { onDismiss: () => void }) {
  const t = useT();
  const c = useCount();
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
        {/* What works, in numbers: search over every word, and how many entries are on the device. */}
        {d?.letters ? (
          <li data-section="dictionary" title={d.firstWord ? `${d.firstWord} – ${d.lastWord}` : undefined}>
            {d.search ? t.offline.search(c(d.sampleWords), c(d.entries)) : t.offline.noSearch}
          </li>
        ) : null}
        {status?.books ? (
          <li data-section="books">
            {t.offline.books} ({c(status.books)} {t.offline.booksUnit})
          </li>
        ) : null}
        {status?.market ? <li data-section="market">{t.offline.market}</li> : null}
      </ul>
    </div>
  );
}

/** Asked once (the answer is remembered); on a metered connection it says nothing will be fetched until the reader says so. */
export function AskWhole() {
  const t = useT();
  const n = useNumber();
  const c = useCount();
  const status = useOfflineStatus();
  const answer = useStore(answers);
  const search = status?.dictionary.search;
  const e = status?.dictionary.estimate;
  if (answer || !e || status.dictionary.whole) return null;
  return (
    <div class="banner ask" id="save-dictionary-ask">
      <p>
        {search ? `${t.searchSaved(c(search.words), n(sizeText(search.bytes)))} ` : ''}
        {t.askWhole(n(megabytes(e.download)), n(megabytes(e.storage)))}
        {metered() ? ` ${t.metered}` : ''}
      </p>
      <a class="button" id="save-dictionary-yes" href={href.saved()} onClick={() => void startWholeSave()}>
        {t.askYes}
      </a>{' '}
      <button type="button" id="save-dictionary-no" onClick={() => setWholeAnswer('no')}>
        {t.askNo}
      </button>
    </div>
  );
}
