// A record's files on its book page (question-paper collections, NCERT chapters, audio, every
// format of a record): each with its kind, format and size, read or listened to inside Khoj or
// opened at its host, and saved alone; "save all" states the total size first and asks.

import { digits } from '../../core/digits.ts';
import { type BookFile, recordFiles } from '../../core/books/files.ts';
import { useId, useState } from 'preact/hooks';
import { textLang } from '../../core/text-lang.ts';
import { useLang } from '../i18n.ts';
import { href } from '../router.ts';
import type { Book } from './api.ts';
import { cancelPdf, deletePdf, fileKey, pdfLocation, saveFile, useDownloads } from './downloads.ts';
import { SizeFirst } from './size-first.tsx';
import { followable, pdfOf } from './file-urls.ts';
import { GENERIC_FORMATS, useFilesT } from './files-strings.ts';
import { failureText, size, useBooksT } from './strings.ts';
import type { BookRef } from './user-db.ts';
import './files.css';

/** Kinds saved and opened inside Khoj. */
const SAVABLE = new Set(['pdf', 'epub', 'audio']);

export const filesOf = (book: Record<string, unknown>): BookFile[] =>
  (Array.isArray(book.files) ? (book.files as BookFile[]) : recordFiles(book)).filter((f) => typeof f.url === 'string' && followable(f.url));

/** Where a saved or listed file is kept (the record's own PDF under the record's id). */
export function keyOf(book: Book, url: string): string {
  const own = pdfOf(book);
  return own && pdfLocation(own) === pdfLocation(url) ? book.id : fileKey(book.id, url);
}

/** The app route that opens a file inside Khoj, if one does. */
export function openRoute(book: Book, f: BookFile): string | undefined {
  const own = keyOf(book, f.url) === book.id;
  if (f.kind === 'pdf') return href.section('books', ['read', book.id], own ? undefined : { file: f.url });
  if (f.kind === 'audio') return href.section('books', ['listen', book.id], { file: f.url });
  return undefined;
}

/** Whether the book page lists the files: more than one, or one the catalog's PDF button does not cover. */
export const showsFiles = (book: Book): boolean => {
  const files = filesOf(book);
  return files.length > 1 || files.some((f) => f.kind === 'audio' || f.kind === 'epub');
};

export function RecordFiles({ book }: { book: Book }) {
  const t = useFilesT();
  const lang = useLang();
  const files = filesOf(book);
  return (
    <section class="record-files" aria-labelledby="files-h">
      <h2 id="files-h">
        {t.files} <span class="muted">({t.filesCount(digits(files.length, lang))})</span>
      </h2>
      <SaveAll book={book} files={files.filter((f) => SAVABLE.has(f.kind))} />
      <ol class="file-list" id="file-list">
        {files.map((f) => (
          <FileRow key={f.url} book={book} file={f} />
        ))}
      </ol>
    </section>
  );
}

function FileRow({ book, file }: { book: Book; file: BookFile }) {
  const t = useFilesT();
  const lang = useLang();
  const route = openRoute(book, file);
  const titleId = useId();
  // The file's own title, or its kind in the reader's words; its format's name (MP3, Kobo EPUB) as data.
  const format = GENERIC_FORMATS.has(file.format) || file.format === t.kinds[file.kind] ? undefined : file.format;
  return (
    <li class="file-row" data-kind={file.kind} data-url={file.url}>
      <span class="file-title" id={titleId} lang={textLang(file.title)}>
        {file.title ?? t.kinds[file.kind]}
      </span>{' '}
      <span class="file-meta muted">
        {t.kinds[file.kind]}
        {format ? (
          <>
            {' · '}
            <span translate={false}>{format}</span>
          </>
        ) : null}
        {file.year ? ` · ${digits(file.year, lang)}` : ''} ·{' '}
        <span class="file-size">{file.size ? digits(file.size, lang) : file.sizeBytes !== undefined ? size(file.sizeBytes, lang) : t.sizeUnknown}</span>
      </span>
      <span class="file-actions">
        {route ? (
          <a href={route} class={file.kind === 'audio' ? 'listen-file' : 'read-file'}>
            {file.kind === 'audio' ? t.listen : t.readFile}
          </a>
        ) : (
          <a href={file.url} class="open-file" target="_blank" rel="noopener noreferrer">
            {t.openLink}
          </a>
        )}{' '}
        {SAVABLE.has(file.kind) ? (
          <FileState
            book={book}
            file={{
              url: file.url,
              kind: file.kind,
              label: file.label,
              ...(route ? { open: route } : {}),
              ...(file.sizeBytes !== undefined ? { sizeBytes: file.sizeBytes } : {}),
            }}
            k={keyOf(book, file.url)}
            titleId={titleId}
          />
        ) : null}
      </span>
    </li>
  );
}

