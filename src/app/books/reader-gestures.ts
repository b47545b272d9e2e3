// The reading gestures on a reader's page (reader-frame.tsx), as phone readers have them: a tap
// on the left or right edge turns back or on, a tap in the middle shows or hides the tools, a
// horizontal swipe turns, a double tap (where the reader takes one: the PDF's zoom) acts at its
// point. A finger is followed by its touch events, a mouse or a pen by its pointer events: one
// down and up, its move and its time tell a tap from a swipe, a scroll or a long press. Taps on
// links, buttons and fields are theirs, not a turn.

/** The left and right parts of the page that turn it, as a share of its width. */
export const EDGE = 0.25;
/** A swipe goes this far across, at any speed: a slow drag across the page means nothing else. */
const SWIPE_PX = 48;
/** A tap moves less than this, and is shorter (a press that selected text is no tap either). */
const TAP_PX = 12;
const TAP_MS = 1500;
/** A second tap within this time and distance is a double tap. */
const DOUBLE_MS = 300;
const DOUBLE_PX = 32;

export interface GestureHandlers {
  turn: (step: 1 | -1) => void;
  middle: () => void;
  /** at the point in the element's client coordinates; when given, a tap in the middle waits to tell */
  doubleTap?: (x: number, y: number) => void;
}

const INTERACTIVE = 'a[href], button, input, select, textarea, label, summary, [role="button"], [contenteditable="true"]';

/** The tap's zone: -1 left edge, 1 right edge, 0 the middle. */
export function zoneOf(x: number, left: number, width: number): -1 | 0 | 1 {
  const f = (x - left) / width;
  return f < EDGE ? -1 : f > 1 - EDGE ? 1 : 0;
}

interface Point {
  x: number;
  y: number;
  t: number;
}

/** Listens on `el`; returns the function that stops listening. `handlers` is read at each gesture. */
export function listenGestures(el: HTMLElement, handlers: () => GestureHandlers): () => void {
  let start: (Point & { id: number }) | undefined;
  let last: Point | undefined;
  let pending: ReturnType<typeof setTimeout> | undefined;

  /** A gesture ended at `end`: a swipe, a tap, or nothing (a scroll, a long press). */
  const ended = (s: Point, end: Point, path: EventTarget[]) => {
    if (getSelection()?.toString()) return;
    // Taps on the page's links and controls are theirs; the path, not the target: a link in the
    // EPUB's shadow root is retargeted to its host.
    if (path.some((n) => n instanceof Element && n.matches(INTERACTIVE))) return;
    const dx = end.x - s.x;
    const dy = end.y - s.y;
    const h = handlers();
    if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) >= 2 * Math.abs(dy)) {
      // A swipe to the left brings the next page, as a page turned by hand.
      return h.turn(dx < 0 ? 1 : -1);
    }
    if (Math.hypot(dx, dy) > TAP_PX || end.t - s.t > TAP_MS) return;
    const box = el.getBoundingClientRect();
    const zone = zoneOf(end.x, box.left, box.width);
    const again = last && end.t - last.t < DOUBLE_MS && Math.hypot(end.x - last.x, end.y - last.y) < DOUBLE_PX;
    last = end;
    if (zone !== 0) return h.turn(zone);
    if (h.doubleTap && again && pending !== undefined) {
      clearTimeout(pending);
      pending = undefined;
      last = undefined;
      return h.doubleTap(end.x, end.y);
    }
    if (!h.doubleTap) return h.middle();
    clearTimeout(pending);
    pending = setTimeout(() => {
      pending = undefined;
      handlers().middle();
    }, DOUBLE_MS);
  };

  // Fingers: touch events, which go on when the browser scrolls (it cancels the pointer then),
  // and come when it spends a tap on stopping a scroll (it sends no click then).
  const touchStart = (e: TouchEvent) => {
    const t = e.touches.length === 1 ? e.touches[0]! : undefined;
    // A second finger makes it a pinch, never a swipe or a tap.
    start = t ? { id: t.identifier, x: t.clientX, y: t.clientY, t: e.timeStamp } : undefined;
  };
  const touchEnd = (e: TouchEvent) => {
    const s = start;
    const t = e.changedTouches[0];
    if (e.type === 'touchcancel' || !s || !t || e.touches.length || t.identifier !== s.id) return void (start = undefined);
    start = undefined;
    ended(s, { x: t.clientX, y: t.clientY, t: e.timeStamp }, e.composedPath());
  };
  // A mouse or a pen: pointer events (a finger's come from the touch events above).
  const down = (e: PointerEvent) => {
    if (e.pointerType === 'touch' || e.button !== 0) return;
    start = { id: e.pointerId, x: e.clientX, y: e.clientY, t: e.timeStamp };
  };
  const up = (e: PointerEvent) => {
    const s = start;
    if (e.pointerType === 'touch' || !s || s.id !== e.pointerId) return;
    start = undefined;
    if (e.type === 'pointerup') ended(s, { x: e.clientX, y: e.clientY, t: e.timeStamp }, e.composedPath());
  };

  const listeners: Array<[string, (e: never) => void]> = [
    ['touchstart', touchStart],
    ['touchend', touchEnd],
    ['touchcancel', touchEnd],
    ['pointerdown', down],
    ['pointerup', up],
    ['pointercancel', up],
  ];
  for (const [type, on] of listeners) el.addEventListener(type, on as EventListener, { passive: true });
  return () => {
    clearTimeout(pending);
    for (const [type, on] of listeners) el.removeEventListener(type, on as EventListener);
  };
}
