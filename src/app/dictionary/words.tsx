import { href } from './links.ts';
import { count } from '../../core/digits.ts';
import { useLang } from '../i18n.ts';
import { useDictionaryT } from './strings.ts';
import { useLoad } from '../ui/use-load.ts';
import { isNotSaved } from '../client/offline.ts';
import { NotSaved } from './not-saved.tsx';
import { Failed, Loading } from '../ui/status.tsx';
import { VirtualList } from '../ui/virtual-list.tsx';
import { getWords } from './api.ts';
import { ScreenHeading } from '../ui/focus.tsx';
import { useOnline } from '../client/online.ts';
import { askReadyWorker } from '../client/rpc.ts';
import { useEffect, useState } from 'preact/hooks';

/**
 * Offline, the chunk files stored on the device (the worker's status): a word whose chunk is not
 * among them is listed as not saved (its entry then offers its one-tap save). Online every word opens.
 */
function useStoredChunks(): ReadonlySet<string> | undefined {
  const online = useOnline();
  const [stored, setStored] = useState<ReadonlySet<string>>();
  useEffect(() => {
    if (online) return setStored(undefined);
    void askReadyWorker('dictionary-status', {})
      .then((s) => setStored(new Set(s.paths.filter((p) => p.startsWith('chunks/')))))
      .catch(() => undefined);
  }, [online]);
  return stored;
}

export function LetterWords({ letter }: { letter: string }) {
  const t = useDictionaryT();
  const lang = useLang();
  const { data, error, reload } = useLoad(() => getWords(letter), [letter]);
  const stored = useStoredChunks();
  // Not saved: the screen still says which letter it is (its heading takes the focus), then why.
  if (error)
    return isNotSaved(error) ? (
      <section class="letter-words">
        <ScreenHeading title={letter}>{letter}</ScreenHeading>
        <NotSaved what="letter" />
      </section>
    ) : (
      <Failed error={error} retry={reload} />
    );
  if (!data) return <Loading />;
  return (
    <section class="letter-words">
      <ScreenHeading title={letter}>
        {letter}{' '}
        <small class="muted">
          {count(data.count, lang)} {t.words}
        </small>
      </ScreenHeading>
      {stored && data.words.some((w) => !stored.has(w.path)) ? (
        <p class="muted" id="letter-not-saved">
          {t.someNotSaved}
        </p>
      ) : null}
      <VirtualList
        items={data.words}
        rowHeight={44}
        label={`${letter}: ${t.words}`}
        render={(w) =>
          stored && !stored.has(w.path) ? (
            <a href={href.word(w.word)} class="unsaved">
              {w.word} <span class="visually-hidden">({t.wordNotSaved})</span>
            </a>
          ) : (
            <a href={href.word(w.word)}>{w.word}</a>
          )
        }
      />
    </section>
  );
}
