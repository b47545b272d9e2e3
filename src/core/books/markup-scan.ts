// How many elements a chapter's markup holds and how deep it nests, counted in one pass over its
// text before any parser builds it: a 234 KB chapter of 2 million elements took the page to
// 8.1 GB, a deeply nested one froze it for 128 s (issue 36). The scan stops as soon as a limit is
// passed. Comments, CDATA, processing instructions and declarations are skipped; quoted attribute
// values may hold "<" and ">". Markup that is not well formed (a hand-made book, read as HTML) is
// nested as HTML's parser would nest its commonest forms: an end tag closes up to its element, a
// <p>, <li>, <dt>/<dd>, <tr>, <td>/<th> or <option> closes an open one of its kind. Parsing a
// chapter to measure it is no way out: Chromium took minutes over one nested 60,000 deep.
// Pure: tests/books/zip-entries.test.ts.

export interface MarkupCount {
  elements: number;
  depth: number;
  /** the first limit passed, where the scan stopped */
  over?: 'elements' | 'depth';
}

/** HTML's void elements: no end tag, so no depth, when written without "/>". */
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);

/** A start tag of the key closes an open element of these first (HTML's implied end tags). */
const CLOSES: Record<string, readonly string[]> = {
  p: ['p'],
  li: ['li'],
  dt: ['dt', 'dd'],
  dd: ['dt', 'dd'],
  tr: ['td', 'th', 'tr'],
  td: ['td', 'th'],
  th: ['td', 'th'],
  option: ['option'],
};

const isNameStart = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 58 || c > 127;
const localName = (tag: string) => tag.toLowerCase().replace(/^.*:/, '');

/** Counts the start tags and the nesting of `text`, stopping past `maxElements` or `maxDepth`. */
export function scanMarkup(text: string, maxElements: number, maxDepth: number): MarkupCount {
  let elements = 0;
  let deepest = 0;
  /** the open elements' names: never longer than maxDepth + 1 */
  const open: string[] = [];
  const n = text.length;
  const skipTo = (from: number, end: string) => {
    const at = text.indexOf(end, from);
    return at < 0 ? n : at + end.length;
  };
  let i = text.indexOf('<');
  while (i >= 0 && i < n) {
    const c = text.charCodeAt(i + 1);
    if (text.startsWith('<!--', i)) i = skipTo(i + 4, '-->');
    else if (text.startsWith('<![CDATA[', i)) i = skipTo(i + 9, ']]>');
    else if (c === 63 /* ? */) i = skipTo(i + 2, '?>');
    else if (c === 33 /* ! */) i = skipTo(i + 2, '>');
    else if (c === 47 /* / */) {
      const end = skipTo(i + 2, '>');
      // Closes up to the innermost open element of its name (a stray end tag closes nothing).
      const name = localName(text.slice(i + 2, end - 1).trim());
      const at = open.lastIndexOf(name);
      if (at >= 0) open.length = at;
      i = end;
    } else if (isNameStart(c)) {
      // The name, then attributes (quoted values skipped whole) to the tag's ">".
      let j = i + 1;
      while (j < n && !/[\s/>]/.test(text[j]!)) j++;
      const name = localName(text.slice(i + 1, j));
      let selfClosing = false;
      while (j < n) {
        const ch = text[j]!;
        if (ch === '"' || ch === "'") {
          const close = text.indexOf(ch, j + 1);
          j = close < 0 ? n : close + 1;
          continue;
        }
        if (ch === '>') {
          selfClosing = text[j - 1] === '/';
          break;
        }
        j++;
      }
      i = j + 1;
      if (++elements > maxElements) return { elements, depth: deepest, over: 'elements' };
      const closes = CLOSES[name];
      if (closes) while (open.length && closes.includes(open[open.length - 1]!)) open.pop();
      if (!selfClosing && !VOID.has(name)) {
        open.push(name);
        if (open.length > deepest) deepest = open.length;
        if (deepest > maxDepth) return { elements, depth: deepest, over: 'depth' };
      }
    } else i++;
    i = text.indexOf('<', i);
  }
  return { elements, depth: deepest };
}
