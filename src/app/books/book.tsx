// One book: every field, its source, links to read and download, saving the PDF for
// offline, and the reader's shelf.

import { digits } from '../../core/digits.ts';
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { useLang } from '../i18n.ts';
import type { Book } from './api.ts';
import { WithBook } from './with-book.tsx';
import { Cover, SourceBadge, useCountryName, useLanguageName, useSubjectName } from './cards.tsx';
import { cancelPdf, deletePdf, savePdf, useDownloads } from './downloads.ts';
import { SizeFirst } from './size-first.tsx';
import { fileUrls, followable, pdfOf } from './file-urls.ts';
import { href } from '../router.ts';
import { failureText, size, useBooksT } from './strings.ts';
import { type BookRef, type SavedKind, type Shelf, SHELVES, setShelf, shelfOf } from './user-db.ts';
import { ScreenHeading } from '../ui/focus.tsx';
import { RecordFiles, showsFiles } from './record-files.tsx';
import type { BookFile, FileKind } from '../../core/books/files.ts';
import { textLang } from '../../core/text-lang.ts';
import { useFilesT } from './files-strings.ts';

/** Field labels, in the order shown; fields not listed here follow under their own names. */
const LABELS: Record<string, [ne: string, en: string]> = {
  titleLocal: ['स्थानीय शीर्षक', 'Local title'],
  author: ['लेखक', 'Author'],
  grade: ['कक्षा', 'Grade'],
  subject: ['विषय', 'Subject'],
  language: ['भाषा', 'Language'],
  country: ['देश', 'Country'],
  curriculum: ['पाठ्यक्रम', 'Curriculum'],
  category: ['प्रकार', 'Category'],
  keywords: ['मुख्य शब्द', 'Keywords'],
  description: ['विवरण', 'Description'],
  publishedYear: ['प्रकाशन वर्ष', 'Published'],
  pageCount: ['पृष्ठ संख्या', 'Pages'],
  chapters: ['पाठहरू', 'Chapters'],
  source: ['स्रोत', 'Source'],
  sourceUrl: ['स्रोत पृष्ठ', 'Source page'],
  readUrl: ['पढ्ने ठेगाना', 'Read URL'],
  pdfUrl: ['PDF ठेगाना', 'PDF URL'],
  coverUrl: ['आवरण', 'Cover'],
  sourceCoverUrl: ['स्रोतको आवरण', 'Source cover'],
  scrapedAt: ['सङ्कलन मिति', 'Collected'],
  id: ['पहिचान', 'Identifier'],
  // Fields of the real sources kept under their upstream names (../shared/data/books/current).
  publisher: ['प्रकाशक', 'Publisher'],
  educationLevel: ['शिक्षाको तह', 'Education level'],
  academicLevel: ['शैक्षिक तह', 'Academic level'],
  level: ['तह', 'Level'],
  subjects: ['विषयहरू', 'Subjects'],
  subcategory: ['उपप्रकार', 'Subcategory'],
  collection_name: ['सङ्ग्रह', 'Collection'],
  institutes: ['संस्थाहरू', 'Institutes'],
  part: ['भाग', 'Part'],
  downloadUrl: ['डाउनलोड ठेगाना', 'Download URL'],
  audioUrl: ['अडियो ठेगाना', 'Audio URL'],
  zipUrl: ['सङ्कुचित फाइलको ठेगाना', 'Archive URL'],
  chapterDownloadUrls: ['पाठहरूका ठेगाना', 'Chapter URLs'],
  question_papers: ['प्रश्नपत्रहरू', 'Question papers'],
  files: ['फाइलहरू', 'Files'],
  upstream: ['स्रोतले लेखेको रूप', 'As the source wrote it'],
};
const NOT_LISTED = new Set(['title', 'alternates', 'sample', 'detailUrl']);
/** Addresses, identifiers and timestamps: under "details", with any field we have no label for; the rest is what a reader looks for. */
const TECHNICAL = new Set([
  'sourceUrl',
  'readUrl',
  'pdfUrl',
  'coverUrl',
  'sourceCoverUrl',
  'scrapedAt',
  'id',
  'downloadUrl',
  'audioUrl',
  'zipUrl',
  'chapterDownloadUrls',
  'question_papers',
  'files',
  'upstream',
]);
const forReaders = (k: string) => k in LABELS && !TECHNICAL.has(k);

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

/** A record's link, opened in a new tab; none at all for one into the app's own saved files (file-urls.ts followable). */
function ExternalLink({ href, children, class: cls, address }: { href: string; children: ComponentChildren; class?: string; address?: boolean }) {
  if (!followable(href)) return null;
  return (
    <a href={href} class={cls} target="_blank" rel="noopener noreferrer" translate={address ? false : undefined}>
      {children}
    </a>
  );
}

