// The EPUB reader (#/books/epub/<id>): a saved EPUB (the book page's "Save EPUB for offline",
// downloads.ts) opened inside the app, one chapter at a time in a shadow root (epub-doc.ts
// reads and cleans it), in the reading frame both readers share (reader-frame.tsx: the page
// fills the screen, bars that hide, a tap on an edge, a swipe or PageDown turns a screen,
// night mode). Chapter list, next and previous (buttons and ←/→), text size; the
// chapter, how far down it and the text size remembered per book (user-db.ts positions), which
// "Continue reading" opens again. Loaded only on this screen.

import { digits } from '../../core/digits.ts';
import { textLang } from '../../core/text-lang.ts';
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
import { ReaderFrame, useBars, useNight } from './reader-frame.tsx';
import { followable } from './file-urls.ts';
import { refusalText, useBooksT } from './strings.ts';
import { EpubRefused } from '../../core/books/epub-limits.ts';
import { type BookRef, positionOf, putPosition, setShelf, shelfOf } from './user-db.ts';
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

/** How far down the chapter the top of the reading surface is, 0 to 1. */
function fractionOf(el: HTMLElement, view: HTMLElement): number {
  const box = el.getBoundingClientRect();
  const scrollable = box.height - view.clientHeight;
  if (scrollable <= 0) return 0;
  return Math.min(1, Math.max(0, (view.getBoundingClientRect().top - box.top) / scrollable));
}

/** A page turned by tap or swipe keeps this much of the last screen in view, to read on from. */
const OVERLAP = 48;

/** Night mode inside the book: its own colours give way to the reader's (reader.css sets the host's). */
let nightSheet: CSSStyleSheet | undefined;
const night = () => {
  if (!nightSheet) {
    nightSheet = new CSSStyleSheet();
    nightSheet.replaceSync(
      ':host(.night) .epub-body :not(img, svg, video, svg *) { color: inherit !important; background-color: transparent !important; border-color: currentColor !important; }',
    );
  }
  return nightSheet;
};

function Reader({ epub, book, chapter: firstChapter, fraction: firstFraction, size: firstSize }: Extract<Opened, { state: 'open' }>) {
  const t = useBooksT();
  const lang = useLang();
  const count = epub.chapters.length;
  const [chapter, setChapter] = useState(firstChapter);
  const [size, setSize] = useState(firstSize);
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<HTMLDivElement | null>(null);
  /** where to go once the chapter is drawn: a fraction of it, or an element's id */
  const goal = useRef<{ fraction: number } | { id: string }>({ fraction: firstFraction });
  const fraction = useRef(firstFraction);
  const [drawn, setDrawn] = useState(-1);
  const bars = useBars();
  const nightMode = useNight();

  const save = () =>
    void putPosition({ ...book, kind: 'epub', page: chapter + 1, pages: count, zoom: size, fraction: fraction.current, at: Date.now() }).catch(() => undefined);

  const go = (n: number, to: { fraction: number } | { id: string } = { fraction: 0 }) => {
    const next = Math.min(count - 1, Math.max(0, n));
    goal.current = to;
    fraction.current = 'fraction' in to ? to.fraction : 0;
    if (next === chapter) place();
    else setChapter(next);
  };

  /** Scrolls the reading surface to the goal in the drawn chapter. */
  const place = () => {
    const el = host.current;
    const v = view.current;
    if (!el || !v) return;
    const to = goal.current;
    if ('id' in to) {
      const target = el.shadowRoot?.getElementById(to.id);
      if (target) return target.scrollIntoView();
    }
    const box = el.getBoundingClientRect();
    const f = 'fraction' in to ? to.fraction : 0;
    // The view's top padding keeps the chapter's first lines clear of the bars: the start is above it.
    const pad = parseFloat(getComputedStyle(v).paddingTop) || 0;
    const start = v.scrollTop + box.top - v.getBoundingClientRect().top - pad;
    v.scrollTo({ top: Math.max(0, start + f * Math.max(0, box.height - v.clientHeight)), behavior: 'instant' });
  };

  /** A page on or back: a screen of the chapter, and past its end or start the next or previous chapter. */
  const turn = (step: 1 | -1) => {
    const v = view.current;
    if (!v) return;
    const max = v.scrollHeight - v.clientHeight;
    if (step > 0 && v.scrollTop >= max - 2) return chapter < count - 1 ? go(chapter + 1) : undefined;
    if (step < 0 && v.scrollTop <= 2) return chapter > 0 ? go(chapter - 1, { fraction: 1 }) : undefined;
    v.scrollBy({ top: step * Math.max(OVERLAP, v.clientHeight - OVERLAP), behavior: 'instant' });
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
    root.adoptedStyleSheets = [baseSheet(), ...shown.sheets, night()];
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
    const v = view.current!;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const on = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (!host.current) return;
        fraction.current = fractionOf(host.current, v);
        save();
      }, 200);
    };
    v.addEventListener('scroll', on, { passive: true });
    return () => (v.removeEventListener('scroll', on), clearTimeout(timer));
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

  // Keys: ←/→ turn chapters, PageDown/PageUp a screen (not in the fields).
  const keys = useRef<(e: KeyboardEvent) => void>(() => undefined);
  keys.current = (e: KeyboardEvent) => {
    const target = e.target as Element | null;
    if (e.altKey || e.ctrlKey || e.metaKey || target?.closest('input, textarea, select, [contenteditable="true"]')) return;
    const act: Record<string, () => void> = {
      ArrowRight: () => go(chapter + 1),
      ArrowLeft: () => go(chapter - 1),
      PageDown: () => turn(1),
      PageUp: () => turn(-1),
    };
    const run = act[e.key];
    if (!run) return;
    e.preventDefault();
    bars.hide();
    run();
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
      bars={bars}
      night={nightMode}
      viewRef={view}
      where={`${n(chapter + 1)} / ${n(count)}`}
      onTurn={turn}
      status={
        <p class="muted epub-at" id="chapter-status">
          {t.atChapter(n(chapter + 1), n(count))}
        </p>
      }
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
                <option key={c.path} value={String(i)} lang={textLang(c.title)}>
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
              {t.fontGlyph}−
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
              {t.fontGlyph}+
            </button>
          </span>
        </>
      }
    >
      <div
        class={`epub-page${nightMode[0] ? ' night' : ''}`}
        id="epub-page"
        ref={host}
        role="document"
        aria-label={t.bookText}
        data-chapter={drawn >= 0 ? String(drawn + 1) : undefined}
      />
      <p class="reader-group epub-foot">
        <button type="button" class="epub-next" onClick={() => go(chapter + 1)} disabled={chapter >= count - 1}>
          {t.nextChapter} ›
        </button>
      </p>
    </ReaderFrame>
  );
}
