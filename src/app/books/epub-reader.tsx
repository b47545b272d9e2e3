// The EPUB reader (#/books/epub/<id>): a saved EPUB (the book page's "Save EPUB for offline",
// downloads.ts) opened inside the app, one chapter at a time in a shadow root (epub-doc.ts
// reads and cleans it), in the reading frame both readers share (reader-frame.tsx: the page
// fills the screen, bars that hide, a tap on an edge, a swipe or PageDown turns a screen,
// night mode). Chapter list, next and previous (buttons and ←/→), text size; the
// chapter, how far down it and the text size remembered per book (user-db.ts positions), which
// "Continue reading" opens again. Loaded only on this screen.

import { digits } from '../../core/digits.ts';
import { useEffect, useState } from 'preact/hooks';
import { useLang } from '../i18n.ts';
import type { ScreenProps } from '../ui/lazy-screens.tsx';
import { Loading } from '../ui/status.tsx';
import { getBook } from './api.ts';
import { readSaved } from './downloads.ts';
import { type Epub, openEpub } from './epub-doc.ts';
import { KhojError } from '../../core/errors.ts';
import { ReaderFrame, useBars, useNight } from './reader-frame.tsx';
import { useBookLinks, useChapters } from './epub-chapters.ts';
import { EpubTools, nearestSize } from './epub-tools.tsx';
import { useReaderKeys } from './reader-keys.ts';
import { bookRefOf, shelveAsReading, sourceOf } from './reader-open.ts';
import { ReaderProblem } from './reader-problem.tsx';
import { refusalText, useBooksT } from './strings.ts';
import { EpubRefused } from '../../core/books/epub-limits.ts';
import { type BookRef, positionOf } from './user-db.ts';
import './epub-reader.css';

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
      const ref = bookRefOf(id, book, row);
      const source = sourceOf(row?.pdfUrl, book?.sourceUrl);
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
      await shelveAsReading(ref!);
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
    <ReaderProblem id={id} problem={problem} text={text} book={book} source={source} title={detail}>
      {refusal ? <p id="reader-refusal">{refusalText(t, refusal, lang)}</p> : null}
    </ReaderProblem>
  );
}

function Reader({ epub, book, chapter: firstChapter, fraction, size: firstSize }: Extract<Opened, { state: 'open' }>) {
  const t = useBooksT();
  const lang = useLang();
  const count = epub.chapters.length;
  const { chapter, size, setSize, drawn, host, view, go, turn } = useChapters(epub, book, { chapter: firstChapter, fraction, size: firstSize });
  const bars = useBars();
  const nightMode = useNight();
  useBookLinks(host, epub, chapter, go);
  // Keys: ←/→ turn chapters, PageDown/PageUp a screen (not in the fields).
  useReaderKeys(bars, () => ({
    turns: { ArrowRight: () => go(chapter + 1), ArrowLeft: () => go(chapter - 1), PageDown: () => turn(1), PageUp: () => turn(-1) },
  }));

  const n = (x: number) => digits(x, lang);
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
      tools={<EpubTools epub={epub} chapter={chapter} go={go} size={size} setSize={setSize} />}
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
