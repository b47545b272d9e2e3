// Marks the PDF text layer's pieces set in a legacy Nepali font (Preeti, Kantipur…: their text is
// Latin letters, core/dictionary/legacy-font.ts) with data-legacy="<font>", so a long press reads
// their words as Devanagari (word-at.ts). pdf.js names a piece's font by an id (item.fontName);
// the font's own name ("ABCDEF+Preeti") is on the font object the page's drawing loaded.

import type { PDFPageProxy } from 'pdfjs-dist';
import type { TextContent, TextItem } from 'pdfjs-dist/types/src/display/api';
import { type LegacyFont, legacyFontOf } from '../../core/dictionary/legacy-font.ts';

/** The legacy font of pdf.js's font id on this page, if it is one. */
function fontOf(page: PDFPageProxy, content: TextContent, id: string): LegacyFont | undefined {
  const loaded = page.commonObjs.has(id) ? (page.commonObjs.get(id) as { name?: string } | null) : null;
  return legacyFontOf(loaded?.name) ?? legacyFontOf(content.styles[id]?.fontFamily);
}

/** Sets data-legacy on the text layer's pieces (`divs`, one per text item of `content`, in order). */
export function markLegacyText(page: PDFPageProxy, content: TextContent, divs: readonly HTMLElement[]): number {
  const fonts = new Map<string, LegacyFont | undefined>();
  const items = content.items.filter((i): i is TextItem => 'str' in i);
  let marked = 0;
  items.forEach((item, i) => {
    const div = divs[i];
    if (!div) return;
    if (!fonts.has(item.fontName)) fonts.set(item.fontName, fontOf(page, content, item.fontName));
    const font = fonts.get(item.fontName);
    if (!font) return;
    div.dataset.legacy = font;
    marked++;
  });
  return marked;
}
