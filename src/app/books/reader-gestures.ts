// The reading gestures on a reader's page (reader-frame.tsx), as phone readers have them: a tap
// on the left or right edge turns back or on, a tap in the middle shows or hides the tools, a
// horizontal swipe turns, a double tap (where the reader takes one: the PDF's zoom) acts at its
// point, a long press (a finger held still) on a word looks it up. A finger is followed by its
// touch events, a mouse or a pen by its pointer events: one down and up, its move and its time
// tell a tap from a swipe, a scroll or a long press. Taps on links, buttons and fields are theirs,
// not a turn. A long press taken by a word ends the gesture: its lifting is no tap, and the
// browser's own menu and selection for it are let go.

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
/** A finger held this long without moving past TAP_PX is a long press (before the browser's own, ~500 ms). */
export const PRESS_MS = 450;

export interface GestureHandlers {
  turn: (step: 1 | -1) => void;
  middle: () => void;
  /** at the point in the element's client coordinates; when given, a tap in the middle waits to tell */
  doubleTap?: (x: number, y: number) => void;
  /** a long press at the point (client coordinates); true when it was taken (a word there was looked up) */
  press?: (x: number, y: number) => boolean;
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

/** The long press: a finger held still for PRESS_MS, or the browser's own (its context menu). */
function longPress(handlers: () => GestureHandlers, at: () => Point | undefined) {
  /** the long press waiting for its time, and whether the gesture under way was taken by one */
  let holding: ReturnType<typeof setTimeout> | undefined;
  let pressed = false;
  const pressNow = (s: Point) => {
    clearTimeout(holding);
    holding = undefined;
    if (at() && handlers().press?.(s.x, s.y)) {
      pressed = true;
      getSelection()?.removeAllRanges();
    }
  };
  const letGo = () => {
    clearTimeout(holding);
    holding = undefined;
  };
  return {
    hold: (s: Point) => {
      clearTimeout(holding);
      pressed = false;
      holding = handlers().press ? setTimeout(() => pressNow(s), PRESS_MS) : undefined;
    },
    letGo,
    /** A finger or pointer moved: past a tap's reach, no long press. */
    moved: (x: number, y: number) => {
      const s = at();
      if (holding !== undefined && s && Math.hypot(x - s.x, y - s.y) > TAP_PX) letGo();
    },
    /** The browser's own long press: a press waiting for its time is taken now; true when one was taken. */
    menu: () => {
      const s = at();
      if (holding !== undefined && s) pressNow(s);
      return pressed;
    },
    /** Whether the gesture ending was taken by a long press (and forgets it). */
    taken: () => {
      const was = pressed;
      pressed = false;
      return was;
    },
    forget: () => void (pressed = false),
  };
}

/** Taps and swipes: what a gesture that ended was (a swipe, a tap on an edge or the middle, a double tap). */
function tapsAndSwipes(el: HTMLElement, handlers: () => GestureHandlers) {
  let last: Point | undefined;
  let pending: ReturnType<typeof setTimeout> | undefined;
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
  return { ended, stop: () => clearTimeout(pending) };
}

/** Listens on `el`; returns the function that stops listening. `handlers` is read at each gesture. */
export function listenGestures(el: HTMLElement, handlers: () => GestureHandlers): () => void {
  let start: (Point & { id: number }) | undefined;
  const press = longPress(handlers, () => start);
  const taps = tapsAndSwipes(el, handlers);
  /** A gesture ended at `end`: a swipe, a tap, or nothing (a scroll, a long press). */
  const ended = (s: Point, end: Point, path: EventTarget[]) => {
    press.letGo();
    if (!press.taken()) taps.ended(s, end, path);
  };

  // Fingers: touch events, which go on when the browser scrolls (it cancels the pointer then),
  // and come when it spends a tap on stopping a scroll (it sends no click then).
  const touchStart = (e: TouchEvent) => {
    const t = e.touches.length === 1 ? e.touches[0]! : undefined;
    // A second finger makes it a pinch, never a swipe or a tap.
    start = t ? { id: t.identifier, x: t.clientX, y: t.clientY, t: e.timeStamp } : undefined;
    if (start) press.hold(start);
    else press.letGo();
  };
  const touchMove = (e: TouchEvent) => {
    const t = e.touches[0];
    if (t && start && t.identifier === start.id) press.moved(t.clientX, t.clientY);
  };
  const touchEnd = (e: TouchEvent) => {
    const s = start;
    const t = e.changedTouches[0];
    if (e.type === 'touchcancel' || !s || !t || e.touches.length || t.identifier !== s.id) {
      press.letGo();
      if (!e.touches.length) press.forget();
      return void (start = undefined);
    }
    start = undefined;
    ended(s, { x: t.clientX, y: t.clientY, t: e.timeStamp }, e.composedPath());
  };
  // A mouse or a pen: pointer events (a finger's come from the touch events above).
  const down = (e: PointerEvent) => {
    if (e.pointerType === 'touch' || e.button !== 0) return;
    start = { id: e.pointerId, x: e.clientX, y: e.clientY, t: e.timeStamp };
    press.hold(start);
  };
  const pointerMove = (e: PointerEvent) => {
    if (e.pointerType !== 'touch' && start?.id === e.pointerId) press.moved(e.clientX, e.clientY);
  };
  const up = (e: PointerEvent) => {
    const s = start;
    if (e.pointerType === 'touch' || !s || s.id !== e.pointerId) return;
    start = undefined;
    if (e.type === 'pointerup') ended(s, { x: e.clientX, y: e.clientY, t: e.timeStamp }, e.composedPath());
    else {
      press.letGo();
      press.forget();
    }
  };
  // The browser's own long press (its menu, a selection) comes as a context menu: one taken keeps the browser's menu away.
  const menu = (e: Event) => {
    if (press.menu()) e.preventDefault();
  };
  return listenAll(
    el,
    [
      ['touchstart', touchStart],
      ['touchmove', touchMove],
      ['touchend', touchEnd],
      ['touchcancel', touchEnd],
      ['pointerdown', down],
      ['pointermove', pointerMove],
      ['pointerup', up],
      ['pointercancel', up],
    ],
    menu,
    () => (taps.stop(), press.letGo()),
  );
}

/** Adds the listeners (passive) and the context menu's; returns the function that takes them off. */
function listenAll(el: HTMLElement, listeners: Array<[string, (e: never) => void]>, menu: (e: Event) => void, stopped: () => void): () => void {
  for (const [type, on] of listeners) el.addEventListener(type, on as EventListener, { passive: true });
  el.addEventListener('contextmenu', menu);
  return () => {
    stopped();
    for (const [type, on] of listeners) el.removeEventListener(type, on as EventListener);
    el.removeEventListener('contextmenu', menu);
  };
}
