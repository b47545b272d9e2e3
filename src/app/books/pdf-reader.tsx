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
import { ScreenHeading } from '../ui/focus.tsx';
import { Loading } from '../ui/status.tsx';
import { getBook } from './api.ts';
import { bookHref } from './cards.tsx';
import { fileKey, PDFJS_CACHE, pdfLocation, readSaved, type SavedCopy } from './downloads.ts';
import { filesOf } from './record-files.tsx';
import type { OpenProblem, PDFDocumentProxy } from './pdf-doc.ts';
import type { ZoomAnchor } from './pdf-page.tsx';
import { normaliseText } from './pdf-text.ts';
import { lazyComponent } from '../ui/lazy-component.tsx';

// pdf.js is stored on the first save, not at install (core/books/books-declaration.ts assetsOnDemand): this
// screen loads it only when it has a file to open, so with nothing saved it still says so offline.
const pdfDoc = () => import('./pdf-doc.ts');
const PdfPage = lazyComponent(() => import('./pdf-page.tsx').then((m) => m.PdfPage));
import { ReaderFrame, useBars, useNight } from './reader-frame.tsx';
import { useBooksT } from './strings.ts';
import { followable } from './file-urls.ts';
import { type BookRef, positionOf, putPosition, setShelf, shelfOf } from './user-db.ts';

const MIN_ZOOM = 0.5;
const MAX_ZOOM = 4;
const STEP = 1.25;
const clampZoom = (z: number) => Math.round(Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, z)) * 100) / 100;

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
      const ref: BookRef | undefined =
        book || row
          ? {
              id,
              title: label && book ? `${book.title} · ${label}` : (book?.title ?? row!.title),
              coverUrl: book?.coverUrl ?? row!.coverUrl,
              ...((book?.titleLocal ?? row?.titleLocal) ? { titleLocal: (book?.titleLocal ?? row?.titleLocal)! } : {}),
            }
          : undefined;
      // Never an address into the app's own saved files (file-urls.ts followable).
      const source = [row?.pdfUrl, file, book?.sourceUrl, book?.pdfUrl].find((u): u is string => !!u && followable(u));
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
      // Opening a book puts it on the "reading" shelf, unless the reader has put it elsewhere.
      const shelf = await shelfOf(bookId);
      if (shelf === undefined || shelf === 'want') await setShelf({ ...ref!, id: bookId, title: book?.title ?? ref!.title }, 'reading').catch(() => undefined);
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
  return (
    <section class="reader-problem" aria-labelledby="reader-h">
      <ScreenHeading id="reader-h">{book?.title ?? id}</ScreenHeading>
      <p role="alert" class="alert" id="reader-problem" data-problem={problem}>
        {text}
        {problem === 'failed' && detail ? `: ${detail}` : ''}
      </p>
      <p class="actions">
        {source ? (
          <a href={source} class="open-source" target="_blank" rel="noopener noreferrer">
            {t.openAtSource}
          </a>
        ) : null}{' '}
        <a href={bookHref(id)} class="book-page">
          {t.bookPage}
        </a>
      </p>
    </section>
  );
}

interface Found {
  query: string;
  /** pages whose text holds the query, in order */
  pages: number[];
  /** no page of the file has any text */
  noText: boolean;
}

