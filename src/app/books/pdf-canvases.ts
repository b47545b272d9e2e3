// Drawn PDF pages kept for the page turn (pdf-page.tsx): each page is drawn by pdf.js into a
// canvas of its own, the page shown and its neighbours are kept, so turning to a page already
// drawn only swaps a canvas in (no drawing between the tap and the next frame: bench/reader.ts).
// Only the pages around the one shown are kept: a phone page at 3 device pixels per CSS pixel
// is about 7 MB of pixels.

import type { PageViewport, PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';

/** A canvas never gets more pixels than this (pdf.js's viewer has the same cap): past it the page is drawn coarser and scaled up. */
const MAX_PIXELS = 2 ** 24;

export interface Drawn {
  page: number;
  key: string;
  canvas: HTMLCanvasElement;
  proxy: PDFPageProxy;
  /** CSS pixels */
  viewport: PageViewport;
}

/** Which drawing a page at a size is: the page, the width it fits, the zoom and the screen's density. */
export const drawingKey = (page: number, fit: number, zoom: number): string => `${page}:${fit}:${zoom}:${devicePixelRatio || 1}`;

export class PageCanvases {
  private readonly drawings = new Map<string, { done?: Drawn; promise: Promise<Drawn>; cancel: () => void }>();

  constructor(private readonly doc: PDFDocumentProxy) {}

  /** The page drawn at that size, when it is. */
  ready(page: number, fit: number, zoom: number): Drawn | undefined {
    return this.drawings.get(drawingKey(page, fit, zoom))?.done;
  }

  /** Pages drawn at that size (the bench waits for its page's neighbours). */
  readyPages(fit: number, zoom: number): number[] {
    return [...this.drawings.values()]
      .map((d) => d.done)
      .filter((d): d is Drawn => !!d && d.key === drawingKey(d.page, fit, zoom))
      .map((d) => d.page)
      .sort((a, b) => a - b);
  }

  /** Draws the page at that size (once: a drawing under way is shared). */
  draw(page: number, fit: number, zoom: number): Promise<Drawn> {
    const key = drawingKey(page, fit, zoom);
    const known = this.drawings.get(key);
    if (known) return known.promise;
    let task: { cancel: () => void } | undefined;
    let cancelled = false;
    const entry: { done?: Drawn; promise: Promise<Drawn>; cancel: () => void } = {
      cancel: () => {
        cancelled = true;
        task?.cancel();
      },
      promise: Promise.resolve().then(async (): Promise<Drawn> => {
        const proxy = await this.doc.getPage(page);
        if (cancelled) throw new DOMException('cancelled', 'AbortError');
        const scale = (fit * zoom) / proxy.getViewport({ scale: 1 }).width;
        const viewport = proxy.getViewport({ scale });
        const ratio = Math.min(devicePixelRatio || 1, Math.sqrt(MAX_PIXELS / (viewport.width * viewport.height)));
        const canvas = document.createElement('canvas');
        canvas.width = Math.floor(viewport.width * ratio);
        canvas.height = Math.floor(viewport.height * ratio);
        canvas.style.width = `${Math.floor(viewport.width)}px`;
        canvas.style.height = `${Math.floor(viewport.height)}px`;
        const render = proxy.render({ canvas, viewport, ...(ratio !== 1 ? { transform: [ratio, 0, 0, ratio, 0, 0] } : {}) });
        task = render;
        await render.promise;
        return (entry.done = { page, key, canvas, proxy, viewport });
      }),
    };
    // A drawing that failed or was cancelled is forgotten, so it can be asked again.
    entry.promise.catch(() => {
      if (this.drawings.get(key) === entry) this.drawings.delete(key);
    });
    this.drawings.set(key, entry);
    return entry.promise;
  }

  /** Keeps only these drawings; the others are cancelled and their pixels let go. */
  keepOnly(keys: readonly string[]): void {
    for (const [key, d] of this.drawings) {
      if (keys.includes(key)) continue;
      d.cancel();
      if (d.done) d.done.canvas.width = d.done.canvas.height = 0;
      this.drawings.delete(key);
    }
  }

  clear(): void {
    this.keepOnly([]);
  }
}
