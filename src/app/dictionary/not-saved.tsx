import { useState } from 'preact/hooks';
import { useDictionaryT } from './strings.ts';
import { errorMessage } from '../client/fetch.ts';
import { href } from './links.ts';

type What = 'word' | 'letter' | 'search' | 'meanings' | 'results';

/**
 * Offline, and this part of the dictionary is not on the device: what is missing, and the way to
 * save it: with `saveOne` (a word's page), one tap saves just this word, beside the whole dictionary.
 */
export function NotSaved({ what, id = 'not-saved', saveOne }: { what: What; id?: string; saveOne?: () => Promise<'saved' | 'queued'> }) {
  const t = useDictionaryT();
  const [queued, setQueued] = useState(false);
  const [failed, setFailed] = useState('');
  return (
    <div role="status" class="alert not-saved" id={id}>
      <p>{t.notSaved[what]}</p>
      {saveOne ? (
        <button
          type="button"
          id={`${id}-one`}
          onClick={() =>
            void saveOne().then(
              (r) => setQueued(r === 'queued'),
              (e: Error) => setFailed(errorMessage(e)),
            )
          }
        >
          {t.notSaved.saveWord}
        </button>
      ) : null}{' '}
      <a href={href.saved()} id={`${id}-action`} class="button">
        {t.notSaved.action}
      </a>
      {queued ? <p id={`${id}-queued`}>{t.notSaved.wordQueued}</p> : null}
      {failed ? <p class="alert">{`${t.error}: ${failed}`}</p> : null}
    </div>
  );
}
