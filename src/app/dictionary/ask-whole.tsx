// The one question about the whole dictionary (shown while the reader is in it, online), with what
// it really takes to download (the pack, exactly) and about what it takes on the device, and the
// size of what was saved without asking (the headword list: search over every word). Not asked
// where the app saves it in the background (installed, unmetered: save-all.ts).

import { count, digits } from '../../core/digits.ts';
import { sizeText } from '../../core/size-text.ts';
import { useOfflineStatus } from '../client/offline.ts';
import { holdBack } from '../client/data-saver.ts';
import { answers, setWholeAnswer } from './whole-answer.ts';
import { useStore } from '../client/store.ts';
import { useLang } from '../i18n.ts';
import { useDictionaryT } from './strings.ts';
import { href } from './links.ts';
import { backgroundSetting, savesInBackground, startWholeSave, wholeSave } from './save-all.ts';

/** Asked once (the answer is remembered); with the data saver on (client/data-saver.ts) it says nothing will be fetched until the reader says so. */
export function AskWhole() {
  const t = useDictionaryT();
  const lang = useLang();
  const n = (s: string | number) => digits(s, lang);
  const c = (x: number) => count(x, lang);
  const d = useOfflineStatus()?.dictionary;
  const answer = useStore(answers);
  useStore(backgroundSetting);
  const running = useStore(wholeSave).phase === 'running';
  const search = d?.search;
  const e = d?.estimate;
  if (answer || !e || d.whole || running || savesInBackground()) return null;
  return (
    <div class="banner ask" id="save-dictionary-ask">
      <p>
        {search ? `${t.searchSaved(c(search.words), search.bytes ? n(sizeText(search.bytes)) : undefined)} ` : ''}
        {e.download !== undefined ? t.askWhole(n(sizeText(e.download)), n(sizeText(e.storage))) : t.askWholeStorage(n(sizeText(e.storage)))}
        {holdBack() ? ` ${t.metered}` : ''}
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
