// The keys both readers take (pdf-reader.tsx, epub-reader.tsx), wired once: a reader names its
// keys and what they do; keys pressed in a field or with Alt, Ctrl or Meta are left alone, and a
// key that turns hides the bars as a tap on the page's edge does.

import { useEffect, useRef } from 'preact/hooks';
import type { Bars } from './reader-frame.tsx';

export interface ReaderKeys {
  /** keys that turn a page, a screen or a chapter: the bars go */
  turns: Record<string, () => void>;
  /** other keys (the PDF's zoom) */
  other?: Record<string, () => void>;
  /** Ctrl+F (or ⌘F), taken in the fields too: the reader's own find */
  find?: () => void;
}

const inField = (target: EventTarget | null) => !!(target as Element | null)?.closest?.('input, textarea, select, [contenteditable="true"]');

/** Listens for the reader's keys on the window; `keys` is read at each key, so it sees the latest state. */
export function useReaderKeys(bars: Bars, keys: () => ReaderKeys): void {
  const now = useRef(keys);
  now.current = keys;
  const barsNow = useRef(bars);
  barsNow.current = bars;
  useEffect(() => {
    const on = (e: KeyboardEvent) => {
      const { turns, other, find } = now.current();
      if (find && (e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'f') {
        e.preventDefault();
        return find();
      }
      if (e.altKey || e.ctrlKey || e.metaKey || inField(e.target)) return;
      const turn = turns[e.key];
      const run = turn ?? other?.[e.key];
      if (!run) return;
      e.preventDefault();
      if (turn) barsNow.current.hide();
      run();
    };
    addEventListener('keydown', on);
    return () => removeEventListener('keydown', on);
  }, []);
}
