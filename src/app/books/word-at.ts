// The word under a finger on a reader's page, for the long press that looks it up
// (reader-frame.tsx): the text at the point, in the EPUB's shadow root or the PDF's text layer,
// widened to the word around it, and only when the point is on that word (not in the margin beside
// a line's end). A PDF text piece set in a legacy font (pdf-page.tsx marks it data-legacy) holds
// Latin letters: its word is the run between spaces, read through core/dictionary/legacy-font.ts.

import { type LegacyFont, legacyToUnicode } from '../../core/dictionary/legacy-font.ts';
import { tappedWord } from '../../core/dictionary/tap-word.ts';

const DEVANAGARI = /[\u0900-\u0963\u0971-\u097f\u200c\u200d]/;
const NOT_SPACE = /\S/;
/** How far beside a word's box (CSS px) a finger still counts as on it. */
const SLACK = 4;

interface Caret {
  node: Node;
  offset: number;
}

/** The text position at the point, inside an open shadow root too. */
function caretAt(x: number, y: number): Caret | undefined {
  const hit = document.elementFromPoint(x, y);
  const shadowRoots = hit?.shadowRoot ? [hit.shadowRoot] : [];
  if (typeof document.caretPositionFromPoint === 'function') {
    const p = document.caretPositionFromPoint(x, y, { shadowRoots });
    return p ? { node: p.offsetNode, offset: p.offset } : undefined;
  }
  const r = document.caretRangeFromPoint?.(x, y);
  return r ? { node: r.startContainer, offset: r.startOffset } : undefined;
}

/** Whether `node` is inside `el`, across shadow roots. */
function inside(el: Element, node: Node): boolean {
  for (let n: Node | null = node; n; n = (n.getRootNode() as ShadowRoot).host ?? null) if (el.contains(n)) return true;
  return false;
}

/** The Devanagari word at the point inside `within`, in Unicode; undefined where there is none. */
export function wordAt(x: number, y: number, within: Element): string | undefined {
  const c = caretAt(x, y);
  if (!c || c.node.nodeType !== Node.TEXT_NODE || !inside(within, c.node)) return undefined;
  const text = c.node as Text;
  const legacy = text.parentElement?.closest<HTMLElement>('[data-legacy]')?.dataset.legacy as LegacyFont | undefined;
  const inWord = (ch: string | undefined) => ch !== undefined && (legacy ? NOT_SPACE : DEVANAGARI).test(ch);
  const s = text.data;
  let at = c.offset;
  // The caret falls between letters: the one after it, or the one before at a word's end.
  if (!inWord(s[at]) && inWord(s[at - 1])) at--;
  if (!inWord(s[at])) return undefined;
  let start = at;
  let end = at + 1;
  while (start > 0 && inWord(s[start - 1])) start--;
  while (end < s.length && inWord(s[end])) end++;
  const range = document.createRange();
  range.setStart(text, start);
  range.setEnd(text, end);
  const on = [...range.getClientRects()].some((r) => x >= r.left - SLACK && x <= r.right + SLACK && y >= r.top - SLACK && y <= r.bottom + SLACK);
  if (!on) return undefined;
  const raw = s.slice(start, end);
  return tappedWord(legacy ? legacyToUnicode(raw, legacy) : raw);
}
