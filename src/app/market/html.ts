// Disclosure, notice and message bodies hold HTML from the exchange: it is shown only after
// DOMPurify has cleaned it, never raw. Links from the data are used only if they are http(s).

import DOMPurify from 'dompurify';

let hooked = false;

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
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed', 'svg', 'math'],
    FORBID_ATTR: ['style', 'srcset'],
  });
}

/** The URL if it is an absolute http(s) URL, else undefined (no javascript:, data: or relative links from data). */
export function safeUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const u = new URL(url.trim());
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : undefined;
  } catch {
    return undefined;
  }
}
