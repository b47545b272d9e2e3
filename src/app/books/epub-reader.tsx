// The EPUB reader (#/books/epub/<id>): a saved EPUB (the book page's "Save EPUB for offline",
// downloads.ts) opened inside the app, one chapter at a time in a shadow root (epub-doc.ts
// reads and cleans it). Chapter list, next and previous (buttons and ←/→), text size; the
// chapter, how far down it and the text size remembered per book (user-db.ts positions), which
// "Continue reading" opens again. Loaded only on this screen.

import { digits } from '../../core/digits.ts';
import { useEffect, useRef, useState } from 'preact/hooks';
import { useLang } from '../i18n.ts';
import type { ScreenProps } from '../ui/lazy-screens.tsx';
import { ScreenHeading } from '../ui/focus.tsx';
import { Loading } from '../ui/status.tsx';
import { getBook } from './api.ts';
import { bookHref } from './cards.tsx';
import { readSaved } from './downloads.ts';
import { baseSheet, type Epub, openEpub } from './epub-doc.ts';
import { KhojError } from '../../core/errors.ts';
import { ReaderFrame } from './reader-frame.tsx';
import { followable } from './file-urls.ts';
import { refusalText, useBooksT } from './strings.ts';
import { EpubRefused } from '../../core/books/epub-limits.ts';
import { type BookRef, positionOf, putPosition, setShelf, shelfOf } from './user-db.ts';
import './reader.css';
import './epub-reader.css';

const SIZES = [0.8, 0.9, 1, 1.15, 1.3, 1.5, 1.75, 2];
const nearestSize = (z: number) => SIZES.reduce((a, b) => (Math.abs(b - z) < Math.abs(a - z) ? b : a));

type Opened =
  | { state: 'loading' }
  | { state: 'open'; epub: Epub; book: BookRef; chapter: number; fraction: number; size: number }
  | {
      state: 'problem';
      problem: 'not-saved' | 'opaque' | 'missing' | 'damaged' | 'refused';
      book?: BookRef;
      source?: string;
      detail?: string;
      refusal?: EpubRefused;
    };

export function EpubReaderScreen({ path }: ScreenProps) {
  const id = path[1] ?? '';
  const [opened, setOpened] = useState<Opened>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    setOpened({ state: 'loading' });
    void (async () => {
      const book = await getBook(id).catch(() => undefined);
      const saved = await readSaved(id);
      const row = saved.row;
      const ref: BookRef | undefined =
        book || row
          ? {
              id,
              title: book?.title ?? row!.title,
              coverUrl: book?.coverUrl ?? row!.coverUrl,
              ...((book?.titleLocal ?? row?.titleLocal) ? { titleLocal: (book?.titleLocal ?? row?.titleLocal)! } : {}),
            }
          : undefined;
      // Never an address into the app's own saved files (file-urls.ts followable).
      const source = [row?.pdfUrl, book?.sourceUrl].find((u): u is string => !!u && followable(u));
      const problem = (p: Extract<Opened, { state: 'problem' }>['problem'], detail?: string, refusal?: EpubRefused) =>
        live &&
        setOpened({
          state: 'problem',
          problem: p,
          ...(ref ? { book: ref } : {}),
          ...(source ? { source } : {}),
          ...(detail ? { detail } : {}),
          ...(refusal ? { refusal } : {}),
        });
      if ('problem' in saved) return problem(saved.problem);
      if (row?.kind !== 'epub') return problem('not-saved');
      let epub: Epub;
      try {
        epub = await openEpub(saved.bytes);
      } catch (e) {
        // Past a limit (core/books/epub-limits.ts): refused, saying which.
        if (e instanceof EpubRefused) return problem('refused', e.message, e);
        return problem('damaged', KhojError.is(e, 'damaged') ? e.detail : String(e));
      }
      if (!live) return;
      const at = await positionOf(id);
      if (!live) return;
      const chapter = at?.kind === 'epub' ? Math.min(epub.chapters.length, Math.max(1, at.page)) - 1 : 0;
      setOpened({
        state: 'open',
        epub,
        book: ref!,
        chapter,
        fraction: at?.kind === 'epub' ? (at.fraction ?? 0) : 0,
        size: at?.kind === 'epub' ? nearestSize(at.zoom) : 1,
      });
      // Opening a book puts it on the "reading" shelf, unless the reader has put it elsewhere.
      const shelf = await shelfOf(id);
      if (shelf === undefined || shelf === 'want') await setShelf(ref!, 'reading').catch(() => undefined);
    })();
    return () => void (live = false);
  }, [id]);

  if (opened.state === 'loading') return <Loading />;
  if (opened.state === 'problem') return <Problem {...opened} id={id} />;
  return <Reader key={id} {...opened} />;
}

