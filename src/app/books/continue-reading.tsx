// "Continue reading" on the catalog home: the books the reader has open in the PDF reader,
// the most recent first, each opening at its remembered page (user-db.ts positions).

import { digits } from '../../core/digits.ts';
import { useLang } from '../i18n.ts';
import { href } from '../router.ts';
import { useLoad } from '../ui/use-load.ts';
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
            <a href={href.section('books', ['read', p.id])}>
              <Cover book={p} />
              <span class="card-text">
                <span class="card-title">{p.title}</span>
                <span class="card-meta card-page">{t.atPage(digits(p.page, lang), digits(p.pages, lang))}</span>
              </span>
            </a>
          </li>
        ))}
      </ol>
    </section>
  );
}
