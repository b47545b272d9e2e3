// My shelves: the books the reader wants to read, is reading and has read (IndexedDB).

import { Loading } from '../ui/status.tsx';
import { useLoad } from '../ui/use-load.ts';
import { BookCard } from './cards.tsx';
import { useBooksT } from './strings.ts';
import { allShelved, SHELVES } from './user-db.ts';
import { ScreenHeading } from '../ui/focus.tsx';

export function ShelvesPage() {
  const t = useBooksT();
  const { data } = useLoad(allShelved, []);
  if (!data) return <Loading />;
  const names = { want: t.want, reading: t.reading, read: t.done };
  return (
    <section aria-labelledby="shelves-h">
      <ScreenHeading id="shelves-h">{t.shelves}</ScreenHeading>
      {SHELVES.map((s) => {
        const books = data.filter((r) => r.shelf === s);
        return (
          <section key={s} class="shelf" id={`shelf-${s}`} aria-labelledby={`shelf-${s}-h`}>
            <h2 id={`shelf-${s}-h`}>{names[s]}</h2>
            {books.length ? (
              <ol class="book-cards">
                {books.map((b) => (
                  <BookCard key={b.id} book={b} />
                ))}
              </ol>
            ) : (
              <p class="muted">{t.emptyShelf}</p>
            )}
          </section>
        );
      })}
    </section>
  );
}
