// The frame both readers share (PDF, EPUB), a reading mode as phone readers have it: the page
// fills the screen (the app's header, section bar and banners step aside while a reader is
// open), its bars lie over the page and hide while reading — a turn by key, tap or swipe, or
// a scroll hides them; a tap in the middle, Escape, the page-number button or the keyboard's
// focus brings them back. The top bar holds the way back to the book's page, the book's title
// (the screen's heading) and night mode; the bottom bar the reader's own tools and the line
// saying where the reader is. Taps on the edges and swipes turn (reader-gestures.ts).
// A long press on a Devanagari word (word-at.ts: the EPUB's text, the PDF's text layer, a legacy
// font's too) opens the dictionary's sheet over the page (dictionary/tap-lookup.tsx); while it is
// open a tap or a swipe on the page closes it and does nothing else, so the page stays where it was.

import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { useLang } from '../i18n.ts';
import { ScreenHeading } from '../ui/focus.tsx';
import { textLang } from '../../core/text-lang.ts';
import { bookHref } from './cards.tsx';
import { closeLookUp, lookUpOpen, lookUpWord } from '../dictionary/tap-lookup.tsx';
import { listenGestures } from './reader-gestures.ts';
import { useReaderT } from './reader-strings.ts';
import { useBooksT } from './strings.ts';
import type { BookRef } from './user-db.ts';
import { wordAt } from './word-at.ts';
import './reader.css';

export interface Bars {
  shown: boolean;
  show: () => void;
  /** hides them unless the keyboard is in them (a turn from the bars' own buttons keeps them) */
  hide: () => void;
  toggle: () => void;
}

const inBars = () => !!document.activeElement?.closest('.reader-bar') && document.activeElement?.matches(':focus-visible');

/** The bars' state: shown when a book opens. */
export function useBars(): Bars {
  const [shown, setShown] = useState(true);
  return {
    shown,
    show: () => setShown(true),
    hide: () => {
      if (!inBars()) setShown(false);
    },
    toggle: () => setShown((s) => !s),
  };
}

const NIGHT_KEY = 'khoj.reader.night';

/** Night mode, the reader's choice kept on the device; until they choose, the system's dark theme. */
export function useNight(): [boolean, () => void] {
  const initial = () => {
    const kept = localStorage.getItem(NIGHT_KEY);
    return kept === null ? matchMedia('(prefers-color-scheme: dark)').matches : kept === 'on';
  };
  const [night, setNight] = useState(initial);
  return [
    night,
    () =>
      setNight((n) => {
        localStorage.setItem(NIGHT_KEY, n ? 'off' : 'on');
        return !n;
      }),
  ];
}

interface Props {
  book: BookRef;
  kind: 'pdf-reader' | 'epub-reader';
  bars: Bars;
  night: [boolean, () => void];
  /** the reader's tools, in the bottom bar */
  tools: ComponentChildren;
  /** where the reader is and what a search found, said as it changes */
  status: ComponentChildren;
  /** where the reader is, in short ("३ / ५"), on the button that brings the bars back */
  where: string;
  /** a tap on an edge or a swipe: +1 on, -1 back */
  onTurn: (step: 1 | -1) => void;
  /** a double tap on the page (the PDF zooms there); taps in the middle then wait to tell */
  onDoubleTap?: (x: number, y: number) => void;
  /** the reading surface, for a reader that scrolls it (EPUB) */
  viewRef?: { current: HTMLDivElement | null };
  children: ComponentChildren;
}

