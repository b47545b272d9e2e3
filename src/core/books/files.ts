// One list of the files of a record, whatever field the upstream put them in: downloadUrl
// (a string or a list), pdfUrl, readUrl (a web page or a file), audioUrl, zipUrl,
// chapterDownloadUrls[] (and chapterPdfUrls[], which the upstream API still accepts) and
// question_papers[] (with `url` or `readUrl`). The app, the covers step and the downloads all
// read this list (`files` on every served record), so no one re-derives it. Every URL in it has
// passed the URL policy (core/url-policy.ts).

import { publishUrl } from '../url-policy.ts';

export type FileKind = 'pdf' | 'epub' | 'audio' | 'archive' | 'web-page' | 'other';

export interface BookFile {
  url: string;
  kind: FileKind;
  /** the format in words: PDF, EPUB, Kobo EPUB, AZW3, MP3, ZIP, Web page… */
  format: string;
  /** the chapter or paper title and the format ("Chapter 1 · PDF"), or the format alone */
  label: string;
  /** where it was published: downloadUrl, downloadUrl[1], chapterDownloadUrls[0], question_papers[3].readUrl… */
  field: string;
  /** the chapter or paper title, when the record gives one */
  title?: string;
  /** the size as published ("3 MB"), and in bytes when it reads as a size */
  size?: string;
  sizeBytes?: number;
  /** the year as published (question papers: often Bikram Sambat, "2067") */
  year?: string;
}

const AUDIO = /\.(mp3|m4a|aac|ogg|oga|opus|wav|flac)$/;
const ARCHIVE = /\.(zip|rar|7z|tar|tgz|gz|bz2|xz)$/;
const PAGE = /\.(html?|xhtml|php|aspx?|jsp|cfm)$/;
/** DSpace 7 (`/api/core/bitstreams/<uuid>/content`) and older (`/bitstream/handle/…`) bitstreams: TU's theses and reports, PDFs without an extension. */
const DSPACE = /\/(api\/core\/bitstreams\/[0-9a-f-]{36}\/(content|download)$|bitstream\/handle\/)/i;

const FIELD_KIND: Record<string, FileKind> = { pdfUrl: 'pdf', audioUrl: 'audio', zipUrl: 'archive', readUrl: 'web-page' };

/** The kind and format of a file URL: from its extension, known patterns (CDC's `ext=pdf`, DSpace bitstreams), else the field it came from. */
export function fileKind(url: string, field: string): { kind: FileKind; format: string } {
  let path = url;
  let query = '';
  try {
    const u = new URL(url, 'https://relative.invalid/');
    path = u.pathname;
    query = u.search;
  } catch {
    // Not a URL we can parse: the extension of the text still says something.
  }
  const name = path.toLowerCase().replace(/\/+$/, '');
  const ext = /\.([a-z0-9]{1,5})$/.exec(name)?.[1];
  const extParam = /[?&](?:ext|format|type)=([a-z0-9]+)/i.exec(query)?.[1]?.toLowerCase();
  if (name.endsWith('.pdf') || extParam === 'pdf' || DSPACE.test(path)) return { kind: 'pdf', format: 'PDF' };
  if (name.endsWith('.kepub.epub')) return { kind: 'epub', format: 'Kobo EPUB' };
  if (name.endsWith('_advanced.epub')) return { kind: 'epub', format: 'EPUB (advanced)' };
  if (name.endsWith('.epub') || extParam === 'epub') return { kind: 'epub', format: 'EPUB' };
  if (AUDIO.test(name) || (extParam && AUDIO.test(`.${extParam}`)))
    return { kind: 'audio', format: (ext && AUDIO.test(`.${ext}`) ? ext : extParam!).toUpperCase() };
  if (ARCHIVE.test(name)) return { kind: 'archive', format: ext!.toUpperCase() };
  if (PAGE.test(name)) return { kind: 'web-page', format: 'Web page' };
  if (ext && !/^\d+$/.test(ext)) return { kind: 'other', format: ext.toUpperCase() };
  const byField = FIELD_KIND[field.replace(/^.*\./, '').replace(/\[\d+\]$/, '')];
  switch (byField) {
    case 'pdf':
      return { kind: 'pdf', format: 'PDF' };
    case 'audio':
      return { kind: 'audio', format: 'Audio' };
    case 'archive':
      return { kind: 'archive', format: 'Archive' };
    case 'web-page':
      return { kind: 'web-page', format: 'Web page' };
    default:
      return { kind: 'other', format: 'File' };
  }
}

