// The PDF page's own zoom gestures (pdf-page.tsx): a pinch with two fingers (pointer events; the
// page itself does not zoom: touch-action in reader.css) and Ctrl+wheel (a laptop's pinch, or Ctrl
// and the mouse wheel). Both preview the zoom with a CSS scale on the sheet and hand the factor to
// the reader when the gesture ends, with the point under the fingers or the pointer as its anchor.

import { useEffect } from 'preact/hooks';

/** Where a zoom was asked, in client coordinates: that point of the page stays put. */
export interface ZoomAnchor {
  x: number;
  y: number;
}

type Ref<T> = { current: T };

/** Scales the sheet by `f` about the point `at` (client coordinates), or puts it back (f 1). */
function preview(s: HTMLElement, f: number, at: ZoomAnchor | null): void {
  if (f === 1 || !at) return void (s.style.transform = '');
  const box = s.getBoundingClientRect();
  s.style.transformOrigin = `${at.x - box.left}px ${at.y - box.top}px`;
  s.style.transform = `scale(${f})`;
}

/** Listens on the scroller for pinches and Ctrl+wheel; `zoomBy` and `anchor` are read when a gesture ends. */
export function usePinchZoom(
  scroller: Ref<HTMLDivElement | null>,
  sheet: Ref<HTMLDivElement | null>,
  anchor: Ref<ZoomAnchor | null>,
  zoomBy: Ref<(factor: number) => void>,
): void {
  useEffect(() => {
    const el = scroller.current!;
    const points = new Map<number, { x: number; y: number }>();
    let start = 0;
    let factor = 1;
    let middle: ZoomAnchor | null = null;
    const distance = () => {
      const [a, b] = [...points.values()];
      return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
    };
    const down = (e: PointerEvent) => {
      points.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (points.size !== 2) return;
      start = distance();
      factor = 1;
      const [a, b] = [...points.values()] as [ZoomAnchor, ZoomAnchor];
      middle = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    };
    const move = (e: PointerEvent) => {
      if (!points.has(e.pointerId)) return;
      points.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (points.size === 2 && start > 0) preview(sheet.current!, (factor = distance() / start), middle);
    };
    const up = (e: PointerEvent) => {
      if (!points.delete(e.pointerId) || points.size !== 1 || start === 0) return;
      start = 0;
      preview(sheet.current!, 1, null);
      if (Math.abs(factor - 1) > 0.02) {
        anchor.current = middle;
        zoomBy.current(factor);
      }
    };
    const wheel = ctrlWheel(sheet, anchor, zoomBy);
    el.addEventListener('pointerdown', down);
    el.addEventListener('pointermove', move);
    for (const type of ['pointerup', 'pointercancel'] as const) el.addEventListener(type, up);
    el.addEventListener('wheel', wheel.on, { passive: false });
    return () => {
      wheel.stop();
      el.removeEventListener('pointerdown', down);
      el.removeEventListener('pointermove', move);
      for (const type of ['pointerup', 'pointercancel'] as const) el.removeEventListener(type, up);
      el.removeEventListener('wheel', wheel.on);
    };
  }, []);
}

/** Ctrl+wheel: the zoom previewed as the wheel turns, handed on once it has stopped a moment. */
function ctrlWheel(sheet: Ref<HTMLDivElement | null>, anchor: Ref<ZoomAnchor | null>, zoomBy: Ref<(factor: number) => void>) {
  let wheel = 1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const on = (e: WheelEvent) => {
    if (!e.ctrlKey) return;
    e.preventDefault();
    wheel *= Math.exp(-e.deltaY / 300);
    const at = { x: e.clientX, y: e.clientY };
    preview(sheet.current!, wheel, at);
    clearTimeout(timer);
    timer = setTimeout(() => {
      preview(sheet.current!, 1, null);
      anchor.current = at;
      zoomBy.current(wheel);
      wheel = 1;
    }, 200);
  };
  return { on, stop: () => clearTimeout(timer) };
}