/** One file's "save for offline" state: save, progress with cancel, saved with its size and delete, or why it failed. */
export function FileState({
  book,
  file,
  k,
  titleId,
}: {
  book: BookRef;
  file: { url: string; kind: BookFile['kind']; label: string; open?: string; sizeBytes?: number };
  k: string;
  /** the element naming the file: a button's name is its own word and that title (the title is data, in its own language) */
  titleId?: string;
}) {
  const t = useFilesT();
  const bt = useBooksT();
  const lang = useLang();
  const own = useId();
  const named = (label: string) => (titleId ? { id: own, 'aria-labelledby': `${own} ${titleId}` } : { 'aria-label': label });
  const { rows, running } = useDownloads();
  const row = rows.find((r) => r.id === k);
  const job = running.get(k);
  if (job)
    return (
      <span class="file-state running">
        <progress
          max={job.total ?? 1}
          value={job.total ? job.done : undefined}
          {...(titleId ? { 'aria-labelledby': titleId } : { 'aria-label': `${bt.savingPdf}: ${file.label}` })}
        />{' '}
        {size(job.done, lang)}{' '}
        <button type="button" onClick={() => cancelPdf(k)}>
          {bt.cancel}
        </button>
      </span>
    );
  if (row?.state === 'saved')
    return (
      <span class="file-state saved">
        <span class="file-saved">
          ✓ {bt.saved} · {row.bytes === null ? t.sizeUnknown : size(row.bytes, lang)}
        </span>{' '}
        <button type="button" class="delete-file" {...named(`${bt.remove}: ${file.label}`)} onClick={() => void deletePdf(k)}>
          {bt.remove}
        </button>
      </span>
    );
  return (
    <span class="file-state">
      {row?.state === 'failed' ? (
        <span role="alert" class="alert file-failed">
          {bt.failed}: {failureText(bt, row.error, lang)}
        </span>
      ) : null}{' '}
      <SizeFirst
        url={file.url}
        {...(file.sizeBytes !== undefined ? { bytes: file.sizeBytes } : {})}
        class="save-file"
        named={named(t.saveFileOf(file.label))}
        label={row?.state === 'failed' ? bt.retry : t.saveFile}
        onSave={() => void saveFile(book, file, k)}
      />
    </span>
  );
}

/** "Save all": first the number of files and their total size (and how many have none given), then, if the reader agrees, each in turn. */
export function SaveAll({
  book,
  files,
  keyFor,
  openFor,
}: {
  book: BookRef;
  files: BookFile[];
  keyFor?: (f: BookFile) => string;
  openFor?: (f: BookFile) => string | undefined;
}) {
  const t = useFilesT();
  const bt = useBooksT();
  const lang = useLang();
  const { rows, running } = useDownloads();
  const [asking, setAsking] = useState(false);
  const key = keyFor ?? ((f: BookFile) => keyOf(book as unknown as Book, f.url));
  const open = openFor ?? ((f: BookFile) => openRoute(book as unknown as Book, f));
  const todo = files.filter((f) => rows.find((r) => r.id === key(f))?.state !== 'saved' && !running.has(key(f)));
  if (files.length < 2) return null;
  if (!todo.length)
    return (
      <p class="muted all-saved" id="all-saved">
        ✓ {t.allSaved}
      </p>
    );
  const known = todo.filter((f) => f.sizeBytes !== undefined);
  const total = known.reduce((n, f) => n + f.sizeBytes!, 0);
  const n = (x: number) => digits(x, lang);
  const go = async () => {
    setAsking(false);
    for (const f of todo) {
      const route = open(f);
      await saveFile(book, { url: f.url, kind: f.kind, label: f.label, ...(route ? { open: route } : {}) }, key(f));
    }
  };
  return (
    <div class="save-all">
      {asking ? (
        <div role="alertdialog" aria-labelledby="save-all-ask" class="save-all-ask">
          <p id="save-all-ask">{t.saveAllAsk(n(todo.length), size(total, lang), n(todo.length - known.length))}</p>
          <button type="button" id="save-all-yes" onClick={() => void go()}>
            {t.saveAllYes}
          </button>{' '}
          <button type="button" id="save-all-no" onClick={() => setAsking(false)}>
            {bt.cancel}
          </button>
        </div>
      ) : (
        <button type="button" id="save-all" onClick={() => setAsking(true)}>
          {t.saveAll} ({t.filesCount(n(todo.length))})
        </button>
      )}
    </div>
  );
}
