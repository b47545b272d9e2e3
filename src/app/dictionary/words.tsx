import { href } from './links.ts';
import { count } from '../../core/digits.ts';
import { useLang, useT } from '../i18n.ts';
import { useLoad } from '../ui/use-load.ts';
import { isNotSaved } from '../client/offline.ts';
import { NotSaved } from '../ui/not-saved.tsx';
import { Failed, Loading } from '../ui/status.tsx';
import { VirtualList } from '../ui/virtual-list.tsx';
import { getWords } from './api.ts';
import { ScreenHeading } from '../ui/focus.tsx';

export function LetterWords({ letter }: { letter: string }) {
  const t = useT();
  const lang = useLang();
  const { data, error, reload } = useLoad(() => getWords(letter), [letter]);
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
      <VirtualList items={data.words} rowHeight={44} label={`${letter}: ${t.words}`} render={(w) => <a href={href.word(w.word)}>{w.word}</a>} />
    </section>
  );
}
