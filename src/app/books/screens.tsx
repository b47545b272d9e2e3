// The textbook catalog's screens (issue 4), under #/books/… (loaded on first visit, see books-page.tsx):
//   #/books                      search, grades, sources
//   #/books/grade/<n>            the grade's subjects
//   #/books/list?grade=&subject=&source=&language=&q=&page=   filtered, searchable results
//   #/books/book/<id>            one book: every field, links, save the PDF, shelf
//   #/books/downloads            My downloads
//   #/books/shelves              My shelves
//   #/books/read/<id>[?file=]    the saved PDF in the reader (pdf.js: its own chunk, loaded here only)
//   #/books/epub/<id>            the saved EPUB in its reader (epub-reader.tsx: its own chunk, likewise)
//   #/books/listen/<id>?file=    a record's audio files in the player (audio-player.tsx)
//   #/books/audio[?grade=&subject=&chapter=]   grade-wise audio: the list, or a subject's chapters in the player
// Every page ends with the credit the upstream NOTICE asks for, and its LICENSE and NOTICE.

import { href } from '../router.ts';
import { BookPage } from './book.tsx';
import { BooksHome, GradePage, ListPage } from './browse.tsx';
import { DownloadsPage } from './downloads-page.tsx';
import { ShelvesPage } from './shelves.tsx';
import { useBooksT } from './strings.ts';
import { useFilesT } from './files-strings.ts';
import { lazyScreens } from '../ui/lazy-screens.tsx';
import './books.css';

const PdfReader = lazyScreens(() => import('./pdf-reader.tsx').then((m) => m.PdfReaderScreen));
const EpubReader = lazyScreens(() => import('./epub-reader.tsx').then((m) => m.EpubReaderScreen));
const Listen = lazyScreens(() => import('./audio-player.tsx').then((m) => m.ListenScreen));
const Gradewise = lazyScreens(() => import('./gradewise-page.tsx').then((m) => m.GradewiseScreen));

export function BooksScreens({ path, params }: { path: string[]; params: URLSearchParams }) {
  const t = useBooksT();
  const ft = useFilesT();
  const [page, arg] = path;
  const body =
    page === 'grade' && arg ? (
      <GradePage grade={arg} />
    ) : page === 'list' ? (
      <ListPage params={params} />
    ) : page === 'book' && arg ? (
      <BookPage id={arg} />
    ) : page === 'read' && arg ? (
      <PdfReader path={path} params={params} />
    ) : page === 'epub' && arg ? (
      <EpubReader path={path} params={params} />
    ) : page === 'listen' && arg ? (
      <Listen path={path} params={params} />
    ) : page === 'audio' ? (
      <Gradewise path={path} params={params} />
    ) : page === 'downloads' ? (
      <DownloadsPage />
    ) : page === 'shelves' ? (
      <ShelvesPage />
    ) : (
      <BooksHome />
    );
  return (
    <div class="books">
      <nav class="books-nav" aria-label={t.heading}>
        <a href={href.section('books')} aria-current={page === undefined ? 'page' : undefined}>
          {t.heading}
        </a>
        <a href={href.section('books', ['downloads'])} aria-current={page === 'downloads' ? 'page' : undefined}>
          {t.downloads}
        </a>
        <a href={href.section('books', ['shelves'])} aria-current={page === 'shelves' ? 'page' : undefined}>
          {t.shelves}
        </a>
        <a href={href.section('books', ['audio'])} aria-current={page === 'audio' ? 'page' : undefined}>
          {ft.gradewiseAudio}
        </a>
      </nav>
      {body}
      <footer class="books-credit">
        <p>
          {/* The upstream's own words (its NOTICE asks for them), and its files by their names. */}
          {t.credit}: <strong lang="en">Powered by YoBook API</strong> ·{' '}
          <a href="api/books/LICENSE.upstream.txt" translate={false}>
            LICENSE
          </a>{' '}
          ·{' '}
          <a href="api/books/NOTICE.upstream.txt" translate={false}>
            NOTICE
          </a>{' '}
          · <a href="docs/">{t.apiDocs}</a>
        </p>
      </footer>
    </div>
  );
}
