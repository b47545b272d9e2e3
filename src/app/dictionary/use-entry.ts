// A word's entry for a screen: from the chunks in memory (api.ts entryInMemory) in the very
// render the route change makes, so a tap on a listed word paints its entry in the next frame;
// otherwise looked up (api.ts lookUp) from a layout effect, so the request leaves in the tap's own
// task rather than after a first frame of "loading".

import { useEffect, useLayoutEffect, useMemo, useState } from 'preact/hooks';
import type { Entry } from '../../core/dictionary/types.ts';
import type { LoadState } from '../ui/use-load.ts';
import { entryInMemory, keepLetter, lookUp } from './api.ts';

export function useEntry(word: string): LoadState<Entry | undefined> {
  const [n, setN] = useState(0);
  const key = `${n}\n${word}`;
  // A reload asks the store again (after "save this word", say).
  const held = useMemo(() => (n === 0 ? entryInMemory(word) : undefined), [key]);
  const [done, setDone] = useState<{ key: string; data?: Entry; error?: Error }>();
  useLayoutEffect(() => {
    if (held) return;
    let live = true;
    lookUp(word).then(
      (data) => live && setDone({ key, data }),
      (error: Error) => live && setDone({ key, error }),
    );
    return () => void (live = false);
  }, [key]);
  // As a lookup would, after the frame: the worker keeps the word's letter file.
  useEffect(() => void (held && keepLetter(word)), [key]);
  const reload = () => setN((x) => x + 1);
  if (held) return { data: held.entry, loading: false, reload };
  if (done?.key === key) return { ...(done.error ? { error: done.error } : { data: done.data }), loading: false, reload };
  return { loading: true, reload };
}
