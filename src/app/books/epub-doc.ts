// An EPUB read for the reader screen (epub-reader.tsx, a chunk of its own): the ZIP's directory read
// (core/books/zip-entries.ts), the package (container.xml → OPF) read for the title, the chapters
// in reading order (spine) and their names (the EPUB 3 nav, else the NCX), and each chapter's
// XHTML cleaned by DOMPurify before it is shown. Only the entries the package lists are inflated,
// each counted as it inflates, within core/books/epub-limits.ts: an entry's size, the book's,
// the elements and depth of every chapter (counted before a parser builds it); a book past one is
// refused (EpubRefused) with the limit it passed. Opening goes an entry at a time, giving the page
// its turn between them. Why no EPUB library: docs/epub-reader.md (their size, and they
// draw in iframes, which our CSP forbids: frame-src 'none', src/core/http-policy.ts).
//
// What the CSP allows decides the rest: no inline style (style="" and <style> are dropped; the
// book's CSS files become constructed style sheets), images as blob: URLs, no fonts of the book
// (font-src 'self'), and no other address loaded from the book.

import DOMPurify from 'dompurify';
import { strFromU8 } from 'fflate';
import { EPUB_LIMITS, EpubRefused } from '../../core/books/epub-limits.ts';
import { scanMarkup } from '../../core/books/markup-scan.ts';
import { readEntry, type ZipEntry, zipEntries } from '../../core/books/zip-entries.ts';
import { KhojError } from '../../core/errors.ts';

/** The family of the app's own Devanagari font (src/app/fonts.css): put first in every font stack of the book. */
export const DEVANAGARI_FAMILY = "'Noto Sans Devanagari'";

export interface Chapter {
  /** the chapter file's path inside the EPUB */
  path: string;
  /** from the book's table of contents, when it names this file */
  title?: string;
}

export interface ShownChapter {
  /** the cleaned body, images pointing at blob: URLs */
  body: DocumentFragment;
  /** the chapter's style sheets, the book's rules made to fit inside a shadow root */
  sheets: CSSStyleSheet[];
  /** revokes the chapter's blob: URLs */
  release: () => void;
}

/** A file that does not open as an EPUB: KhojError "damaged", with what is wrong as its detail. */
const damaged = (detail: string, cause?: unknown) => new KhojError('damaged', detail, { cause });

const parse = (text: string, type: DOMParserSupportedType): Document => new DOMParser().parseFromString(text, type);
const isBroken = (doc: Document) => doc.getElementsByTagName('parsererror').length > 0;

/** A path inside the EPUB for `href` as written in the file at `from` (fragment and query dropped). */
export function resolvePath(from: string, href: string): string {
  const u = new URL(href, `https://epub.invalid/${from}`);
  return decodeURIComponent(u.pathname.slice(1));
}

const byLocalName = (root: Document | Element, name: string) => [...root.getElementsByTagNameNS('*', name)];

/** What openEpub read of the package: the title, the chapters in order, every listed file's bytes and type. */
interface Package {
  title: string | undefined;
  chapters: Chapter[];
  files: Map<string, Uint8Array>;
  types: Map<string, string>;
}

export class Epub {
  readonly title: string | undefined;
  readonly chapters: Chapter[];
  private readonly files: Map<string, Uint8Array>;
  private readonly types: Map<string, string>;

  constructor(pkg: Package) {
    this.title = pkg.title;
    this.chapters = pkg.chapters;
    this.files = pkg.files;
    this.types = pkg.types;
  }