function Fields({ book }: { book: Book }) {
  const t = useBooksT();
  const lang = useLang();
  const subject = useSubjectName();
  const language = useLanguageName();
  const country = useCountryName();
  const ft = useFilesT();
  // A field's name: ours, or the source's own name as data (it has no translation).
  const label = (k: string): ComponentChildren => LABELS[k]?.[lang === 'ne' ? 0 : 1] ?? <code>{k}</code>;
  // The record's values are data: each says its language (a title, a name), an address or an
  // identifier is not to be translated, a number is written in the interface's digits.
  const shown = (k: string, v: unknown): ComponentChildren => {
    if (v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0)) return <span class="muted">—</span>;
    if (k === 'grade') return digits(v as number, lang);
    if (k === 'subject') return subject(v as string);
    if (k === 'language') return language(v as string);
    if (k === 'country') return country(v as string);
    if (k === 'source') return <SourceBadge source={v as string} />;
    if (k === 'scrapedAt' && typeof v === 'string' && /^\d{4}-\d\d-\d\d/.test(v)) return digits(v.slice(0, 10), lang);
    if (k === 'files' && Array.isArray(v))
      return (
        <ul class="field-list">
          {(v as BookFile[]).map((f, i) => (
            <li key={i}>
              {ft.kinds[f.kind] ?? ft.kinds.other}
              {f.title ? (
                <>
                  {' · '}
                  <span lang={textLang(f.title)}>{f.title}</span>
                </>
              ) : null}
              :{' '}
              <ExternalLink href={f.url} address>
                {f.url}
              </ExternalLink>
            </li>
          ))}
        </ul>
      );
    if (k === 'upstream' && typeof v === 'object' && !Array.isArray(v))
      return (
        <dl class="field-upstream">
          {Object.entries(v as Record<string, unknown>).map(([name, value]) => (
            <div key={name}>
              <dt>{label(name)}</dt>
              <dd>
                <code>{typeof value === 'string' ? value : JSON.stringify(value)}</code>
              </dd>
            </div>
          ))}
        </dl>
      );
    if (k === 'chapters' && Array.isArray(v))
      return (
        <ol>
          {v.map((c, i) => (
            <li key={i} lang={textLang(c)}>
              {String(c)}
            </li>
          ))}
        </ol>
      );
    if (Array.isArray(v) && v.every((x) => typeof x !== 'object' || x === null)) {
      const text = v.join(', ');
      return <span lang={textLang(text)}>{text}</span>;
    }
    if (typeof v === 'object') return <code>{JSON.stringify(v)}</code>;
    if (typeof v === 'number') return digits(v, lang);
    if (typeof v === 'boolean') return v ? t.yes : t.no;
    const text = String(v);
    if (/^(https?:)?\/\//.test(text))
      return (
        <ExternalLink href={text} address>
          {text}
        </ExternalLink>
      );
    if (k === 'id' || k === 'coverUrl' || text.startsWith('/')) return <code>{text}</code>;
    // A year or a count written as text ("2067", "120"): the interface's digits.
    if (!/[^\d\s.,/–-]/.test(text)) return digits(text, lang);
    return <span lang={textLang(text)}>{text}</span>;
  };
  const keys = [...Object.keys(LABELS), ...Object.keys(book).filter((k) => !(k in LABELS) && !NOT_LISTED.has(k))];
  const list = (ks: string[]) => (
    <dl class="book-fields">
      {ks.map((k) => (
        <div key={k} data-field={k}>
          <dt>{label(k)}</dt>
          <dd>{shown(k, book[k])}</dd>
        </div>
      ))}
    </dl>
  );
  return (
    <section aria-labelledby="fields-h">
      <h2 id="fields-h">{t.fields}</h2>
      {list(keys.filter(forReaders))}
      <details class="book-technical">
        <summary>{t.technical}</summary>
        {list(keys.filter((k) => !forReaders(k)))}
      </details>
      {book.alternates?.length ? (
        <>
          <h2>{t.alternates}</h2>
          <ul class="alternates">
            {book.alternates.map((a) => (
              <li key={a.id}>
                <SourceBadge source={a.source} /> <code>{a.id}</code> {a.readUrl ? <ExternalLink href={a.readUrl}>{t.read}</ExternalLink> : null}{' '}
                {a.pdfUrl ? <ExternalLink href={a.pdfUrl}>{t.download}</ExternalLink> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
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
