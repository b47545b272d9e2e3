// One PDF page on the reading surface: a canvas drawn by pdf.js (pdf-canvases.ts keeps the page
// shown and its neighbours, so a turn to a drawn page swaps its canvas in before the next frame),
// fit to the width of the screen times the zoom and centred, with pdf.js's text layer over it
// (select, copy, screen readers, the find highlight, a long press's word: pieces set in a legacy
// Nepali font are marked for it, pdf-legacy.ts). Pinch (two pointers) and Ctrl+wheel
// preview the zoom with a CSS scale and hand the factor to the reader when the gesture ends;
// a zoom keeps the point under the fingers (or the double tap) where it was.

import { TextLayer } from 'pdfjs-dist';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { PDFDocumentProxy } from './pdf-doc.ts';
import { normaliseText } from './pdf-doc.ts';
import { textLang } from '../../core/text-lang.ts';
import { drawingKey, type Drawn, PageCanvases } from './pdf-canvases.ts';
import { markLegacyText } from './pdf-legacy.ts';
import { usePinchZoom, type ZoomAnchor } from './pdf-pinch.ts';

/** A page fits this width at most (a wide screen would otherwise draw a page a metre tall). */
const MAX_FIT = 960;

export type { ZoomAnchor } from './pdf-pinch.ts';

interface Props {
  doc: PDFDocumentProxy;
  page: number;
  zoom: number;
  /** the page's name for screen readers: "Page 3 of 10" */
  label: string;
  /** text to mark on this page (normalised), or '' */
  highlight: string;
  onZoom: (factor: number) => void;
  /** set before a zoom by the reader (a double tap) or here (a pinch) */
  anchor: { current: ZoomAnchor | null };
}

