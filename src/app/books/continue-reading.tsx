// "Continue reading" on the catalog home: the books the reader has open in the PDF or EPUB reader,
// the most recent first, each opening at its remembered page (user-db.ts positions).

import { digits } from '../../core/digits.ts';
import { textLang } from '../../core/text-lang.ts';
import { useLang } from '../i18n.ts';
import { useLoad } from '../ui/use-load.ts';
import { readerHref } from './book.tsx';
import { Cover } from './cards.tsx';
import { useBooksT } from './strings.ts';
import { allPositions } from './user-db.ts';

export function ContinueReading() {
  const t = useBooksT();
  const lang = useLang();
  const { data } = useLoad(allPositions, []);
  if (!data?.length) return null;
  return (
    <section aria-labelledby="continue-h" class="continue-reading">
      <h2 id="continue-h">{t.continueReading}</h2>
      <ol class="book-cards" id="continue-reading">
        {data.map((p) => (
          <li key={p.id} class="book-card" data-id={p.id}>
            <a href={readerHref(p.id, p.kind)}>
              <Cover book={p} />
              <span class="card-text">
                <span class="card-title" lang={textLang(p.title)}>
                  {p.title}
                </span>
                <span class="card-meta card-page">{(p.kind === 'epub' ? t.atChapter : t.atPage)(digits(p.page, lang), digits(p.pages, lang))}</span>
              </span>
            </a>
          </li>
        ))}
      </ol>
    </section>
  );
}
