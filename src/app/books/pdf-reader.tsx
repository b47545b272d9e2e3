// The PDF reader (#/books/read/<id>): a saved PDF opened inside the app with pdf.js, one page
// at a time, from the bytes in Cache Storage (downloads.ts), in the reading frame both readers
// share (reader-frame.tsx: the page fills the screen, bars that hide, taps and swipes turn,
// night mode). Fit to width, zoom by buttons, keys, pinch, double tap and Ctrl+wheel; page
// number, jump, next and previous; find in the text; the page
// and zoom remembered per book (user-db.ts positions), which "Continue reading" on the catalog
// home opens again, and the book put on the "reading" shelf. Loaded only on this screen.

import { digits } from '../../core/digits.ts';
import { KhojError } from '../../core/errors.ts';
import { useEffect, useRef, useState } from 'preact/hooks';
import { useLang } from '../i18n.ts';
import type { ScreenProps } from '../ui/lazy-screens.tsx';
import { Loading } from '../ui/status.tsx';
import { getBook } from './api.ts';
import { fileKey, PDFJS_CACHE, pdfLocation, readSaved, type SavedCopy } from './downloads.ts';
import { filesOf } from './record-files.tsx';
import type { OpenProblem, PDFDocumentProxy } from './pdf-doc.ts';
import type { ZoomAnchor } from './pdf-page.tsx';
import { usePdfFind } from './pdf-find.ts';
import { clampZoom, FindStatus, PdfTools, STEP } from './pdf-tools.tsx';
import { lazyComponent } from '../ui/lazy-component.tsx';

// pdf.js is stored on the first save, not at install (core/books/books-declaration.ts assetsOnDemand): this
// screen loads it only when it has a file to open, so with nothing saved it still says so offline.
const pdfDoc = () => import('./pdf-doc.ts');
const PdfPage = lazyComponent(() => import('./pdf-page.tsx').then((m) => m.PdfPage));
import { ReaderFrame, useBars, useNight } from './reader-frame.tsx';
import { useReaderKeys } from './reader-keys.ts';
import { bookRefOf, keepPlace, shelveAsReading, sourceOf } from './reader-open.ts';
import { ReaderProblem } from './reader-problem.tsx';
import { useBooksT } from './strings.ts';
import { type BookRef, positionOf } from './user-db.ts';

type Opened =
  | { state: 'loading' }
  | { state: 'open'; doc: PDFDocumentProxy; book: BookRef; page: number; zoom: number }
  | { state: 'problem'; problem: 'not-saved' | 'opaque' | 'missing' | OpenProblem; book?: BookRef; source?: string; detail?: string };

export function PdfReaderScreen({ path, params }: ScreenProps) {
  // `read/<record id>` opens the record's own PDF; `?file=<url>` one of its other files (a chapter,
  // a paper), saved alone under fileKey or, online, read from its host without saving.
  // "Continue reading" links a file by its key (`<record id> <url>`): the same two parts.
  const raw = path[1] ?? '';
  const space = raw.indexOf(' ');
  const bookId = space > 0 ? raw.slice(0, space) : raw;
  const file = params.get('file') ?? (space > 0 ? raw.slice(space + 1) : null);
  const id = file ? fileKey(bookId, file) : bookId;
  const [opened, setOpened] = useState<Opened>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    let doc: PDFDocumentProxy | undefined;
    setOpened({ state: 'loading' });
    void (async () => {
      // The record names the book and its source; offline the worker answers it from the stored catalog.
      const book = await getBook(bookId).catch(() => undefined);
      let saved = await readSaved(id);
      const row = saved.row;
      const label = row?.label ?? (file ? filesOf(book ?? {}).find((f) => f.url === file)?.label : undefined);
      if ('problem' in saved && saved.problem === 'not-saved' && file) saved = await fetchUnsaved(file, saved);
      const ref = bookRefOf(id, book, row, label);
      const source = sourceOf(row?.pdfUrl, file, book?.sourceUrl, book?.pdfUrl);
      if ('problem' in saved)
        return live && setOpened({ state: 'problem', problem: saved.problem, ...(ref ? { book: ref } : {}), ...(source ? { source } : {}) });
      let pdf: Awaited<ReturnType<typeof pdfDoc>> | undefined;
      try {
        pdf = await pdfDoc();
        doc = await pdf.openPdf(saved.bytes);
      } catch (e) {
        const problem: OpenProblem = KhojError.is(e, 'pdf-password') ? 'password' : KhojError.is(e, 'damaged') ? 'damaged' : 'failed';
        const detail = e instanceof KhojError ? e.detail : String((e as Error)?.message ?? e);
        return live && setOpened({ state: 'problem', problem, ...(ref ? { book: ref } : {}), ...(source ? { source } : {}), ...(detail ? { detail } : {}) });
      }
      // Opened online: pdf.js is kept for offline use too (a PDF saved before it was, see pdf-doc.ts).
      if (navigator.onLine) void pdf.keepForOffline(PDFJS_CACHE).catch(() => undefined);
      const at = await positionOf(id);
      if (!live) return void doc.destroy();
      setOpened({ state: 'open', doc, book: ref!, page: Math.min(doc.numPages, Math.max(1, at?.page ?? 1)), zoom: clampZoom(at?.zoom ?? 1) });
      // The record goes on the shelf, under its own title (not a file's).
      await shelveAsReading({ ...ref!, id: bookId, title: book?.title ?? ref!.title });
    })();
    return () => {
      live = false;
      void doc?.destroy();
    };
  }, [id]);

  if (opened.state === 'loading') return <Loading />;
  if (opened.state === 'problem') return <Problem {...opened} id={bookId} />;
  return <Reader key={id} {...opened} />;
}

