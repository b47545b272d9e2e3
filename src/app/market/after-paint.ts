// Work a screen's first content must not wait for: a flag that turns true once `ready` content
// has been painted. A symbol page draws its company and last price from the small quote file, and
// only then asks for the large files (dividend history, price months, securities, disclosures):
// on a phone's network they were seconds of transfer and parsing before anything was drawn
// (bench/RESULTS.md, "Lighthouse (mobile): history, portfolio, symbol").

import { useEffect, useState } from 'preact/hooks';
import { afterFirstPaint, afterShown, holdSettled } from '../client/first-paint.ts';

/** True once `ready` content has been painted; with `shown`, once the element marked `elementtiming={shown}` is on screen (first-paint.ts afterShown). */
export function useAfterPaint(ready: boolean, shown?: string): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    let live = true;
    // What comes after is part of the first screen: the first install waits for it.
    const release = holdSettled();
    const then = () => {
      release();
      if (live) setPainted(true);
    };
    if (shown) afterShown(shown, then);
    else afterFirstPaint(then);
    return () => {
      live = false;
      release();
    };
  }, [ready, painted, shown]);
  return painted;
}
