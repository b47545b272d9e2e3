// The bottom sheet of tap to look up (tap-lookup.tsx): the word's entry, offline when its chunk is
// stored (api.ts lookUp, through the service worker), else the "not saved" offer a word's page
// makes; a link to the full page. A word that is no headword shows the headword it comes from
// (resolve-word.ts: घरमा → घर), saying so. It stands below the content, never over it: the page's
// bottom padding grows by the sheet's height, so everything can still be scrolled into view and
// tapped; over a book's reader (a fixed layer) it lies over the page's foot, which stays where it
// was. Focus moves into it when it opens and back where it was when it closes (Escape, the close
// button, or a new page).

import type { RefObject } from 'preact';
import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import { senseParts } from '../../core/dictionary/senses.ts';
import { isNotSaved } from '../client/offline.ts';
import { useLang } from '../i18n.ts';
import { href } from './links.ts';
import { NotSaved } from './not-saved.tsx';
import { Failed, Loading } from '../ui/status.tsx';
import { type LoadState, useLoad } from '../ui/use-load.ts';
import { resolveWord } from './resolve-word.ts';
import { saveWord } from './save-word.ts';

const STRINGS = {
  ne: {
    label: 'शब्दको अर्थ',
    close: 'बन्द गर्नुहोस्',
    full: 'पूरा पृष्ठ',
    none: 'यो शब्द शब्दकोशमा भेटिएन',
    search: 'खोज्नुहोस्',
    from: (w: string) => `“${w}” को मूल शब्द`,
  },
  en: {
    label: 'Meaning of the word',
    close: 'Close',
    full: 'Full page',
    none: 'This word is not in the dictionary',
    search: 'Search',
    from: (w: string) => `The dictionary form of “${w}”`,
  },
};

/** Senses shown in the sheet; the full page has them all. */
const SHOWN = 3;

type Loaded = LoadState<Awaited<ReturnType<typeof resolveWord>>>;

/** Focus in, and back out where it was; Escape and a new page close it. */
function useFocusHeld(sheet: RefObject<HTMLElement>, heading: RefObject<HTMLHeadingElement>, word: string, onClose: () => void): void {
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    heading.current?.focus({ preventScroll: true });
    // Before the page's own Escape (a reader's bars): this Escape is the sheet's.
    const key = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      onClose();
    };
    addEventListener('keydown', key, true);
    addEventListener('hashchange', onClose);
    return () => {
      removeEventListener('keydown', key, true);
      removeEventListener('hashchange', onClose);
      // Back where it was, unless the reader has moved on to something else in the page.
      const active = document.activeElement;
      if (before && before !== document.body && before.isConnected && (!active || active === document.body || sheet.current?.contains(active)))
        before.focus({ preventScroll: true });
    };
  }, [word]);
}

/**
 * The page's bottom padding grows by the sheet's height while it is open; its bottom sits on the
 * phone's section bar, if that is showing.
 */
function useRoomBelow(sheet: RefObject<HTMLElement>): void {
  useLayoutEffect(() => {
    const el = sheet.current!;
    const body = document.body;
    const bar = document.querySelector<HTMLElement>('.sections-nav');
    const barHeight = () => (bar && getComputedStyle(bar).position === 'fixed' ? bar.offsetHeight : 0);
    const makeRoom = () => {
      body.style.paddingBottom = '';
      const base = parseFloat(getComputedStyle(body).paddingBottom) || 0;
      el.style.bottom = `${barHeight()}px`;
      body.style.paddingBottom = `${base + el.offsetHeight}px`;
    };
    makeRoom();
    const watch = new ResizeObserver(makeRoom);
    watch.observe(el);
    return () => {
      watch.disconnect();
      body.style.paddingBottom = '';
    };
  }, []);
}

/** What the sheet holds: the senses, or why there are none (not saved, failed, loading, no such word). */
function SheetBody({ word, found, error, loading, reload }: { word: string } & Pick<Loaded, 'error' | 'loading' | 'reload'> & { found: Loaded['data'] }) {
  const s = STRINGS[useLang()];
  const head = found?.word ?? word;
  const data = found?.entry;
  const senses = data?.definitions.flatMap((d) => d.senses).filter((x) => x.trim()) ?? [];
  return found?.notSaved || (error && isNotSaved(error)) ? (
    <NotSaved what="word" id="lookup-not-saved" saveOne={() => saveWord(head).then((r) => (r === 'saved' && reload(), r))} />
  ) : error ? (
    <Failed error={error} retry={reload} />
  ) : loading ? (
    <Loading />
  ) : data ? (
    <ol class="senses" lang="ne">
      {senses.slice(0, SHOWN).map((x, i) => (
        <li key={i}>{senseParts(x, i).text}</li>
      ))}
    </ol>
  ) : (
    <p>
      {s.none} · <a href={href.search(word)}>{s.search}</a>
    </p>
  );
}

export default function LookUpSheet({ word, onClose }: { word: string; onClose: () => void }) {
  const s = STRINGS[useLang()];
  const sheet = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const { data: found, error, loading, reload } = useLoad(() => resolveWord(word), [word]);
  const head = found?.word ?? word;
  const data = found?.entry;
  useFocusHeld(sheet, heading, word, onClose);
  useRoomBelow(sheet);
  return (
    <aside class="lookup-sheet" ref={sheet} aria-labelledby="lookup-h" id="lookup-sheet">
      <div class="lookup-head">
        <h2 id="lookup-h" tabIndex={-1} ref={heading} lang="ne">
          <span class="visually-hidden">{s.label}: </span>
          {head}
        </h2>
        <button type="button" class="lookup-close" id="lookup-close" onClick={onClose} aria-label={s.close}>
          ✕
        </button>
      </div>
      {head !== word ? (
        <p class="lookup-from muted" id="lookup-from">
          {s.from(word)}
        </p>
      ) : null}
      <SheetBody word={word} found={found} error={error} loading={loading} reload={reload} />
      {data || found?.notSaved || (error && isNotSaved(error)) ? (
        <p>
          <a href={href.word(head)} id="lookup-full" onClick={onClose}>
            {s.full}: {head}
          </a>
        </p>
      ) : null}
    </aside>
  );
}
