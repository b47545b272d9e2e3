// Disclosure, notice and message bodies hold HTML from the exchange: it is shown only after
// DOMPurify has cleaned it, never raw. Links from the data are used only if they are http(s).
// Images are never loaded from the data (a remote image would tell its host who reads what,
// and the CSP's img-src blocks it anyway): each becomes a link to it, or its alt text.

import DOMPurify from 'dompurify';
import { safeUrl } from './safe-url.ts';

export { safeUrl };

let hooked = false;
const STYLE_BLOCK = /<style\b[\s\S]*?(<\/style\s*>|$)/gi;
// A start tag, its quoted values taken whole (a '>' inside one does not end it).
const TAG = /<[a-z][^\s/>]*(?:"[^"]*"|'[^']*'|[^'">])*>/gi;
// One attribute of a tag: separator (space or '/', as parsers read <svg/onload=…>), name, value.
const ATTR = /([\s/]+)([^\s/>"'=]+)(\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>"']*))?/g;
const CUT_ATTR = /^(?:style|on[a-z]+)$/i;

/** A start tag without its style and event-handler attributes. */
const cutAttributes = (tag: string) => tag.replace(ATTR, (all, sep: string, name: string) => (CUT_ATTR.test(name) ? sep.replace(/\//g, ' ') : all));

/** Clean HTML for dangerouslySetInnerHTML: no scripts, handlers, styles, forms or frames; links open apart. */
export function sanitize(html: string): string {
  if (!hooked) {
    hooked = true;
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A') {
        const href = node.getAttribute('href');
        if (href !== null && !safeUrl(href)) node.removeAttribute('href');
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
  }
  // Style blocks, style attributes (real disclosures carry them) and event handlers are cut before
  // parsing: a <style> element, style="" or onerror="" created even in DOMPurify's parsing
  // document is reported by Chromium as a CSP violation (style-src, script-src-attr).
  const cut = html.replace(STYLE_BLOCK, '').replace(TAG, cutAttributes);
  const body = DOMPurify.sanitize(cut, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed', 'svg', 'math', 'picture', 'source', 'video', 'audio'],
    FORBID_ATTR: ['style', 'srcset', 'background', 'poster'],
    RETURN_DOM: true,
  }) as unknown as { querySelectorAll(selector: string): unknown; ownerDocument: Doc; innerHTML: string };
  const images = body.querySelectorAll('img') as ArrayLike<Img & { replaceWith(node: object): void }>;
  for (const img of Array.from(images)) img.replaceWith(imageLink(img, body.ownerDocument));
  return body.innerHTML;
}

// Structural types: this module is also type-checked without the DOM library (its tests run in Node).
interface Img {
  getAttribute(name: string): string | null;
}
interface Doc {
  createTextNode(text: string): object;
  createElement(tag: 'a'): { href: string; textContent: string | null; className: string; target: string; rel: string };
}

/** What an image of the data is shown as: a link that opens it apart, or its alt text. */
function imageLink(img: Img, doc: Doc): object {
  const text = `🖼 ${img.getAttribute('alt')?.trim() || 'image'}`;
  const href = safeUrl(img.getAttribute('src'));
  if (!href) return doc.createTextNode(text);
  const a = doc.createElement('a');
  a.href = href;
  a.textContent = text;
  a.className = 'remote-image';
  a.target = '_blank';
  a.rel = 'noopener noreferrer';
  return a;
}