export function ReaderFrame({ book, kind, bars, night: [night, toggleNight], tools, status, where, onTurn, onDoubleTap, viewRef, children }: Props) {
  const t = useBooksT();
  const rt = useReaderT();
  const view = useRef<HTMLDivElement>(null);
  const now = useRef({ bars, onTurn, onDoubleTap });
  now.current = { bars, onTurn, onDoubleTap };
  useReadingMode(night);
  usePageGestures(view, now, viewRef);
  useEscapeTogglesBars(view, now);
  return (
    <section class={`reader ${kind}${night ? ' night' : ''}`} aria-labelledby="reader-h" data-bars={bars.shown ? 'shown' : 'hidden'}>
      <TopBar book={book} night={night} toggleNight={toggleNight} />
      <div class="reader-view" ref={view} tabIndex={-1}>
        {children}
      </div>
      <div class="reader-bar reader-bottom">
        <div class="reader-tools" role="toolbar" aria-label={t.readerTools}>
          {tools}
        </div>
        <div class="reader-status" aria-live="polite">
          {status}
        </div>
      </div>
      <button type="button" class="reader-where" onClick={bars.show} aria-label={`${where} · ${rt.showTools}`} hidden={bars.shown}>
        {where}
      </button>
    </section>
  );
}

/** The top bar: the way back to the book's page, the book's title (the screen's heading), night mode. */
function TopBar({ book, night, toggleNight }: { book: BookRef; night: boolean; toggleNight: () => void }) {
  const t = useBooksT();
  const rt = useReaderT();
  const lang = useLang();
  const title = lang === 'ne' && book.titleLocal ? book.titleLocal : book.title;
  return (
    <div class="reader-bar reader-top">
      <a href={bookHref(book.id)} class="book-page">
        <span aria-hidden="true" class="back-mark">
          ‹
        </span>
        {t.bookPage}
      </a>
      <ScreenHeading id="reader-h" class="reader-title" title={title}>
        <span lang={textLang(title)}>{title}</span>
      </ScreenHeading>
      <button type="button" class="reader-night" aria-pressed={night ? 'true' : 'false'} aria-label={rt.night} title={rt.night} onClick={toggleNight}>
        <span aria-hidden="true">{night ? '☀' : '☾'}</span>
      </button>
    </div>
  );
}

type Now = { current: Pick<Props, 'bars' | 'onTurn' | 'onDoubleTap'> };
type ViewRef = { current: HTMLDivElement | null };

/** The app's own bars step aside while a book is open, and the dictionary's sheet over the page follows night mode (reader.css). */
function useReadingMode(night: boolean): void {
  useEffect(() => {
    const root = document.documentElement;
    root.classList.add('reading');
    return () => root.classList.remove('reading');
  }, []);
  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle('reading-night', night);
    return () => root.classList.remove('reading-night');
  }, [night]);
}

/** Taps, swipes, a double tap and a long press on the page (reader-gestures.ts); scrolling by hand hides the bars. */
function usePageGestures(view: ViewRef, now: Now, viewRef: ViewRef | undefined): void {
  useEffect(() => {
    const el = view.current!;
    if (viewRef) viewRef.current = el;
    // With the dictionary's sheet open, a tap closes it and leaves the page as it is.
    const closed = () => lookUpOpen() && (closeLookUp(), true);
    const stop = listenGestures(el, () => ({
      turn: (step) => {
        if (closed()) return;
        now.current.bars.hide();
        now.current.onTurn(step);
      },
      middle: () => closed() || now.current.bars.toggle(),
      ...(now.current.onDoubleTap ? { doubleTap: (x: number, y: number) => closed() || now.current.onDoubleTap?.(x, y) } : {}),
      press: (x, y) => {
        const word = wordAt(x, y, el);
        if (word) lookUpWord(word);
        return !!word;
      },
    }));
    // Scrolling the page by hand is reading: the bars go.
    const scrolled = () => now.current.bars.hide();
    el.addEventListener('wheel', scrolled, { passive: true });
    el.addEventListener('touchmove', scrolled, { passive: true });
    return () => {
      stop();
      el.removeEventListener('wheel', scrolled);
      el.removeEventListener('touchmove', scrolled);
    };
  }, []);
}

/** Escape shows the bars, or hides them (the focus then goes to the page, not left in a hidden bar). */
function useEscapeTogglesBars(view: ViewRef, now: Now): void {
  useEffect(() => {
    const on = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      const { bars: b } = now.current;
      e.preventDefault();
      if (!b.shown) return b.show();
      if (document.activeElement?.closest('.reader-bar')) view.current?.focus();
      b.toggle();
    };
    addEventListener('keydown', on);
    return () => removeEventListener('keydown', on);
  }, []);
}
