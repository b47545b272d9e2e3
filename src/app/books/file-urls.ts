// A record's readable files (PDF, EPUB, audio), found from the fields the catalog has today:
// pdfUrl, readUrl (a page or a file), audioUrl and the upstream's downloadUrl (a string or a
// list). The one place the screens ask; when the core's per-record file list lands, this
// function is what changes.

export type FileKind = 'pdf' | 'epub' | 'audio';

export interface RecordFiles {
  pdf: string[];
  epub: string[];
  audio: string[];
}

const AUDIO = /\.(mp3|m4a|aac|ogg|oga|opus|wav|webm)$/i;

/** The kind a URL's path names, or undefined for a web page or anything else. */
export function kindOfUrl(url: string): FileKind | undefined {
  const path = url.replace(/[?#].*$/, '');
  if (/\.pdf$/i.test(path)) return 'pdf';
  if (/\.epub3?$/i.test(path)) return 'epub';
  if (AUDIO.test(path)) return 'audio';
  return undefined;
}

const strings = (v: unknown): string[] => (typeof v === 'string' ? [v] : Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);

/** Every PDF, EPUB and audio URL of a record, each once, in the order published (pdfUrl first). */
export function fileUrls(record: Record<string, unknown>): RecordFiles {
  const out: RecordFiles = { pdf: [], epub: [], audio: [] };
  const add = (kind: FileKind | undefined, url: string) => {
    const u = url.trim();
    if (kind && u && !out[kind].includes(u)) out[kind].push(u);
  };
  for (const u of strings(record.pdfUrl)) add('pdf', u);
  for (const u of strings(record.audioUrl)) add('audio', u);
  for (const u of [...strings(record.downloadUrl), ...strings(record.readUrl)]) add(kindOfUrl(u), u);
  return out;
}

/** The record's first PDF, or null. */
export const pdfOf = (record: Record<string, unknown>): string | null => fileUrls(record).pdf[0] ?? null;
