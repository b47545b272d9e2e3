// A record's readable files (PDF, EPUB, audio) for the screens, from the core's one file list
// (core/books/files.ts): the `files` the build publishes on each record, or, for a record
// without one (an older catalog), the same list worked out from its fields.

import { type BookFile, recordFiles } from '../../core/books/files.ts';
import { isSavedFileUrl } from '../../core/books/saved-file.ts';

/**
 * Whether the app may open, link or save a record's URL: never one into its own saved-file path
 * (a stored file opened as a page of the app's origin, issue 36; the build drops them too).
 * Outside a page (the unit tests), against the site's root.
 */
export const followable = (url: string): boolean => !isSavedFileUrl(url, typeof document === 'undefined' ? 'http://localhost/' : document.baseURI);

export type FileKind = 'pdf' | 'epub' | 'audio';

export type RecordFiles = Record<FileKind, string[]>;

const READABLE: ReadonlySet<string> = new Set<FileKind>(['pdf', 'epub', 'audio']);

/** Every PDF, EPUB and audio URL of a record, each once: pdfUrl, then the list's order. */
export function fileUrls(record: Record<string, unknown>): RecordFiles {
  // The contract's pdfUrl first: the one file older clients (and the catalog's own tests) name.
  const out: RecordFiles = { pdf: typeof record.pdfUrl === 'string' && record.pdfUrl && followable(record.pdfUrl) ? [record.pdfUrl] : [], epub: [], audio: [] };
  const files = Array.isArray(record.files) ? (record.files as BookFile[]) : recordFiles(record);
  for (const f of files) if (READABLE.has(f.kind) && followable(f.url) && !out[f.kind as FileKind].includes(f.url)) out[f.kind as FileKind].push(f.url);
  return out;
}

/** The record's first PDF, or null. */
export const pdfOf = (record: Record<string, unknown>): string | null => fileUrls(record).pdf[0] ?? null;