  /** One chapter, cleaned, with its images as blob: URLs and its style sheets. */
  show(index: number): ShownChapter {
    const chapter = this.chapters[index];
    if (!chapter) throw damaged(`no chapter ${index + 1}`);
    const text = strFromU8(this.files.get(chapter.path)!);
    let doc = parse(text, 'application/xhtml+xml');
    // Not well-formed XML (a hand-made book): read it as HTML, as a browser would.
    if (isBroken(doc)) doc = parse(text, 'text/html');
    const urls: string[] = [];
    const blobOf = (path: string): string | undefined => {
      const bytes = this.files.get(path);
      if (!bytes) return undefined;
      const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: this.types.get(path) ?? '' }));
      urls.push(url);
      return url;
    };
    const sheets = byLocalName(doc, 'link')
      .filter((l) => /\bstylesheet\b/i.test(l.getAttribute('rel') ?? ''))
      .map((l) => resolvePath(chapter.path, l.getAttribute('href') ?? ''))
      // A style sheet past its limit is left out: the book still reads, in the app's style.
      .filter((p) => (this.files.get(p)?.length ?? Infinity) <= EPUB_LIMITS.cssBytes)
      .map((p) => bookSheet(strFromU8(this.files.get(p)!), (href) => blobOf(resolvePath(p, href))));
    const bodyEl = byLocalName(doc, 'body')[0];
    const body = DOMPurify.sanitize(bodyEl ? new XMLSerializer().serializeToString(bodyEl).replace(/^<body[^>]*>|<\/body>$/g, '') : '', {
      RETURN_DOM_FRAGMENT: true,
      FORBID_TAGS: ['style', 'link', 'script', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed', 'audio', 'video', 'source'],
      FORBID_ATTR: ['style', 'srcset'],
    });
    // Images from the book; anything else is not loaded (an external address would break the CSP anyway).
    for (const img of body.querySelectorAll('img')) {
      const src = img.getAttribute('src');
      const url = src && !/^[a-z][a-z0-9+.-]*:/i.test(src) ? blobOf(resolvePath(chapter.path, src)) : undefined;
      if (url) img.setAttribute('src', url);
      else img.removeAttribute('src');
    }
    for (const image of body.querySelectorAll('image')) {
      const href = image.getAttribute('href') ?? image.getAttribute('xlink:href');
      const url = href ? blobOf(resolvePath(chapter.path, href)) : undefined;
      image.removeAttribute('xlink:href');
      if (url) image.setAttribute('href', url);
      else image.removeAttribute('href');
    }
    return { body, sheets, release: () => urls.forEach((u) => URL.revokeObjectURL(u)) };
  }

  /** The chapter and the element id a link inside `from` points at, if it points inside the book. */
  target(from: number, href: string): { chapter: number; id?: string } | undefined {
    if (/^[a-z][a-z0-9+.-]*:/i.test(href)) return undefined;
    const base = this.chapters[from]?.path ?? '';
    const path = href.startsWith('#') ? base : resolvePath(base, href);
    const chapter = this.chapters.findIndex((c) => c.path === path);
    if (chapter < 0) return undefined;
    const id = decodeURIComponent(href.split('#')[1] ?? '');
    return { chapter, ...(id ? { id } : {}) };
  }
}

/**
 * A book's CSS as a constructed style sheet for the shadow root the chapter is drawn in:
 * `html`/`body` become the root and the body's box, url()s point at the book's own files
 * (or nowhere), the book's fonts are dropped, and the app's Devanagari font leads every font stack.
 */
