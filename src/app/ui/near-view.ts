// Content far below the first screen, loaded when the reader scrolls near it: a stock page's
// disclosures and exchange messages are 390 KB of JSON to fetch and read for every company, work
// a first visit did before anyone scrolled (issue 38).

import type { RefObject } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';

/** How close (px) below the screen the mark may be before its content is asked for. */
const AHEAD_PX = 300;

/** A ref for a mark in the page, and whether it has come within AHEAD_PX of the screen (once true, true). */
export function useNearView<T extends Element>(): [RefObject<T>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver !== 'function');
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const seen = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: `0px 0px ${AHEAD_PX}px 0px` });
    seen.observe(el);
    return () => seen.disconnect();
  }, [near]);
  return [ref, near];
}
