// One PDF page drawn by pdf.js: a canvas at the screen's pixel density, fit to the width of
// the screen times the zoom, with pdf.js's text layer over it (select, copy, screen readers,
// and the find highlight). Pinch (two pointers) and Ctrl+wheel preview the zoom with a CSS
// scale and hand the factor to the reader when the gesture ends.

import { TextLayer } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { PDFDocumentProxy } from './pdf-doc.ts';
import { normaliseText } from './pdf-doc.ts';

interface Props {
  doc: PDFDocumentProxy;
  page: number;
  zoom: number;
  /** the page's name for screen readers: "Page 3 of 10" */
  label: string;
  /** text to mark on this page (normalised), or '' */
  highlight: string;
  onZoom: (factor: number) => void;
}

export function PdfPage({ doc, page, zoom, label, highlight, onZoom }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const sheet = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const textLayer = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [rendered, setRendered] = useState('');
  // The latest callback, so the gesture listeners stay put across renders (a pinch survives them).
  const zoomBy = useRef(onZoom);
  zoomBy.current = onZoom;

  // The width a page fits into: the scroller's, followed as the window turns or resizes.
  useEffect(() => {
    const el = scroller.current!;
    const measure = () => setWidth(el.clientWidth);
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  useEffect(() => {
    if (!width) return;
    let live = true;
    let task: { cancel: () => void } | undefined;
    let text: TextLayer | undefined;
    // Until this drawing is done the sheet says nothing is: zoomed in and back out at once, it said
    // "5@1.25" from the first drawing while the canvas still had the size of the one in between.
    setRendered('');
    void (async () => {
      const p = await doc.getPage(page);
      if (!live) return;
      const scale = (width * zoom) / p.getViewport({ scale: 1 }).width;
      const viewport = p.getViewport({ scale });
      const ratio = devicePixelRatio || 1;
      const c = canvas.current!;
      c.width = Math.floor(viewport.width * ratio);
      c.height = Math.floor(viewport.height * ratio);
      c.style.width = `${Math.floor(viewport.width)}px`;
      c.style.height = `${Math.floor(viewport.height)}px`;
      sheet.current!.style.setProperty('--total-scale-factor', String(scale));
      const render = p.render({ canvas: c, viewport, ...(ratio !== 1 ? { transform: [ratio, 0, 0, ratio, 0, 0] } : {}) });
      task = render;
      await render.promise;
      if (!live) return;
      const layer = textLayer.current!;
      layer.replaceChildren();
      text = new TextLayer({ textContentSource: p.streamTextContent(), container: layer, viewport });
      await text.render();
      if (!live) return;
      setRendered(`${page}@${zoom}`);
    })().catch((e: Error) => {
      if (e?.name !== 'RenderingCancelledException') console.warn('pdf page', page, e);
    });
    return () => {
      live = false;
      task?.cancel();
      text?.cancel();
    };
  }, [doc, page, zoom, width]);

  // The find highlight: every text piece of the page that holds the query.
  useEffect(() => {
    for (const span of textLayer.current?.querySelectorAll('span') ?? []) {
      span.classList.toggle('highlight', !!highlight && normaliseText(span.textContent ?? '').includes(highlight));
    }
    const first = textLayer.current?.querySelector('.highlight');
    first?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [highlight, rendered]);

  // A new page starts at its top.
  useEffect(() => void scroller.current?.scrollTo({ top: 0 }), [page]);

  // Pinch with two fingers (pointer events; the page itself does not zoom: touch-action in reader.css).
  useEffect(() => {
    const el = scroller.current!;
    const points = new Map<number, { x: number; y: number }>();
    let start = 0;
    let factor = 1;
    const distance = () => {
      const [a, b] = [...points.values()];
      return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
    };
    const preview = (f: number) => (sheet.current!.style.transform = f === 1 ? '' : `scale(${f})`);
    const down = (e: PointerEvent) => {
      points.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (points.size !== 2) return;
      start = distance();
      factor = 1;
    };
    const move = (e: PointerEvent) => {
      if (!points.has(e.pointerId)) return;
      points.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (points.size === 2 && start > 0) preview((factor = distance() / start));
    };
    const up = (e: PointerEvent) => {
      if (!points.delete(e.pointerId) || points.size !== 1 || start === 0) return;
      start = 0;
      preview(1);
      if (Math.abs(factor - 1) > 0.02) zoomBy.current(factor);
    };
    // Ctrl+wheel: a laptop's pinch, or Ctrl and the mouse wheel.
    let wheel = 1;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onWheel = (e: WheelEvent) => {
      if (!e.ctrlKey) return;
      e.preventDefault();
      wheel *= Math.exp(-e.deltaY / 300);
      preview(wheel);
      clearTimeout(timer);
      timer = setTimeout(() => {
        preview(1);
        zoomBy.current(wheel);
        wheel = 1;
      }, 200);
    };
    el.addEventListener('pointerdown', down);
    el.addEventListener('pointermove', move);
    for (const type of ['pointerup', 'pointercancel'] as const) el.addEventListener(type, up);
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      clearTimeout(timer);
      el.removeEventListener('pointerdown', down);
      el.removeEventListener('pointermove', move);
      for (const type of ['pointerup', 'pointercancel'] as const) el.removeEventListener(type, up);
      el.removeEventListener('wheel', onWheel);
    };
  }, []);

  return (
    // Focusable, so a keyboard can scroll a zoomed page.
    <div class="pdf-scroller" ref={scroller} tabIndex={0} role="region" aria-label={label}>
      <div class="pdf-sheet" ref={sheet} data-rendered={rendered}>
        <canvas ref={canvas} role="img" aria-label={label} id="pdf-canvas" />
        <div class="textLayer" ref={textLayer} />
      </div>
    </div>
  );
}