/** A file not saved, read from its host while online (it needs the host's CORS); else still "not saved". */
async function fetchUnsaved(url: string, notSaved: SavedCopy): Promise<SavedCopy> {
  try {
    const res = await fetch(pdfLocation(url), { mode: 'cors', credentials: 'omit' });
    if (res.ok) return { ...(notSaved.row ? { row: notSaved.row } : {}), bytes: await res.arrayBuffer() } as SavedCopy;
  } catch {
    // Offline, or a host without CORS: say it is not saved.
  }
  return notSaved;
}

function Problem({ problem, book, source, detail, id }: Extract<Opened, { state: 'problem' }> & { id: string }) {
  const t = useBooksT();
  const text = {
    'not-saved': t.readerNotSaved,
    missing: t.failedMissing,
    opaque: t.readerOpaque,
    damaged: t.readerDamaged,
    password: t.readerPassword,
    failed: t.readerFailed,
  }[problem];
  return <ReaderProblem id={id} problem={problem} text={`${text}${problem === 'failed' && detail ? `: ${detail}` : ''}`} book={book} source={source} />;
}

function Reader({ doc, book, page: firstPage, zoom: firstZoom }: Extract<Opened, { state: 'open' }>) {
  const t = useBooksT();
  const lang = useLang();
  const pages = doc.numPages;
  const [page, setPage] = useState(firstPage);
  const [zoom, setZoom] = useState(firstZoom);
  const [typed, setTyped] = useState(String(firstPage));
  const findField = useRef<HTMLInputElement>(null);
  const anchor = useRef<ZoomAnchor | null>(null);
  const bars = useBars();
  const night = useNight();

  const go = (p: number) => {
    const n = Math.min(pages, Math.max(1, Math.round(p)));
    setPage(n);
    setTyped(String(n));
  };
  const zoomBy = (f: number) => setZoom((z) => clampZoom(z * f));
  const { query, setQuery, found, find } = usePdfFind(doc, page, go);

  // Remembered at every change, so leaving the screen in any way keeps the place.
  useEffect(() => keepPlace({ ...book, kind: 'pdf', page, pages, zoom }), [page, zoom]);

  // Keys: ←/→ and PageUp/PageDown turn pages, + and - zoom, Ctrl+F finds (in the fields: only Ctrl+F).
  useReaderKeys(bars, () => ({
    turns: { ArrowRight: () => go(page + 1), PageDown: () => go(page + 1), ArrowLeft: () => go(page - 1), PageUp: () => go(page - 1) },
    other: { '+': () => zoomBy(STEP), '=': () => zoomBy(STEP), '-': () => zoomBy(1 / STEP) },
    find: () => {
      bars.show();
      findField.current?.focus();
      findField.current?.select();
    },
  }));

  const n = (x: number) => digits(x, lang);
  return (
    <ReaderFrame
      book={book}
      kind="pdf-reader"
      bars={bars}
      night={night}
      where={`${n(page)} / ${n(pages)}`}
      onTurn={(step) => go(page + step)}
      onDoubleTap={(x, y) => {
        // A double tap zooms in there, or back to the width of the screen.
        anchor.current = { x, y };
        setZoom((z) => (z > 1 ? 1 : 2));
      }}
      tools={<PdfTools {...{ page, pages, zoom, typed, setTyped, go, zoomBy, query, setQuery, findField }} fit={() => setZoom(1)} find={(e) => void find(e)} />}
      status={<FindStatus found={found} page={page} />}
    >
      <PdfPage
        doc={doc}
        page={page}
        zoom={zoom}
        label={t.atPage(n(page), n(pages))}
        highlight={found?.pages.includes(page) ? found.query : ''}
        onZoom={(f) => zoomBy(f)}
        anchor={anchor}
      />
    </ReaderFrame>
  );
}
