import { href } from './links.ts';
import { useDictionaryT } from './strings.ts';
import { useLoad } from '../ui/use-load.ts';
import { listWords } from './user-db.ts';
import { SaveOffline } from './save-offline.tsx';
import { ScreenHeading } from '../ui/focus.tsx';

/** Bookmarks, history and the offline download, on one page. */
export function SavedPage() {
  const t = useDictionaryT();
  const { data } = useLoad(() => Promise.all([listWords('bookmarks'), listWords('history')]), []);
  const [bookmarks = [], history = []] = data ?? [];
  return (
    <>
      <ScreenHeading>{t.bookmarks}</ScreenHeading>
      <SaveOffline />
      <WordList title={t.bookmarks} words={bookmarks} id="bookmarks" />
      <WordList title={t.history} words={history} id="history" />
      <p>
        <a href={href.data()} id="your-data">
          {t.yourData}
        </a>
      </p>
      <p>
        <a href={href.storage()} id="kept-link">
          {t.keptLink}
        </a>
      </p>
    </>
  );
}

function WordList({ title, words, id }: { title: string; words: string[]; id: string }) {
  if (!words.length) return null;
  return (
    <section aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{title}</h2>
      <ul class="chips" id={id}>
        {words.map((w) => (
          <li key={w}>
            <a href={href.word(w)}>{w}</a>
          </li>
        ))}
      </ul>
    </section>
  );
}
