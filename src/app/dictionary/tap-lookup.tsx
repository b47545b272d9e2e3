// Tap to look up, anywhere in the app: a Devanagari word the reader selects (or long-presses:
// phones select the word pressed; a double click on a computer) opens its entry in a bottom sheet
// (lookup-sheet.tsx, a chunk of its own, loaded on the first word). The books' readers open it
// with a long press on a word (books/reader-frame.tsx): lookUpWord. Only this listener is in the
// start-up bundle.

import { useEffect } from 'preact/hooks';
import { tappedWord } from '../../core/dictionary/tap-word.ts';
import { createStore, useStore } from '../client/store.ts';
import { lazyComponent } from '../ui/lazy-component.tsx';

const LookUpSheet = lazyComponent(() => import('./lookup-sheet.tsx').then((m) => m.default), null);

/** How long the selection must stay still (handles being dragged) before it is looked up. */
const SETTLE_MS = 500;

/** The word selected now, if the selection is one word outside fields and the sheet itself. */
function selectedWord(): string | undefined {
  const sel = document.getSelection();
  if (!sel || sel.isCollapsed || sel.rangeCount === 0) return undefined;
  const node = sel.getRangeAt(0).commonAncestorContainer;
  const el = node instanceof Element ? node : node.parentElement;
  if (!el || el.closest('input, textarea, [contenteditable], .lookup-sheet')) return undefined;
  return tappedWord(sel.toString());
}

/** The word the sheet is open for, as it was tapped; undefined while it is closed. */
const shown = createStore<string | undefined>(undefined);

/** Opens the sheet for a Devanagari word (a word the caller has checked with tappedWord). */
export const lookUpWord = (word: string): void => shown.set(word);
export const lookUpOpen = (): boolean => shown.get() !== undefined;
export const closeLookUp = (): void => shown.set(undefined);

export function TapToLookUp() {
  const word = useStore(shown);
  const setWord = (w: string | undefined) => shown.set(w);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const on = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const w = selectedWord();
        if (w) setWord(w);
      }, SETTLE_MS);
    };
    document.addEventListener('selectionchange', on);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('selectionchange', on);
    };
  }, []);
  return word ? <LookUpSheet word={word} onClose={() => setWord(undefined)} /> : null;
}
