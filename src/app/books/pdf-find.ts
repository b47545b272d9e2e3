// Find in the PDF's text (pdf-reader.tsx): every page's text read once through pdf.js (pdf-doc.ts
// pageText, normalised as the query is), the pages that hold the query, and each search going
// on to the next page that does.

import { useRef, useState } from 'preact/hooks';
import type { PDFDocumentProxy } from './pdf-doc.ts';
import { normaliseText } from './pdf-text.ts';

// pdf.js is loaded with the reader's first file (pdf-reader.tsx), never before.
const pdfDoc = () => import('./pdf-doc.ts');

export interface Found {
  query: string;
  /** pages whose text holds the query, in order */
  pages: number[];
  /** no page of the file has any text */
  noText: boolean;
}

/** The query typed, what it found, and `find`, which goes to the next page holding it (from `page`). */
export function usePdfFind(doc: PDFDocumentProxy, page: number, go: (page: number) => void) {
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Found>();
  const texts = useRef(new Map<number, string>());

  async function find(e: Event) {
    e.preventDefault();
    const q = normaliseText(query);
    if (!q) return setFound(undefined);
    let result = found?.query === q ? found : undefined;
    if (!result) {
      const hits: number[] = [];
      let anyText = false;
      for (let p = 1; p <= doc.numPages; p++) {
        let text = texts.current.get(p);
        if (text === undefined) texts.current.set(p, (text = await (await pdfDoc()).pageText(doc, p).catch(() => '')));
        if (text) anyText = true;
        if (text.includes(q)) hits.push(p);
      }
      result = { query: q, pages: hits, noText: !anyText };
      setFound(result);
      // A new search starts from the page shown; the same one again goes on to the next page.
      const next = hits.find((p) => p >= page) ?? hits[0];
      if (next) go(next);
      return;
    }
    const next = result.pages.find((p) => p > page) ?? result.pages[0];
    if (next) go(next);
  }
  return { query, setQuery, found, find };
}