const UNITS: Record<string, number> = { b: 1, bytes: 1, kb: 1e3, kib: 1024, mb: 1e6, mib: 1024 ** 2, gb: 1e9, gib: 1024 ** 3 };

/** "3 MB", "216 KB", "0.38 MB", 1200 → bytes; undefined when it does not read as a size. */
export function parseSize(raw: unknown): number | undefined {
  if (typeof raw === 'number') return Number.isFinite(raw) && raw >= 0 ? Math.round(raw) : undefined;
  if (typeof raw !== 'string') return undefined;
  const m = /^\s*(\d+(?:[.,]\d+)?)\s*([kmg]i?b|b|bytes)?\s*$/i.exec(raw);
  if (!m) return undefined;
  return Math.round(Number(m[1]!.replace(',', '.')) * UNITS[(m[2] ?? 'b').toLowerCase()]!);
}

const text = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() ? v.replace(/\s+/g, ' ').trim() : typeof v === 'number' ? String(v) : undefined;

/** Every file of an upstream record (or a served book, which keeps the upstream fields), de-duplicated by URL, first seen first. */
export function recordFiles(rec: Record<string, unknown>): BookFile[] {
  const out: BookFile[] = [];
  const seen = new Set<string>();
  const add = (value: unknown, field: string, extra: { title?: string; size?: unknown; year?: unknown } = {}) => {
    // The URL policy's spelling, or nothing: a list built here never holds a URL the build drops.
    const url = publishUrl(value).url;
    if (url === null || seen.has(url)) return;
    seen.add(url);
    const { kind, format } = fileKind(url, field);
    const f: BookFile = { url, kind, format, label: extra.title ? `${extra.title} · ${format}` : format, field };
    if (extra.title) f.title = extra.title;
    const size = text(extra.size);
    if (size) {
      f.size = size;
      const bytes = parseSize(extra.size);
      if (bytes !== undefined) f.sizeBytes = bytes;
    }
    const year = text(extra.year);
    if (year) f.year = year;
    out.push(f);
  };
  const top = { size: rec.fileSize };
  const dl = rec.downloadUrl;
  if (Array.isArray(dl)) dl.forEach((u, i) => add(u, `downloadUrl[${i}]`, top));
  else add(dl, 'downloadUrl', top);
  add(rec.pdfUrl, 'pdfUrl', top);
  add(rec.audioUrl, 'audioUrl');
  add(rec.readUrl, 'readUrl');
  add(rec.zipUrl, 'zipUrl');
  for (const [key, urlKeys] of [
    ['chapterDownloadUrls', ['downloadUrl', 'url', 'pdfUrl']],
    ['chapterPdfUrls', ['pdfUrl', 'downloadUrl', 'url']],
    ['question_papers', ['url', 'downloadUrl', 'pdfUrl', 'readUrl']],
  ] as const) {
    const list = rec[key];
    if (!Array.isArray(list)) continue;
    list.forEach((item, i) => {
      if (typeof item === 'string') return add(item, `${key}[${i}]`);
      if (!item || typeof item !== 'object') return;
      const o = item as Record<string, unknown>;
      const extra = { title: text(o.title) ?? text(o.name), size: o.fileSize ?? o.size, year: o.year };
      for (const k of urlKeys) add(o[k], `${key}[${i}].${k}`, extra);
    });
  }
  return out;
}

/** The URL to fill `pdfUrl` with, for older clients: the first PDF among the files. */
export const firstPdf = (files: readonly BookFile[]): string | undefined => files.find((f) => f.kind === 'pdf')?.url;
