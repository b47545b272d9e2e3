// My downloads: every saved (or failed) file of every kind (a book's PDF, a chapter or paper
// saved alone, an audio track, an EPUB) with its size, the total, open, delete one or all, and
// retry; how much of the device's storage the app uses, and whether that storage is persistent.

import { digits } from '../../core/digits.ts';
import { textLang } from '../../core/text-lang.ts';
import { useState } from 'preact/hooks';
import { useLang } from '../i18n.ts';
import { PdfState, readerHref } from './book.tsx';
import { bookHref, Cover } from './cards.tsx';
import { deleteAll, deletePdf, useDownloads } from './downloads.ts';
import { useFilesT } from './files-strings.ts';
import { useEstimate, usePersisted } from './persist.ts';
import { failureText, size, useBooksT } from './strings.ts';
import type { DownloadRow } from './user-db.ts';
import { ScreenHeading } from '../ui/focus.tsx';
import { href } from '../router.ts';
import { PacksLink } from '../packs/packs-link.tsx';

/** A row of the record's own PDF (keyed by the record's id), which the book page's PDF state shows. */
const isBookPdf = (r: DownloadRow) => !r.bookId && (r.kind ?? 'pdf') === 'pdf';

export function DownloadsPage() {
  const t = useBooksT();
  const ft = useFilesT();
  const lang = useLang();
  const { rows, running } = useDownloads();
  const [asking, setAsking] = useState(false);
  const busy = running.size;
  const saved = rows.filter((r) => r.state === 'saved');
  const bytes = saved.reduce((n, r) => n + (r.bytes ?? 0), 0);
  const ids = new Set(rows.map((r) => r.id));
  const onlyPdfs = saved.every((r) => (r.kind ?? 'pdf') === 'pdf');
  return (
    <section aria-labelledby="downloads-h">
      <ScreenHeading id="downloads-h">{t.downloads}</ScreenHeading>
      <StorageLines rows={rows} busy={busy} />
      <p>
        <a href={href.storage()} id="kept-link">
          {ft.keptLink}
        </a>
      </p>
      <PacksLink />
      {saved.length ? (
        <p id="saved-total">
          {(onlyPdfs ? t.savedTotal : ft.savedFiles)(digits(saved.length, lang), size(bytes, lang))}
          {saved.some((r) => r.opaque) ? ` + ${t.sizeUnknown}` : ''}
        </p>
      ) : null}
      {rows.length === 0 && busy === 0 ? <p class="muted">{onlyPdfs ? t.noDownloads : ft.noneSaved}</p> : null}
      {rows.length ? <DeleteAll asking={asking} setAsking={setAsking} /> : null}
      <ul class="downloads" id="downloads">
        {rows.map((r, i) => (
          <li key={r.id} data-id={r.id} data-kind={r.kind ?? 'pdf'}>
            <a href={r.bookId ? (r.open ?? bookHref(r.bookId)) : bookHref(r.id)} class="download-book" id={`download-${i}`}>
              <Cover book={r} />
              <span class="card-title" lang={textLang(r.title)}>
                {r.title}
              </span>
              {r.label ? (
                <span class="card-meta download-label" lang={textLang(r.label)}>
                  {r.label}
                </span>
              ) : null}
            </a>
            {isBookPdf(r) ? <PdfState book={r} /> : <FileRowState row={r} titleId={`download-${i}`} />}
          </li>
        ))}
        {[...running.keys()]
          .filter((id) => !ids.has(id))
          .map((id) => (
            <li key={id} data-id={id}>
              <span>{id}</span>
              <PdfState book={{ id, title: id, coverUrl: '', pdfUrl: null }} />
            </li>
          ))}
      </ul>
    </section>
  );
}

/** How much of the device's storage the app uses, and whether it is persistent: measured again whenever a download starts, ends or is deleted. */
function StorageLines({ rows, busy }: { rows: DownloadRow[]; busy: number }) {
  const t = useBooksT();
  const ft = useFilesT();
  const lang = useLang();
  const states = rows.map((r) => r.state).join();
  const estimate = useEstimate([rows.length, busy, states]);
  const persisted = usePersisted([rows.length, states]);
  return (
    <>
      {estimate ? (
        <p class="muted" id="storage-estimate">
          {t.storage(size(estimate.usage, lang), size(Math.max(0, estimate.quota - estimate.usage), lang))}
        </p>
      ) : null}
      {persisted !== undefined ? (
        <p class="muted" id="storage-persisted" data-persisted={String(persisted)}>
          {persisted ? ft.persistent : ft.notPersistent}
        </p>
      ) : null}
    </>
  );
}

/** Delete every saved file, asked first in place (the page keeps whether it is asking). */
function DeleteAll({ asking, setAsking }: { asking: boolean; setAsking: (asking: boolean) => void }) {
  const t = useBooksT();
  const ft = useFilesT();
  return asking ? (
    <div role="alertdialog" aria-labelledby="delete-all-ask" class="save-all-ask">
      <p id="delete-all-ask">{ft.deleteAllAsk}</p>
      <button type="button" id="delete-all-yes" onClick={() => void deleteAll().then(() => setAsking(false))}>
        {ft.deleteAllYes}
      </button>{' '}
      <button type="button" id="delete-all-no" onClick={() => setAsking(false)}>
        {t.cancel}
      </button>
    </div>
  ) : (
    <p>
      <button type="button" id="delete-all" onClick={() => setAsking(true)}>
        {ft.deleteAll}
      </button>
    </p>
  );
}

/** A file saved alone: its kind, size, open and delete (a failed one: why, and delete). */
function FileRowState({ row, titleId }: { row: DownloadRow; titleId: string }) {
  const t = useBooksT();
  const ft = useFilesT();
  const lang = useLang();
  const kind = row.kind ?? 'pdf';
  // A record's own EPUB (saved from its book page) opens in its reader as its PDF does.
  const open = row.open ?? (!row.bookId && (kind === 'epub' || kind === 'pdf') ? readerHref(row.id, kind) : undefined);
  return (
    <div class={`pdf-state ${row.state}`}>
      <span class="download-kind">{ft.kinds[kind]}</span> ·{' '}
      {row.state === 'saved' ? (
        <span class="file-saved">
          ✓ {t.saved} · {row.bytes === null ? t.sizeUnknown : size(row.bytes, lang)}
        </span>
      ) : (
        <span role="alert" class="alert file-failed">
          {t.failed}: {failureText(t, row.error, lang)}
        </span>
      )}{' '}
      {open && row.state === 'saved' ? (
        <a href={open} class="open-saved">
          {kind === 'audio' ? ft.listen : t.openSaved}
        </a>
      ) : null}{' '}
      {/* Named by its word and the book's (data, in its own language): "Delete: <title>". */}
      <button
        type="button"
        class="delete-file"
        id={`${titleId}-delete`}
        aria-labelledby={`${titleId}-delete ${titleId}`}
        onClick={() => void deletePdf(row.id)}
      >
        {t.remove}
      </button>
    </div>
  );
}