function Reader({ doc, book, page: firstPage, zoom: firstZoom }: Extract<Opened, { state: 'open' }>) {
  const t = useBooksT();
  const lang = useLang();
  const pages = doc.numPages;
  const [page, setPage] = useState(firstPage);
  const [zoom, setZoom] = useState(firstZoom);
  const [typed, setTyped] = useState(String(firstPage));
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Found>();
  const texts = useRef(new Map<number, string>());
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

  // Remembered at every change, so leaving the screen in any way keeps the place.
  useEffect(() => {
    void putPosition({ ...book, kind: 'pdf', page, pages, zoom, at: Date.now() }).catch(() => undefined);
  }, [page, zoom]);

  // Keys: ←/→ and PageUp/PageDown turn pages, + and - zoom, Ctrl+F finds (in the fields: only Ctrl+F).
  const keys = useRef<(e: KeyboardEvent) => void>(() => undefined);
  keys.current = (e: KeyboardEvent) => {
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'f') {
      e.preventDefault();
      bars.show();
      findField.current?.focus();
      findField.current?.select();
      return;
    }
    const target = e.target as Element | null;
    if (e.altKey || e.ctrlKey || e.metaKey || target?.closest('input, textarea, select, [contenteditable="true"]')) return;
    const turn = (step: number) => () => {
      bars.hide();
      go(page + step);
    };
    const act: Record<string, () => void> = {
      ArrowRight: turn(1),
      PageDown: turn(1),
      ArrowLeft: turn(-1),
      PageUp: turn(-1),
      '+': () => zoomBy(STEP),
      '=': () => zoomBy(STEP),
      '-': () => zoomBy(1 / STEP),
    };
    const run = act[e.key];
    if (!run) return;
    e.preventDefault();
    run();
  };
  useEffect(() => {
    const on = (e: KeyboardEvent) => keys.current(e);
    addEventListener('keydown', on);
    return () => removeEventListener('keydown', on);
  }, []);

  async function find(e: Event) {
    e.preventDefault();
    const q = normaliseText(query);
    if (!q) return setFound(undefined);
    let result = found?.query === q ? found : undefined;
    if (!result) {
      const hits: number[] = [];
      let anyText = false;
      for (let p = 1; p <= pages; p++) {
        let text = texts.current.get(p);
        if (text === undefined) texts.current.set(p, (text = await (await pdfDoc()).pageText(doc, p).catch(() => '')));
        if (text) anyText = true;
        if (text.includes(q)) hits.push(p);
      }
      result = { query: q, pages: hits, noText: !anyText };
      setFound(result);
      // A new search starts from the page shown; the same one again goes on to the next page.
      const next = hits.find((p) => p >= page) ?? hits[0];
      if (next) go(next);
      return;
    }
    const next = result.pages.find((p) => p > page) ?? result.pages[0];
    if (next) go(next);
  }

  const n = (x: number) => digits(x, lang);
  const foundAt = found ? found.pages.indexOf(page) : -1;
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
      status={
        <p class="find-status muted" id="find-status">
          {!found
            ? ''
            : found.noText
              ? t.noText
              : found.pages.length === 0
                ? t.notFound
                : foundAt >= 0
                  ? t.found(n(page), n(foundAt + 1), n(found.pages.length))
                  : ''}
        </p>
      }
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

interface ToolsProps {
  page: number;
  pages: number;
  zoom: number;
  typed: string;
  setTyped: (v: string) => void;
  go: (page: number) => void;
  zoomBy: (factor: number) => void;
  fit: () => void;
  query: string;
  setQuery: (v: string) => void;
  find: (e: Event) => void;
  findField: { current: HTMLInputElement | null };
}

/** The PDF reader's tools in the bottom bar: the page, the zoom, find in the text. */
function PdfTools({ page, pages, zoom, typed, setTyped, go, zoomBy, fit, query, setQuery, find, findField }: ToolsProps) {
  const t = useBooksT();
  const lang = useLang();
  const n = (x: number) => digits(x, lang);
  return (
    <>
      <span class="reader-group">
        <button type="button" id="prev-page" onClick={() => go(page - 1)} disabled={page <= 1} aria-label={t.prevPage}>
          ‹
        </button>
        <form
          class="page-jump"
          onSubmit={(e) => {
            e.preventDefault();
            const v = Number(typed.replace(/[०-९]/g, (d) => String(d.charCodeAt(0) - 0x966)));
            if (Number.isFinite(v)) go(v);
          }}
        >
          <label for="page-number">{t.pageLabel}</label>{' '}
          <input
            id="page-number"
            type="text"
            inputMode="numeric"
            size={4}
            value={digits(typed, lang)}
            onInput={(e) => setTyped((e.target as HTMLInputElement).value)}
            onBlur={() => setTyped(String(page))}
            aria-describedby="page-count"
          />{' '}
          <span id="page-count">{t.ofPages(n(pages))}</span>{' '}
          <button type="submit" class="page-go">
            {t.goToPage}
          </button>
        </form>
        <button type="button" id="next-page" onClick={() => go(page + 1)} disabled={page >= pages} aria-label={t.nextPage}>
          ›
        </button>
      </span>
      <span class="reader-group">
        <button type="button" id="zoom-out" onClick={() => zoomBy(1 / STEP)} disabled={zoom <= MIN_ZOOM} aria-label={t.zoomOut}>
          −
        </button>
        <output id="zoom-level" aria-label={t.zoomLevel}>
          {n(Math.round(zoom * 100))}%
        </output>
        <button type="button" id="zoom-in" onClick={() => zoomBy(STEP)} disabled={zoom >= MAX_ZOOM} aria-label={t.zoomIn}>
          +
        </button>
        <button type="button" id="zoom-fit" onClick={fit} disabled={zoom === 1}>
          {t.fitWidth}
        </button>
      </span>
      <form class="pdf-find" role="search" aria-label={t.findLabel} onSubmit={find}>
        <label for="pdf-find" class="visually-hidden">
          {t.findLabel}
        </label>
        <input
          id="pdf-find"
          ref={findField}
          type="search"
          placeholder={t.findLabel}
          value={query}
          onInput={(e) => setQuery((e.target as HTMLInputElement).value)}
        />
        <button type="submit">{t.findNext}</button>
      </form>
    </>
  );
}
