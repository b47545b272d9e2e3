// My downloads: every saved (or failed) PDF with its size, open, delete and retry; how much
// of the device's storage the app uses.

import { digits } from '../../core/digits.ts';
import { useEffect, useState } from 'preact/hooks';
import { useLang } from '../i18n.ts';
import { PdfState } from './book.tsx';
import { bookHref, Cover } from './cards.tsx';
import { useDownloads } from './downloads.ts';
import { size, useBooksT } from './strings.ts';
import { ScreenHeading } from '../ui/focus.tsx';

export function DownloadsPage() {
  const t = useBooksT();
  const lang = useLang();
  const { rows, running } = useDownloads();
  const [estimate, setEstimate] = useState<{ usage: number; quota: number } | null>(null);
  const busy = running.size;
  // Storage figures, again whenever a download starts, ends or is deleted.
  useEffect(() => {
    void navigator.storage
      ?.estimate?.()
      .then((e) => setEstimate({ usage: e.usage ?? 0, quota: e.quota ?? 0 }))
      .catch(() => undefined);
  }, [rows.length, busy, rows.map((r) => r.state).join()]);
  const saved = rows.filter((r) => r.state === 'saved');
  const bytes = saved.reduce((n, r) => n + (r.bytes ?? 0), 0);
  const ids = new Set(rows.map((r) => r.id));
  return (
    <section aria-labelledby="downloads-h">
      <ScreenHeading id="downloads-h">{t.downloads}</ScreenHeading>
      {estimate ? (
        <p class="muted" id="storage-estimate">
          {t.storage(size(estimate.usage, lang), size(Math.max(0, estimate.quota - estimate.usage), lang))}
        </p>
      ) : null}
      {saved.length ? (
        <p id="saved-total">
          {t.savedTotal(digits(saved.length, lang), size(bytes, lang))}
          {saved.some((r) => r.opaque) ? ` + ${t.sizeUnknown}` : ''}
        </p>
      ) : null}
      {rows.length === 0 && busy === 0 ? <p class="muted">{t.noDownloads}</p> : null}
      <ul class="downloads" id="downloads">
        {rows.map((r) => (
          <li key={r.id} data-id={r.id}>
            <a href={bookHref(r.id)} class="download-book">
              <Cover book={r} />
              <span class="card-title">{r.title}</span>
            </a>
            <PdfState book={r} />
          </li>
        ))}
        {[...running.keys()]
          .filter((id) => !ids.has(id))
          .map((id) => (
            <li key={id} data-id={id}>
              <a href={bookHref(id)}>{id}</a>
              <PdfState book={{ id, title: id, coverUrl: '', pdfUrl: null }} />
            </li>
          ))}
      </ul>
    </section>
  );
}
