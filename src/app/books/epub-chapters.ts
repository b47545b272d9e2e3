// The EPUB reader's place (epub-reader.tsx): the chapter drawn into the page's shadow root, how far
// down it the reader is, and the text size; a turn goes a screen on, and past a chapter's end or
// start to the next or previous one; links inside the book open the chapter they point at. The
// place is kept at each change (reader-open.ts keepPlace), which "Continue reading" opens again.

import { useEffect, useRef, useState } from 'preact/hooks';
import { baseSheet, type Epub } from './epub-doc.ts';
import { keepPlace } from './reader-open.ts';
import type { BookRef } from './user-db.ts';

/** Where to go once the chapter is drawn: a fraction of it, or an element's id. */
export type Goal = { fraction: number } | { id: string };
type Ref<T> = { current: T };

/** A page turned by tap or swipe keeps this much of the last screen in view, to read on from. */
const OVERLAP = 48;

/** How far down the chapter the top of the reading surface is, 0 to 1. */
function fractionOf(el: HTMLElement, view: HTMLElement): number {
  const box = el.getBoundingClientRect();
  const scrollable = box.height - view.clientHeight;
  if (scrollable <= 0) return 0;
  return Math.min(1, Math.max(0, (view.getBoundingClientRect().top - box.top) / scrollable));
}

/** Scrolls the reading surface to the goal in the drawn chapter. */
function placeAt(el: HTMLElement | null, v: HTMLElement | null, to: Goal): void {
  if (!el || !v) return;
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
}

/** A screen on or back; false at the chapter's end or start (the turn goes to the next or previous chapter). */
function turnScreen(v: HTMLElement, step: 1 | -1): boolean {
  const max = v.scrollHeight - v.clientHeight;
  if (step > 0 ? v.scrollTop >= max - 2 : v.scrollTop <= 2) return false;
  v.scrollBy({ top: step * Math.max(OVERLAP, v.clientHeight - OVERLAP), behavior: 'instant' });
  return true;
}

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

/** Draws a chapter into the host's shadow root; returns what lets it go, or nothing when it cannot be shown (the root is emptied). */
function drawChapter(el: HTMLElement, epub: Epub, chapter: number): (() => void) | undefined {
  const root = el.shadowRoot ?? el.attachShadow({ mode: 'open' });
  let shown: ReturnType<Epub['show']>;
  try {
    shown = epub.show(chapter);
  } catch {
    root.replaceChildren();
    return undefined;
  }
  const body = document.createElement('div');
  body.className = 'epub-body';
  body.append(shown.body);
  root.adoptedStyleSheets = [baseSheet(), ...shown.sheets, night()];
  root.replaceChildren(body);
  return () => shown.release();
}

/** Calls `on` a moment after scrolling stops; returns the function that stops listening. */
function afterScroll(v: HTMLElement, on: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const scrolled = () => {
    clearTimeout(timer);
    timer = setTimeout(on, 200);
  };
  v.addEventListener('scroll', scrolled, { passive: true });
  return () => (v.removeEventListener('scroll', scrolled), clearTimeout(timer));
}

/** The chapter shown, the place in it and the text size, from where the reader last was. */
export function useChapters(epub: Epub, book: BookRef, first: { chapter: number; fraction: number; size: number }) {
  const count = epub.chapters.length;
  const [chapter, setChapter] = useState(first.chapter);
  const [size, setSize] = useState(first.size);
  const [drawn, setDrawn] = useState(-1);
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<HTMLDivElement | null>(null);
  const goal = useRef<Goal>({ fraction: first.fraction });
  const fraction = useRef(first.fraction);

  const save = () => keepPlace({ ...book, kind: 'epub', page: chapter + 1, pages: count, zoom: size, fraction: fraction.current });
  const place = () => placeAt(host.current, view.current, goal.current);
  const go = (n: number, to: Goal = { fraction: 0 }) => {
    const next = Math.min(count - 1, Math.max(0, n));
    goal.current = to;
    fraction.current = 'fraction' in to ? to.fraction : 0;
    if (next === chapter) place();
    else setChapter(next);
  };
  /** A page on or back: a screen of the chapter, and past its end or start the next or previous chapter. */
  const turn = (step: 1 | -1) => {
    const v = view.current;
    if (!v || turnScreen(v, step)) return;
    if (step > 0 && chapter < count - 1) go(chapter + 1);
    if (step < 0 && chapter > 0) go(chapter - 1, { fraction: 1 });
  };

  // Draws the chapter into the shadow root, then goes to the goal.
  useEffect(() => {
    const release = drawChapter(host.current!, epub, chapter);
    if (!release) return;
    setDrawn(chapter);
    place();
    save();
    return release;
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
    return afterScroll(v, () => {
      if (!host.current) return;
      fraction.current = fractionOf(host.current, v);
      save();
    });
  }, [chapter, size]);
  return { chapter, size, setSize, drawn, host, view, go, turn };
}

/** Links inside the book open the chapter they point at; links out of it open in a new tab. */
export function useBookLinks(host: Ref<HTMLDivElement | null>, epub: Epub, chapter: number, go: (n: number, to: Goal) => void): void {
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
}