function Problem({ problem, book, source, detail, refusal, id }: Extract<Opened, { state: 'problem' }> & { id: string }) {
  const t = useBooksT();
  const lang = useLang();
  const text = { 'not-saved': t.epubNotSaved, missing: t.failedMissing, opaque: t.readerOpaque, damaged: t.epubDamaged, refused: t.epubRefused }[problem];
  return (
    <section class="reader-problem" aria-labelledby="reader-h">
      <ScreenHeading id="reader-h">{book?.title ?? id}</ScreenHeading>
      <p role="alert" class="alert" id="reader-problem" data-problem={problem} title={detail}>
        {text}
      </p>
      {refusal ? <p id="reader-refusal">{refusalText(t, refusal, lang)}</p> : null}
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

/** How far down the chapter the top of the screen is, 0 to 1. */
function fractionOf(el: HTMLElement): number {
  const box = el.getBoundingClientRect();
  const scrollable = box.height - innerHeight;
  if (scrollable <= 0) return 0;
  return Math.min(1, Math.max(0, -box.top / scrollable));
}

function Reader({ epub, book, chapter: firstChapter, fraction: firstFraction, size: firstSize }: Extract<Opened, { state: 'open' }>) {
  const t = useBooksT();
  const lang = useLang();
  const count = epub.chapters.length;
  const [chapter, setChapter] = useState(firstChapter);
  const [size, setSize] = useState(firstSize);
  const host = useRef<HTMLDivElement>(null);
  /** where to go once the chapter is drawn: a fraction of it, or an element's id */
  const goal = useRef<{ fraction: number } | { id: string }>({ fraction: firstFraction });
  const fraction = useRef(firstFraction);
  const [drawn, setDrawn] = useState(-1);

  const save = () =>
    void putPosition({ ...book, kind: 'epub', page: chapter + 1, pages: count, zoom: size, fraction: fraction.current, at: Date.now() }).catch(() => undefined);

  const go = (n: number, to: { fraction: number } | { id: string } = { fraction: 0 }) => {
    const next = Math.min(count - 1, Math.max(0, n));
    goal.current = to;
    fraction.current = 'fraction' in to ? to.fraction : 0;
    if (next === chapter) place();
    else setChapter(next);
  };

  /** Scrolls to the goal in the drawn chapter. */
  const place = () => {
    const el = host.current;
    if (!el) return;
    const to = goal.current;
    if ('id' in to) {
      const target = el.shadowRoot?.getElementById(to.id);
      if (target) return target.scrollIntoView();
    }
    const box = el.getBoundingClientRect();
    const f = 'fraction' in to ? to.fraction : 0;
    scrollTo({ top: scrollY + box.top + f * Math.max(0, box.height - innerHeight), behavior: 'instant' });
  };

  // Draws the chapter into the shadow root, then goes to the goal.
  useEffect(() => {
    const el = host.current!;
    const root = el.shadowRoot ?? el.attachShadow({ mode: 'open' });
    let shown: ReturnType<Epub['show']> | undefined;
    try {
      shown = epub.show(chapter);
    } catch {
      root.replaceChildren();
      return;
    }
    const body = document.createElement('div');
    body.className = 'epub-body';
    body.append(shown.body);
    root.adoptedStyleSheets = [baseSheet(), ...shown.sheets];
    root.replaceChildren(body);
    setDrawn(chapter);
    place();
    save();
    return () => shown?.release();
  }, [chapter]);

  useEffect(() => {
    host.current?.style.setProperty('--epub-size', String(size));
    if (drawn === chapter) {
      goal.current = { fraction: fraction.current };
      place();
      save();
    }
  }, [size]);

  // Remembers how far down the chapter the reader is, a moment after scrolling stops.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const on = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (!host.current) return;
        fraction.current = fractionOf(host.current);
        save();
      }, 200);
    };
    addEventListener('scroll', on, { passive: true });
    return () => (removeEventListener('scroll', on), clearTimeout(timer));
  }, [chapter, size]);

  // Links inside the book open the chapter they point at; links out of it open in a new tab.
  useEffect(() => {
    const root = host.current!.shadowRoot!;
    const on = (e: Event) => {
      const a = (e.target as Element).closest?.('a[href]');
      const href = a?.getAttribute('href');
      if (!a || !href) return;
      const to = epub.target(chapter, href);
      if (to) {
        e.preventDefault();
        go(to.chapter, to.id ? { id: to.id } : { fraction: 0 });
      } else if (/^https?:/i.test(href)) {
        e.preventDefault();
        open(href, '_blank', 'noopener,noreferrer');
      } else e.preventDefault();
    };
    root.addEventListener('click', on);
    return () => root.removeEventListener('click', on);
  }, [chapter]);

  // Keys: ←/→ turn chapters (not in the fields).
  const keys = useRef<(e: KeyboardEvent) => void>(() => undefined);
  keys.current = (e: KeyboardEvent) => {
    const target = e.target as Element | null;
    if (e.altKey || e.ctrlKey || e.metaKey || target?.closest('input, textarea, select, [contenteditable="true"]')) return;
    if (e.key === 'ArrowRight') go(chapter + 1);
    else if (e.key === 'ArrowLeft') go(chapter - 1);
    else return;
    e.preventDefault();
  };
  useEffect(() => {
    const on = (e: KeyboardEvent) => keys.current(e);
    addEventListener('keydown', on);
    return () => removeEventListener('keydown', on);
  }, []);

  const n = (x: number) => digits(x, lang);
  const sizeAt = SIZES.indexOf(size);
  return (
    <ReaderFrame
      book={book}
      kind="epub-reader"
      tools={
        <>
          <span class="reader-group">
            <button type="button" id="prev-chapter" onClick={() => go(chapter - 1)} disabled={chapter <= 0} aria-label={t.prevChapter}>
              ‹
            </button>
            <label for="chapter-pick" class="visually-hidden">
              {t.chapterLabel}
            </label>
            <select id="chapter-pick" value={String(chapter)} onChange={(e) => go(Number((e.target as HTMLSelectElement).value))}>
              {epub.chapters.map((c, i) => (
                <option key={c.path} value={String(i)}>
                  {n(i + 1)}. {c.title ?? t.chapterN(n(i + 1))}
                </option>
              ))}
            </select>
            <button type="button" id="next-chapter" onClick={() => go(chapter + 1)} disabled={chapter >= count - 1} aria-label={t.nextChapter}>
              ›
            </button>
          </span>
          <span class="reader-group">
            <button type="button" id="font-smaller" onClick={() => setSize(SIZES[sizeAt - 1] ?? size)} disabled={sizeAt <= 0} aria-label={t.fontSmaller}>
              A−
            </button>
            <output id="font-size" aria-label={t.fontSize}>
              {n(Math.round(size * 100))}%
            </output>
            <button
              type="button"
              id="font-bigger"
              onClick={() => setSize(SIZES[sizeAt + 1] ?? size)}
              disabled={sizeAt >= SIZES.length - 1}
              aria-label={t.fontBigger}
            >
              A+
            </button>
          </span>
        </>
      }
    >
      <p class="muted epub-at" id="chapter-status" aria-live="polite">
        {t.atChapter(n(chapter + 1), n(count))}
      </p>
      <div class="epub-page" id="epub-page" ref={host} role="document" aria-label={t.bookText} data-chapter={drawn >= 0 ? String(drawn + 1) : undefined} />
      <p class="reader-group epub-foot">
        <button type="button" class="epub-next" onClick={() => go(chapter + 1)} disabled={chapter >= count - 1}>
          {t.nextChapter} ›
        </button>
      </p>
    </ReaderFrame>
  );
}