export function PdfPage({ doc, page, zoom, label, highlight, onZoom, anchor }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const sheet = useRef<HTMLDivElement>(null);
  const slot = useRef<HTMLDivElement>(null);
  const textLayer = useRef<HTMLDivElement>(null);
  const canvases = useRef<PageCanvases>();
  canvases.current ??= new PageCanvases(doc);
  const shown = useRef<Drawn>();
  const labelNow = useRef(label);
  labelNow.current = label;
  // The latest callback, so the gesture listeners stay put across renders (a pinch survives them).
  const zoomBy = useRef(onZoom);
  zoomBy.current = onZoom;

  useEffect(() => () => canvases.current?.clear(), []);

  const fit = useFitWidth(scroller);

  const show = (d: Drawn) =>
    showDrawn(d, { scroller: scroller.current!, sheet: sheet.current!, slot: slot.current!, shown, anchor, label: labelNow.current, zoom });

  const rendered = useDrawnPage({ doc, page, zoom, fit, canvases: canvases.current, sheet, textLayer, show, shown });

  // The canvas's name follows the page and the language.
  useEffect(() => shown.current?.canvas.setAttribute('aria-label', label), [label]);

  // The find highlight: every text piece of the page that holds the query.
  useEffect(() => {
    for (const span of textLayer.current?.querySelectorAll('span') ?? []) {
      span.classList.toggle('highlight', !!highlight && normaliseText(span.textContent ?? '').includes(highlight));
    }
    const first = textLayer.current?.querySelector('.highlight');
    first?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [highlight, rendered]);

  usePinchZoom(scroller, sheet, anchor, zoomBy);

  return (
    // Focusable, so a keyboard can scroll a zoomed page.
    <div class="pdf-scroller" ref={scroller} tabIndex={0} role="region" aria-label={label} data-zoomed={zoom > 1 ? '' : undefined}>
      <div class="pdf-sheet" ref={sheet} data-rendered={rendered}>
        <div class="pdf-slot" ref={slot} />
        <div class="textLayer" ref={textLayer} />
      </div>
    </div>
  );
}

/** The width a page fits into: the scroller's, followed as the window turns or resizes. */
function useFitWidth(scroller: { current: HTMLDivElement | null }): number {
  const [fit, setFit] = useState(0);
  useEffect(() => {
    const el = scroller.current!;
    const measure = () => setFit(Math.min(MAX_FIT, el.clientWidth));
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return fit;
}

interface Sheet {
  scroller: HTMLDivElement;
  sheet: HTMLDivElement;
  slot: HTMLDivElement;
  /** the page on the sheet now */
  shown: { current: Drawn | undefined };
  anchor: { current: ZoomAnchor | null };
  label: string;
  zoom: number;
}

/** Puts a drawn page on the sheet (its canvas in the slot), keeping an anchored point in place. */
function showDrawn(d: Drawn, { scroller: el, sheet: s, slot, shown, anchor, label, zoom }: Sheet): void {
  const before = s.getBoundingClientRect();
  const at = anchor.current;
  anchor.current = null;
  const c = d.canvas;
  c.id = 'pdf-canvas';
  c.setAttribute('role', 'img');
  c.setAttribute('aria-label', label);
  if (shown.current && shown.current !== d) shown.current.canvas.removeAttribute('id');
  slot.replaceChildren(c);
  shown.current = d;
  s.style.setProperty('--total-scale-factor', String(d.viewport.scale));
  s.dataset.shown = `${d.page}@${zoom}`;
  if (at && before.width > 0) {
    // The same point of the page under the same point of the screen.
    const fx = (at.x - before.left) / before.width;
    const fy = (at.y - before.top) / before.height;
    const after = s.getBoundingClientRect();
    el.scrollLeft += after.left + fx * after.width - at.x;
    el.scrollTop += after.top + fy * after.height - at.y;
  } else if (d.page !== Number(s.dataset.page)) el.scrollTo({ top: 0 });
  s.dataset.page = String(d.page);
}

interface Drawing {
  doc: PDFDocumentProxy;
  page: number;
  zoom: number;
  fit: number;
  canvases: PageCanvases;
  sheet: { current: HTMLDivElement | null };
  textLayer: { current: HTMLDivElement | null };
  show: (d: Drawn) => void;
  shown: { current: Drawn | undefined };
}

/** The page drawn and shown; returns "<page>@<zoom>" once its text layer is laid, '' until then. */
function useDrawnPage({ doc, page, zoom, fit, canvases, sheet, textLayer, show, shown }: Drawing): string {
  // The page: swapped in at once when drawn, else drawn first (the last page stays until then);
  // then its text layer, then its neighbours drawn ahead.
  const [rendered, setRendered] = useState('');
  useLayoutEffect(() => {
    if (!fit) return;
    let live = true;
    let text: TextLayer | undefined;
    const all = canvases;
    const keep = [page - 1, page, page + 1].map((p) => drawingKey(p, fit, zoom));
    setRendered('');
    const after = async (d: Drawn) => {
      if (
        !(await layText(
          d,
          textLayer.current!,
          () => live,
          (t) => (text = t),
        ))
      )
        return;
      setRendered(`${page}@${zoom}`);
      for (const p of [page + 1, page - 1]) {
        if (p < 1 || p > doc.numPages) continue;
        await all.draw(p, fit, zoom);
        if (!live) return;
        sheet.current!.dataset.cached = all.readyPages(fit, zoom).join(' ');
      }
    };
    const ready = all.ready(page, fit, zoom);
    if (ready) show(ready);
    // The text layer and the drawing ahead wait for the frame that shows the page.
    const painted = () => new Promise<void>((ok) => requestAnimationFrame(() => setTimeout(ok, 0)));
    (ready ? Promise.resolve(ready) : all.draw(page, fit, zoom))
      .then(async (d) => {
        if (!live) return;
        if (!ready) show(d);
        all.keepOnly(keep.filter((k) => k !== shown.current?.key).concat(shown.current!.key));
        sheet.current!.dataset.cached = all.readyPages(fit, zoom).join(' ');
        await painted();
        if (live) return after(d);
      })
      .catch((e: Error) => {
        if (e?.name !== 'RenderingCancelledException' && e?.name !== 'AbortError') console.warn('pdf page', page, e);
      });
    return () => {
      live = false;
      text?.cancel();
    };
  }, [doc, page, zoom, fit]);
  return rendered;
}

/** The page's text layer over its canvas: false when the page changed meanwhile. */
async function layText(d: Drawn, layer: HTMLDivElement, live: () => boolean, started: (text: TextLayer) => void): Promise<boolean> {
  layer.replaceChildren();
  const content = await d.proxy.getTextContent();
  if (!live()) return false;
  const text = new TextLayer({ textContentSource: content, container: layer, viewport: d.viewport });
  started(text);
  await text.render();
  if (!live()) return false;
  // The page is drawn, so its fonts are loaded and named.
  layer.dataset.legacyPieces = String(markLegacyText(d.proxy, content, text.textDivs));
  // The page's own words, in their language (not the interface's).
  layer.lang = textLang(layer.textContent) ?? '';
  return true;
}
