// The one rule for a URL taken from upstream data and published again: what the data build
// writes (book records and their files, chapterDownloadUrls, question_papers, the grade-wise
// audio and research helpers, covers' sources) and what any reader of a record works out from it
// (core/books/files.ts). Kept: http(s) URLs (the scheme lower-cased; `//host/x` gains https:)
// and plain relative paths. Dropped, with the reason: any other scheme, in any case; control,
// bidirectional and other invisible characters anywhere (a browser strips some of them, so
// "\0javascript:" or "java\tscript:" would run); backslashes (a browser reads `/\host` as
// `//host`); a relative path that turns into a scheme or a host once its entities or percent
// escapes are decoded (`&#106;avascript:`, `%2F%2Fhost`); and any URL into the app's own
// saved-file route (core/books/saved-file.ts), however spelt: it serves a file a reader saved
// from another site, from the app's origin. Pure.

import { SAVED_FILE_PATH } from './books/saved-file.ts';

export type UrlDrop = 'scheme' | 'control' | 'backslash' | 'disguised' | 'unparsable' | 'saved-file';

export type UrlVerdict = { url: string; dropped?: undefined } | { url: null; dropped?: UrlDrop };

/** C0 and C1 controls, DEL, soft hyphen, zero-width space, bidirectional marks and overrides, BOM. */
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u00ad\u200b\u200e\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
/** Where relative paths are resolved to be checked: an app served below a folder, as it may be. */
const BASE = 'https://khoj.invalid/app/';
const SAVED = new RegExp(`/${SAVED_FILE_PATH.split('/').join('/+')}(?:/|$)`, 'i');

const drop = (why: UrlDrop): UrlVerdict => ({ url: null, dropped: why });
/** A percent escape or a character reference: something decoding could change. */
const ENCODED = /[%&]/;
const MAY_BE_SAVED = /saved|[%&]/i;

const NAMED: Record<string, string> = {
  colon: ':',
  sol: '/',
  bsol: '\\',
  tab: '\t',
  newline: '\n',
  period: '.',
  amp: '&',
  num: '#',
  quest: '?',
  hyphen: '-',
  dash: '-',
};

/** Character references as an HTML parser would read them (`&#106;`, `&#x6A;`, `&colon;`), then percent escapes, until nothing changes. */
function decoded(s: string): string {
  for (let i = 0; i < 5; i++) {
    let next = s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (m, ref: string) => {
      if (ref[0] !== '#') return NAMED[ref.toLowerCase()] ?? m;
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
    });
    try {
      next = decodeURIComponent(next);
    } catch {
      next = next.replace(/%([0-9a-f]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    }
    if (next === s) return s;
    s = next;
  }
  return s;
}

/** The path of `url` (resolved against BASE) names the saved-file route, once decoded. */
function intoSavedFile(url: string): boolean {
  let path: string;
  try {
    path = new URL(url, BASE).pathname;
  } catch {
    return false;
  }
  // Decoded, backslashes read as slashes, and resolved again: `%2e%2e`, `saved%2Dfile`, `api%2Fbooks`.
  const plain = decoded(path).replace(/\\/g, '/');
  let resolved = plain;
  try {
    resolved = new URL(plain.replace(/[?#]/g, encodeURIComponent), 'https://khoj.invalid/').pathname;
  } catch {
    // kept as decoded
  }
  return SAVED.test(plain) || SAVED.test(resolved) || SAVED.test(decoded(resolved));
}

/** The URL to publish for `raw`, or null: `dropped` says why when there was something to drop. */
export function publishUrl(raw: unknown): UrlVerdict {
  if (typeof raw !== 'string') return { url: null };
  const s = raw.trim();
  if (!s) return { url: null };
  if (INVISIBLE.test(s)) return drop('control');
  if (s.includes('\\')) return drop('backslash');
  const scheme = SCHEME.exec(s)?.[1];
  let url: string;
  if (scheme !== undefined) {
    const lower = scheme.toLowerCase();
    if (lower !== 'http' && lower !== 'https') return drop('scheme');
    // The two slashes and a host, nothing a browser would have to guess at (`https:host`, `https:///host`).
    if (!/^https?:\/\/[^/?#]/i.test(s)) return drop('unparsable');
    url = lower + s.slice(scheme.length);
  } else if (s.startsWith('//')) {
    if (s.startsWith('///')) return drop('unparsable');
    url = `https:${s}`;
  } else {
    // A plain relative path: one that no decoding turns into a scheme or another host.
    // (A browser drops tabs and line breaks inside a URL, and control characters around it.)
    const plain = ENCODED.test(s)
      ? decoded(s)
          .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
          .trim()
      : s;
    if (SCHEME.test(plain) || /^[\\/]{2}/.test(plain) || /^\/?\\/.test(plain)) return drop('disguised');
    url = s;
  }
  try {
    const u = new URL(url, BASE);
    if (scheme !== undefined || url !== s) {
      if (!u.hostname) return drop('unparsable');
    }
  } catch {
    return drop('unparsable');
  }
  // Only a URL that spells "saved" or holds an escape or a reference can name the route.
  if (MAY_BE_SAVED.test(url) && (intoSavedFile(url) || intoSavedFile(decoded(url)))) return drop('saved-file');
  return { url };
}

/** Field names that hold URLs: sourceUrl, pdfUrl, downloadUrl, chapterDownloadUrls, url, href, src… */
export const isUrlField = (key: string): boolean => /(?:url|urls|uri|href|src|link|links)$/i.test(key);

/** A string that reads as a link wherever it sits (`//host`, `/\\host`, `http…`): the app shows such a value of any field as a link. */
const looksLikeLink = (s: string): boolean => /^[\s\u0000-\u0020]*(?:https?:)?[\\/]{2}/i.test(s);

/**
 * `value` with every URL in it through publishUrl: each string of a URL field (at any depth, in
 * lists too), and every string of another field that reads as a link (`//host…`, `http…`). A
 * dropped URL becomes null, so lists keep their order and indexes; `onDrop` hears each one, with
 * its path (`question_papers[0].url`).
 */
export function publishUrls<T>(value: T, onDrop?: (why: UrlDrop, path: string) => void): T {
  const walk = (v: unknown, path: string, urlField: boolean): unknown => {
    if (typeof v === 'string') {
      if (!urlField && !looksLikeLink(v)) return v;
      const r = publishUrl(v);
      if (r.dropped) {
        onDrop?.(r.dropped, path);
        return null;
      }
      // Text of another field that only reads as a link is left as written; a blank value too.
      return urlField && r.url !== null ? r.url : v;
    }
    if (Array.isArray(v)) return v.map((x, i) => walk(x, `${path}[${i}]`, urlField));
    if (v && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) out[k] = walk(x, path ? `${path}.${k}` : k, isUrlField(k));
      return out;
    }
    return v;
  };
  return walk(value, '', false) as T;
}