export function bookSheet(css: string, urlOf: (href: string) => string | undefined): CSSStyleSheet {
  const text = css.replace(/url\(\s*(['"]?)([^'")]*)\1\s*\)/g, (_, _q: string, href: string) => {
    const url = /^[a-z][a-z0-9+.-]*:/i.test(href) ? undefined : urlOf(href);
    return url ? `url("${url}")` : 'none';
  });
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(text);
  fitRules(sheet.cssRules, (i) => sheet.deleteRule(i));
  return sheet;
}

function fitRules(rules: CSSRuleList, remove: (index: number) => void): void {
  for (let i = rules.length - 1; i >= 0; i--) {
    const rule = rules[i]!;
    if (rule instanceof CSSFontFaceRule || rule instanceof CSSImportRule) remove(i);
    else if (rule instanceof CSSStyleRule) {
      rule.selectorText = rule.selectorText.replace(/(^|[\s,>+~(])html\b/gi, '$1:host').replace(/(^|[\s,>+~(])body\b/gi, '$1.epub-body');
      const family = rule.style.getPropertyValue('font-family');
      if (family && !family.includes(DEVANAGARI_FAMILY)) rule.style.setProperty('font-family', `${DEVANAGARI_FAMILY}, ${family}`);
    } else if (rule instanceof CSSGroupingRule) fitRules(rule.cssRules, (j) => rule.deleteRule(j));
  }
}

/** The app's own rules for a chapter: readable measure, images that fit, the text size from the host. */
export function baseSheet(): CSSStyleSheet {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(`
    :host { display: block; font-family: ${DEVANAGARI_FAMILY}, Georgia, 'Noto Serif', serif; line-height: 1.6; overflow-wrap: break-word; }
    .epub-body { max-width: 40em; margin: 0 auto; }
    img, svg { max-width: 100%; height: auto; }
    a { color: inherit; }
  `);
  return sheet;
}

/** File path → the first name the table of contents gives it: the EPUB 3 nav document, else the NCX. */
function tocNames(
  book: BookFiles,
  all: Array<{ path: string; type: string; properties: string }>,
  ncxId: string | null | undefined,
  items: Map<string, { path: string }>,
): Map<string, string> {
  const names = new Map<string, string>();
  const add = (path: string, name: string | null | undefined) => {
    const text = name?.replace(/\s+/g, ' ').trim();
    if (text && !names.has(path)) names.set(path, text);
  };
  const nav = all.find((i) => i.properties.split(/\s+/).includes('nav'));
  const navText = nav && book.text(nav.path);
  if (nav && navText !== undefined) {
    const doc = parse(navText, 'application/xhtml+xml');
    if (!isBroken(doc)) for (const a of byLocalName(doc, 'a')) add(resolvePath(nav.path, a.getAttribute('href') ?? ''), a.textContent);
  }
  const ncx = (ncxId ? items.get(ncxId) : undefined) ?? all.find((i) => i.type === 'application/x-dtbncx+xml');
  const ncxText = names.size === 0 && ncx ? book.text(ncx.path) : undefined;
  if (ncx && ncxText !== undefined) {
    const doc = parse(ncxText, 'application/xml');
    for (const point of byLocalName(doc, 'navPoint'))
      add(resolvePath(ncx.path, byLocalName(point, 'content')[0]?.getAttribute('src') ?? ''), byLocalName(point, 'text')[0]?.textContent);
  }
  return names;
}

/**
 * The entries of one book, each inflated once and kept, within the limits: an entry's size, the
 * book's (counted over what was inflated), and for a document read as text, its elements and depth.
 */
class BookFiles {
  readonly files = new Map<string, Uint8Array>();
  private used = 0;
  constructor(
    private readonly zip: Uint8Array,
    private readonly entries: Map<string, ZipEntry>,
  ) {}

  has = (path: string) => this.entries.has(path);

  bytes(path: string): Uint8Array | undefined {
    const kept = this.files.get(path);
    if (kept) return kept;
    const entry = this.entries.get(path);
    if (!entry) return undefined;
    const left = EPUB_LIMITS.bookBytes - this.used;
    const limit = Math.min(EPUB_LIMITS.entryBytes, left);
    let bytes: Uint8Array;
    try {
      bytes = readEntry(this.zip, entry, limit);
    } catch (e) {
      if (KhojError.is(e, 'too-large'))
        throw limit < EPUB_LIMITS.entryBytes ? new EpubRefused('book', undefined, EPUB_LIMITS.bookBytes) : new EpubRefused('entry', path, limit);
      throw e;
    }
    this.used += bytes.length;
    this.files.set(path, bytes);
    return bytes;
  }

  /** A document's text, refused past the elements or the depth limit (counted before any parser builds it). */
  text(path: string): string | undefined {
    const bytes = this.bytes(path);
    if (!bytes) return undefined;
    const text = strFromU8(bytes);
    const count = scanMarkup(text, EPUB_LIMITS.elements, EPUB_LIMITS.depth);
    if (count.over) throw new EpubRefused(count.over, path, EPUB_LIMITS[count.over]);
    return text;
  }
}

/** Gives the page its turn between two entries. */
const breathe = () => new Promise<void>((ok) => setTimeout(ok, 0));

/**
 * Opens an EPUB from its bytes: KhojError "damaged" (what is wrong as its detail) when it does
 * not read as one, EpubRefused when it passes a limit (core/books/epub-limits.ts).
 */
export async function openEpub(bytes: ArrayBuffer): Promise<Epub> {
  const zip = new Uint8Array(bytes);
  let entries: Map<string, ZipEntry>;
  try {
    entries = zipEntries(zip, EPUB_LIMITS.entries);
  } catch (e) {
    if (KhojError.is(e, 'too-complex')) throw new EpubRefused('entries', undefined, EPUB_LIMITS.entries);
    throw damaged(KhojError.is(e, 'damaged') ? (e.detail ?? e.message) : `not a ZIP archive: ${(e as Error).message}`, e);
  }
  const book = new BookFiles(zip, entries);
  const container = book.text('META-INF/container.xml');
  if (container === undefined) throw damaged('no META-INF/container.xml');
  const opfPath = byLocalName(parse(container, 'application/xml'), 'rootfile')[0]?.getAttribute('full-path');
  const opfText = opfPath ? book.text(opfPath) : undefined;
  if (!opfPath || opfText === undefined) throw damaged(`no package document${opfPath ? ` at ${opfPath}` : ''}`);
  const opf = parse(opfText, 'application/xml');
  if (isBroken(opf)) throw damaged(`${opfPath} is not well-formed XML`);
  const title = byLocalName(opf, 'title')[0]?.textContent?.trim() || undefined;
  const items = new Map<string, { path: string; type: string; properties: string }>();
  const types = new Map<string, string>();
  for (const item of byLocalName(opf, 'item')) {
    const path = resolvePath(opfPath, item.getAttribute('href') ?? '');
    const type = item.getAttribute('media-type') ?? '';
    items.set(item.getAttribute('id') ?? path, { path, type, properties: item.getAttribute('properties') ?? '' });
    types.set(path, type);
  }
  const spine = byLocalName(opf, 'itemref')
    .map((ref) => items.get(ref.getAttribute('idref') ?? ''))
    .filter((i): i is NonNullable<typeof i> => !!i && book.has(i.path));
  if (spine.length === 0) throw damaged(`${opfPath} lists no chapter that the file holds`);
  // What the entries claim, before inflating any: a book that says it is too large is refused at once.
  const listed = [...new Set([...items.values()].map((i) => i.path))].filter(book.has);
  for (const p of listed) if (entries.get(p)!.declaredSize > EPUB_LIMITS.entryBytes) throw new EpubRefused('entry', p, EPUB_LIMITS.entryBytes);
  const claimed = listed.reduce((sum, p) => sum + entries.get(p)!.declaredSize, 0);
  if (claimed > EPUB_LIMITS.bookBytes) throw new EpubRefused('book', undefined, EPUB_LIMITS.bookBytes);
  // Every chapter read and counted now, an entry at a time, so a book is refused before it shows, never halfway.
  const chapters = new Set(spine.map((i) => i.path));
  for (const path of listed) {
    await breathe();
    if (chapters.has(path)) book.text(path);
    else book.bytes(path);
  }
  const names = tocNames(book, [...items.values()], byLocalName(opf, 'spine')[0]?.getAttribute('toc'), items);
  return new Epub({
    title,
    chapters: spine.map((i) => ({ path: i.path, ...(names.has(i.path) ? { title: names.get(i.path)! } : {}) })),
    files: book.files,
    types,
  });
}
