// One book: every field, its source, links to read and download, saving the PDF for
// offline, and the reader's shelf.

import { digits } from '../../core/digits.ts';
import { useEffect, useState } from 'preact/hooks';
import { useLang } from '../i18n.ts';
import type { Book } from './api.ts';
import { WithBook } from './with-book.tsx';
import { Cover, SourceBadge } from './cards.tsx';
import { cancelPdf, deletePdf, savePdf, useDownloads } from './downloads.ts';
import { SizeFirst } from './size-first.tsx';
import { fileUrls, pdfOf } from './file-urls.ts';
import { href } from '../router.ts';
import { failureText, size, useBooksT } from './strings.ts';
import { type BookRef, type SavedKind, type Shelf, SHELVES, setShelf, shelfOf } from './user-db.ts';
import { ScreenHeading } from '../ui/focus.tsx';
import { RecordFiles, showsFiles } from './record-files.tsx';
import { ExternalLink, Fields } from './book-fields.tsx';
import type { FileKind } from '../../core/books/files.ts';
import { textLang } from '../../core/text-lang.ts';

export const BookPage = ({ id }: { id: string }) => <WithBook id={id}>{(book) => <BookArticle book={book} />}</WithBook>;

function BookArticle({ book }: { book: Book }) {
  const t = useBooksT();
  return (
    <article class="book">
      <header class="book-head">
        <Cover book={book} big />
        <div>
          <ScreenHeading title={book.title}>
            <span lang={textLang(book.title)}>{book.title}</span>
          </ScreenHeading>
          {book.titleLocal && book.titleLocal !== book.title ? (
            <p class="book-local" lang={textLang(book.titleLocal)}>
              {book.titleLocal}
            </p>
          ) : null}
          <p>
            <SourceBadge source={book.source} />
          </p>
          {book.sample ? <p class="muted sample-note">{t.sample}</p> : null}
          <p class="actions book-links">
            {book.readUrl ? (
              <ExternalLink href={book.readUrl} class="read">
                {t.read}
              </ExternalLink>
            ) : null}
            {pdfOf(book) ? (
              <ExternalLink href={pdfOf(book)!} class="download">
                {t.download}
              </ExternalLink>
            ) : null}
            {book.sourceUrl ? (
              <ExternalLink href={book.sourceUrl} class="source-link">
                {t.sourcePage}
              </ExternalLink>
            ) : null}
          </p>
        </div>
      </header>
      {pdfOf(book) ? (
        <SavePdf book={{ ...book, pdfUrl: pdfOf(book) }} />
      ) : fileUrls(book).epub[0] ? (
        <SavePdf book={{ ...book, pdfUrl: fileUrls(book).epub[0]! }} kind="epub" />
      ) : null}
      {showsFiles(book) ? <RecordFiles book={book} /> : null}
      <ShelfPicker book={book} />
      <Fields book={book} />
    </article>
  );
}

/** Where a saved copy of this kind is read. */
export const readerHref = (id: string, kind: FileKind | undefined) => href.section('books', [kind === 'epub' ? 'epub' : 'read', id]);

/** The whole "save for offline" state of one book, as on the book page and in My downloads (kind: of the file at `pdfUrl`). */
export function PdfState({ book, kind = 'pdf' }: { book: BookRef & { pdfUrl: string | null }; kind?: SavedKind }) {
  const t = useBooksT();
  const lang = useLang();
  const { rows, running } = useDownloads();
  const row = rows.find((r) => r.id === book.id);
  const job = running.get(book.id);
  if (job) {
    const pct = job.total ? Math.min(100, Math.round((job.done / job.total) * 100)) : undefined;
    return (
      <div class="pdf-state running">
        <progress class="pdf-progress" max={100} value={pct} aria-label={t.savingPdf} />
        <span aria-live="polite" class="pdf-bytes">
          {t.savingPdf}: {size(job.done, lang)}
          {job.total ? ` / ${size(job.total, lang)} (${digits(pct!, lang)}%)` : ''}
        </span>{' '}
        <button type="button" onClick={() => cancelPdf(book.id)}>
          {t.cancel}
        </button>
      </div>
    );
  }
  if (row?.state === 'saved')
    return (
      <div class="pdf-state saved">
        <span role="status" class="pdf-saved">
          ✓ {t.saved} · {row.bytes === null ? t.sizeUnknown : size(row.bytes, lang)}
        </span>{' '}
        {/* The reader screen opens it (or, for an opaque copy, says why it cannot and links the original). */}
        <a href={readerHref(book.id, row.kind)} class="open-saved">
          {t.openSaved}
        </a>{' '}
        {row.opaque ? (
          <a href={row.pdfUrl} target="_blank" rel="noopener noreferrer" class="open-original">
            {t.openOriginal}
          </a>
        ) : null}{' '}
        <button type="button" class="delete-pdf" onClick={() => void deletePdf(book.id)}>
          {t.remove}
        </button>
        {row.opaque ? <p class="muted opaque-note">{t.opaqueNote}</p> : null}
      </div>
    );
  const failed = row?.state === 'failed';
  return (
    <div class={`pdf-state ${failed ? 'failed' : ''}`}>
      {failed ? (
        <p role="alert" class="alert pdf-failed">
          {t.failed}: {failureText(t, row!.error, lang)}
        </p>
      ) : null}
      {book.pdfUrl ? (
        <SizeFirst
          url={book.pdfUrl}
          class="save-pdf"
          label={failed ? t.retry : kind === 'epub' ? t.saveEpub : t.savePdf}
          onSave={() => void savePdf(book, kind)}
        />
      ) : null}
    </div>
  );
}

function SavePdf({ book, kind = 'pdf' }: { book: Book; kind?: SavedKind }) {
  const t = useBooksT();
  return (
    <section class="save-pdf-box" aria-label={kind === 'epub' ? t.saveEpub : t.savePdf}>
      <PdfState book={book} kind={kind} />
    </section>
  );
}

function ShelfPicker({ book }: { book: Book }) {
  const t = useBooksT();
  const [shelf, set] = useState<Shelf | undefined | null>(null);
  const [problem, setProblem] = useState(false);
  useEffect(() => void shelfOf(book.id).then(set), [book.id]);
  // Drawn at once, its choices enabled once the stored shelf is read: appearing late, it pushed the fields down.
  const reading = shelf === null;
  const names: Record<Shelf, string> = { want: t.want, reading: t.reading, read: t.done };
  const choose = (s: Shelf | undefined) =>
    setShelf(book, s).then(
      () => (set(s), setProblem(false)),
      () => setProblem(true),
    );
  return (
    <fieldset class="shelf-picker">
      <legend>{t.shelf}</legend>
      {[undefined, ...SHELVES].map((s) => (
        <label key={s ?? 'none'}>
          <input type="radio" name="shelf" value={s ?? ''} checked={!reading && shelf === s} disabled={reading} onChange={() => void choose(s)} />{' '}
          {s ? names[s] : t.shelfNone}
        </label>
      ))}
      {problem ? (
        <p role="alert" class="alert">
          {t.shelfProblem}
        </p>
      ) : null}
    </fieldset>
  );
}
